import {
  adminSignInActors,
  adminSignInMachine,
  fieldMessages,
  type IssueMessage,
  newPasswordSchema,
  signInFormSchema,
} from '@furfes/core'
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material'
import { useMachine } from '@xstate/react'
import { type FormEvent, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { ErrorText } from '../app/ErrorText.tsx'
import { useServices } from '../app/services.tsx'

function useMessage() {
  const { t } = useTranslation('errors')
  return (message: IssueMessage | undefined) => (message ? t(message.key, message.values) : undefined)
}

/**
 * Admin sign-in against the admins pool (docs/requirements.md ADM-1), including the first sign-in of an admin an
 * operator created, for whom Cognito asks a new password first (NEW_PASSWORD_REQUIRED).
 */
export function SignInPage() {
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
          <Typography variant="h5" component="h1" gutterBottom>
            {t('signIn.heading')}
          </Typography>
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
  const message = useMessage()
  const [values, setValues] = useState({ email: '', password: '' })
  const [touched, setTouched] = useState({ email: false, password: false })
  const result = signInFormSchema.safeParse(values)
  const messages = result.success ? {} : fieldMessages(result.error)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched({ email: true, password: true })
    if (result.success) props.onSubmit(result.data.email, result.data.password)
  }
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      {props.error !== undefined && <ErrorText error={props.error} />}
      <TextField
        label={t('signIn.email')}
        type="email"
        autoComplete="username"
        value={values.email}
        onChange={(event) => {
          setValues({ ...values, email: event.target.value })
          setTouched({ ...touched, email: true })
        }}
        error={touched.email && messages.email !== undefined}
        helperText={touched.email ? message(messages.email) : undefined}
        required
        autoFocus
      />
      <TextField
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(event) => {
          setValues({ ...values, password: event.target.value })
          setTouched({ ...touched, password: true })
        }}
        error={touched.password && messages.password !== undefined}
        helperText={touched.password ? message(messages.password) : undefined}
        required
      />
      <Button type="submit" variant="contained" size="large" loading={props.busy}>
        {t('signIn.submit')}
      </Button>
    </Stack>
  )
}

function NewPasswordForm(props: {
  email: string
  busy: boolean
  error: unknown
  onSubmit: (newPassword: string) => void
  onRestart: () => void
}) {
  const { t } = useTranslation('reception')
  const message = useMessage()
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState(false)
  const result = newPasswordSchema.safeParse(password)
  const error = result.success ? undefined : fieldMessages(result.error)['']
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (result.success) props.onSubmit(result.data)
  }
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Typography>{t('signIn.newPasswordIntro', { email: props.email })}</Typography>
      {props.error !== undefined && <ErrorText error={props.error} />}
      <TextField
        label={t('signIn.newPassword')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value)
          setTouched(true)
        }}
        error={touched && error !== undefined}
        helperText={touched ? message(error) : undefined}
        required
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" loading={props.busy}>
        {t('signIn.setPassword')}
      </Button>
      <Button onClick={props.onRestart} disabled={props.busy}>
        {t('signIn.restart')}
      </Button>
    </Stack>
  )
}
