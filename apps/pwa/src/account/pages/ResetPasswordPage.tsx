import { type PasswordResetForm, passwordResetFormSchema } from '@furfes/core'
import { Button, Stack } from '@mui/material'
import { useEffect } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { useZodForm } from '../form.ts'
import { useAccountTranslation } from '../i18n.ts'
import { useEmailQuery, withEmail } from '../query.ts'
import { AccountPage, ErrorAlert, FormTextField, SubmitButton, WithAccount } from '../ui.tsx'
import { useAuthFlow } from '../use-auth-flow.ts'

/** reset-password: requires the `email` query, otherwise send-password-reset-code (docs/requirements.md ACC-4). */
export default function ResetPasswordPage() {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const email = useEmailQuery()
  if (email === undefined)
    return <Navigate replace to={localizedPath(language, 'send-password-reset-code')} />
  return (
    <AccountPage titleKey="reset-password" lead={t('resetPassword.lead', { email })}>
      <WithAccount>{(account) => <ResetPassword account={account} email={email} />}</WithAccount>
    </AccountPage>
  )
}

function ResetPassword({ account, email }: { account: AccountServices; email: string }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const navigate = useNavigate()
  const { snapshot, send, busy } = useAuthFlow(account)
  const form = useZodForm<{ email: string; code: string; newPassword: string }, PasswordResetForm>(
    passwordResetFormSchema,
    { email, code: '', newPassword: '' },
  )
  const done = snapshot.matches({ signedOut: { passwordReset: 'done' } })
  useEffect(() => {
    if (done)
      void navigate(withEmail(localizedPath(language, 'sign-in'), email), {
        replace: true,
        state: { notice: 'password-reset' },
      })
  }, [done, language, navigate, email])
  return (
    <>
      <ErrorAlert error={snapshot.context.error} />
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={form.handleSubmit((values) =>
          send({ type: 'passwordReset.confirm', email, code: values.code, password: values.newPassword }),
        )}
      >
        <FormTextField
          form={form}
          name="code"
          label={t('fields.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
        />
        <FormTextField
          form={form}
          name="newPassword"
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
        />
        <SubmitButton busy={busy || done}>{t('resetPassword.submit')}</SubmitButton>
      </Stack>
      <Button sx={{ mt: 2 }} disabled={busy} onClick={() => send({ type: 'passwordReset.request', email })}>
        {t('resetPassword.resend')}
      </Button>
    </>
  )
}
