import {
  adminSignInActors,
  adminSignInMachine,
  newPasswordSchema,
  type SignInForm,
  signInFormSchema,
} from '@furfes/core'
import { usePhrases } from '@furfes/ui'
import { EmailField, PasswordField, SchemaForm, useZodForm } from '@furfes/ui/forms'
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { z } from 'zod'
import { useServices } from '../app/services.tsx'
import { ReceptionLanguageSwitch } from '../layout/ReceptionLanguageSwitch.tsx'

/**
 * Admin sign-in against the admins pool (docs/requirements.md ADM-1), including the first sign-in of an admin an
 * operator created, for whom Cognito asks a new password first (NEW_PASSWORD_REQUIRED).
 */
export function SignInPage() {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const { lang } = useParams()
  const navigate = useNavigate()
  const { session } = useServices()
  const machine = useMemo(() => adminSignInMachine.provide({ actors: adminSignInActors(session) }), [session])
  const [state, send] = useMachine(machine)
  const busy = state.hasTag('busy')

  useEffect(() => {
    if (state.matches('signedIn')) void navigate(`/${lang}/admin`, { replace: true })
  }, [state, navigate, lang])

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent>
          {/* Staff who do not read Japanese choose English before signing in, not after. */}
          <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {phrase(t('signIn.heading'))}
            </Typography>
            <ReceptionLanguageSwitch />
          </Stack>
          {state.matches('newPasswordRequired') || state.matches('settingNewPassword') ? (
            <NewPasswordForm
              email={state.context.email}
              busy={busy}
              error={state.context.error}
              onSubmit={(newPassword) => send({ type: 'newPassword.submit', newPassword })}
              onRestart={() => send({ type: 'signIn.restart' })}
            />
          ) : (
            <PasswordForm
              busy={busy}
              error={state.context.error}
              onSubmit={(email, password) => send({ type: 'signIn.submit', email, password })}
            />
          )}
        </CardContent>
      </Card>
    </Box>
  )
}

function PasswordForm(props: {
  busy: boolean
  error: unknown
  onSubmit: (email: string, password: string) => void
}) {
  const { t } = useTranslation('reception')
  const form = useZodForm<{ email: string; password: string }, SignInForm>(signInFormSchema, {
    email: '',
    password: '',
  })
  return (
    <SchemaForm
      form={form}
      onValid={(values) => props.onSubmit(values.email, values.password)}
      error={props.error}
      busy={props.busy}
      submitLabel={t('signIn.submit')}
      spacing={2}
      fullWidth
    >
      <EmailField form={form} name="email" label={t('signIn.email')} autoComplete="username" autoFocus />
      <PasswordField form={form} name="password" label={t('signIn.password')} />
    </SchemaForm>
  )
}

/** The new-password challenge's one field, as a form of its own so it validates like every other. */
const newPasswordFormSchema = z.object({ newPassword: newPasswordSchema })

function NewPasswordForm(props: {
  email: string
  busy: boolean
  error: unknown
  onSubmit: (newPassword: string) => void
  onRestart: () => void
}) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const form = useZodForm<{ newPassword: string }, { newPassword: string }>(newPasswordFormSchema, {
    newPassword: '',
  })
  return (
    <Stack spacing={2}>
      <Typography>{t('signIn.newPasswordIntro', { email: props.email })}</Typography>
      <SchemaForm
        form={form}
        onValid={(values) => props.onSubmit(values.newPassword)}
        error={props.error}
        busy={props.busy}
        submitLabel={t('signIn.setPassword')}
        spacing={2}
        fullWidth
      >
        <PasswordField
          purpose="new"
          form={form}
          name="newPassword"
          label={t('signIn.newPassword')}
          autoFocus
        />
      </SchemaForm>
      <Button onClick={props.onRestart} disabled={props.busy}>
        {phrase(t('signIn.restart'))}
      </Button>
    </Stack>
  )
}
