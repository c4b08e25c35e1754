import { type SignUpForm, signUpFormSchema } from '@furfes/core'
import { FormTextField, SchemaForm, useZodForm } from '@furfes/ui/forms'
import { Link, Typography } from '@mui/material'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { useAccountTranslation } from '../i18n.ts'
import { useEmailQuery, withEmail } from '../query.ts'
import { AccountPage, NewPasswordField, WithAccount } from '../ui.tsx'
import { useAuthFlow } from '../use-auth-flow.ts'

/** sign-up: an optional `email` query prefills the form; then the code is verified on verify-sign-up. */
export default function SignUpPage() {
  const { t } = useAccountTranslation()
  return (
    <AccountPage titleKey="sign-up" lead={t('signUp.lead')}>
      <WithAccount>{(account) => <SignUp account={account} />}</WithAccount>
    </AccountPage>
  )
}

function SignUp({ account }: { account: AccountServices }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const navigate = useNavigate()
  const email = useEmailQuery()
  const { snapshot, send, busy } = useAuthFlow(account)
  const form = useZodForm<{ email: string; password: string }, SignUpForm>(signUpFormSchema, {
    email: email ?? '',
    password: '',
  })
  const awaitingCode = snapshot.matches({ signedOut: { signUp: 'awaitingCode' } })
  useEffect(() => {
    if (awaitingCode)
      // The pool keeps addresses lower-case (core's Cognito client); the next pages show it as kept.
      void navigate(
        withEmail(localizedPath(language, 'verify-sign-up'), snapshot.context.email.toLowerCase()),
      )
  }, [awaitingCode, language, navigate, snapshot.context.email])

  return (
    <>
      <SchemaForm
        form={form}
        onValid={(values) => send({ type: 'signUp.submit', ...values })}
        error={snapshot.context.error}
        busy={busy || awaitingCode}
        submitLabel={t('signUp.submit')}
      >
        <FormTextField form={form} name="email" label={t('fields.email')} type="email" autoComplete="email" />
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
