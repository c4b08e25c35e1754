import { signUpFormSchema } from '@furfes/core'
import { EmailField, SchemaForm } from '@furfes/ui/forms'
import { Link, Typography } from '@mui/material'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { useAccountTranslation } from '../i18n.ts'
import { withEmail } from '../query.ts'
import { AccountPage, NewPasswordField } from '../ui.tsx'
import { useAuthForm, useNavigateWhen } from '../use-auth-flow.ts'

/** sign-up: an optional `email` query prefills the form; then the code is verified on verify-sign-up. */
export default function SignUpPage() {
  const { t } = useAccountTranslation()
  return (
    <AccountPage
      titleKey="sign-up"
      lead={t('signUp.lead')}
      withAccount={(account) => <SignUp account={account} />}
    />
  )
}

function SignUp({ account }: { account: AccountServices }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { snapshot, busy, form, formProps } = useAuthForm(
    account,
    signUpFormSchema,
    { password: '' },
    (values) => ({ type: 'signUp.submit', ...values }),
  )
  const awaitingCode = snapshot.matches({ signedOut: { signUp: 'awaitingCode' } })
  // The pool keeps addresses lower-case (core's Cognito client); the next pages show it as kept.
  useNavigateWhen(
    awaitingCode,
    withEmail(localizedPath(language, 'verify-sign-up'), snapshot.context.email.toLowerCase()),
  )

  return (
    <>
      <SchemaForm {...formProps} busy={busy || awaitingCode} submitLabel={t('signUp.submit')}>
        <EmailField form={form} name="email" label={t('fields.email')} />
        <NewPasswordField form={form} name="password" />
      </SchemaForm>
      <Typography sx={{ mt: 3 }}>
        {t('signUp.haveAccount')}{' '}
        <Link href={withEmail(localizedPath(language, 'sign-in'), form.values.email)}>
          {t('signUp.toSignIn')}
        </Link>
      </Typography>
    </>
  )
}
