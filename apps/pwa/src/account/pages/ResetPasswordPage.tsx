import { type PasswordResetForm, passwordResetFormSchema } from '@furfes/core'
import { SchemaForm, useZodForm } from '@furfes/ui/forms'
import { useEffect } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { useAccountTranslation } from '../i18n.ts'
import { useEmailQuery, withEmail } from '../query.ts'
import { AccountPage, CodeField, NewPasswordField, SecondaryAction, WithAccount } from '../ui.tsx'
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
      <SchemaForm
        form={form}
        onValid={(values) =>
          send({ type: 'passwordReset.confirm', email, code: values.code, password: values.newPassword })
        }
        error={snapshot.context.error}
        busy={busy || done}
        submitLabel={t('resetPassword.submit')}
      >
        <CodeField form={form} />
        <NewPasswordField form={form} name="newPassword" />
      </SchemaForm>
      <SecondaryAction disabled={busy} onClick={() => send({ type: 'passwordReset.request', email })}>
        {t('resetPassword.resend')}
      </SecondaryAction>
    </>
  )
}
