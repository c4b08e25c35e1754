import { passwordResetFormSchema } from '@furfes/core'
import { SchemaForm } from '@furfes/ui/forms'
import { Navigate } from 'react-router'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { useAccountTranslation } from '../i18n.ts'
import { useEmailQuery, withEmail } from '../query.ts'
import { AccountPage, CodeField, NewPasswordField, SecondaryAction } from '../ui.tsx'
import { useAuthForm, useNavigateWhen } from '../use-auth-flow.ts'

/** reset-password: requires the `email` query, otherwise send-password-reset-code (docs/requirements.md ACC-4). */
export default function ResetPasswordPage() {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const email = useEmailQuery()
  if (email === undefined)
    return <Navigate replace to={localizedPath(language, 'send-password-reset-code')} />
  return (
    <AccountPage
      titleKey="reset-password"
      lead={t('resetPassword.lead', { email })}
      withAccount={(account) => <ResetPassword account={account} email={email} />}
    />
  )
}

function ResetPassword({ account, email }: { account: AccountServices; email: string }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { snapshot, send, busy, form, formProps } = useAuthForm(
    account,
    passwordResetFormSchema,
    { email, code: '', newPassword: '' },
    (values) => ({
      type: 'passwordReset.confirm',
      email,
      code: values.code,
      password: values.newPassword,
    }),
  )
  const done = snapshot.matches({ signedOut: { passwordReset: 'done' } })
  useNavigateWhen(done, withEmail(localizedPath(language, 'sign-in'), email), {
    replace: true,
    state: { notice: 'password-reset' },
  })
  return (
    <>
      <SchemaForm {...formProps} busy={busy || done} submitLabel={t('resetPassword.submit')}>
        <CodeField form={form} />
        <NewPasswordField form={form} name="newPassword" />
      </SchemaForm>
      <SecondaryAction disabled={busy} onClick={() => send({ type: 'passwordReset.request', email })}>
        {t('resetPassword.resend')}
      </SecondaryAction>
    </>
  )
}
