import { signInFormSchema } from '@furfes/core'
import { EmailField, PasswordField, SchemaForm } from '@furfes/ui/forms'
import { Link, Stack, Typography } from '@mui/material'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { useAccountTranslation } from '../i18n.ts'
import { useAccountNavigationState, withEmail } from '../query.ts'
import { AccountPage, Notice } from '../ui.tsx'
import { useAuthForm, useNavigateWhen } from '../use-auth-flow.ts'

/** sign-in: the `email` query prefills the form; a My Page session that expired says so (ACC-1, MY-5 in docs/requirements.md). */
export default function SignInPage() {
  const { t, errorText } = useAccountTranslation()
  const state = useAccountNavigationState()
  return (
    <AccountPage
      titleKey="sign-in"
      lead={t('signIn.lead')}
      withAccount={(account) => <SignIn account={account} returnTo={state.returnTo} />}
    >
      {state.reason === 'session-expired' && (
        <Notice severity="warning">{errorText('product.myPageSessionExpired')}</Notice>
      )}
      {state.notice === 'password-reset' && <Notice>{t('signIn.passwordReset')}</Notice>}
    </AccountPage>
  )
}

function SignIn({ account, returnTo }: { account: AccountServices; returnTo: string | undefined }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const navigate = useNavigate()
  const { snapshot, busy, form, formProps } = useAuthForm(
    account,
    signInFormSchema,
    { password: '' },
    (values) => ({ type: 'signIn.submit', ...values }),
  )
  const signedIn = snapshot.matches('signedIn')
  const unconfirmed = snapshot.matches({ signedOut: { signUp: 'awaitingCode' } })
  useEffect(() => {
    if (signedIn) {
      // Whoever signed in before on this device, My Page now shows this user.
      account.cache.clear()
      // Only back into the signed-in part of this site, never to an address someone slipped in.
      const allowed =
        returnTo !== undefined &&
        (returnTo.startsWith(`${localizedPath(language, 'mypage')}/`) ||
          returnTo === localizedPath(language, 'registration-code'))
      void navigate(allowed ? returnTo : localizedPath(language, 'mypage/dashboard'), { replace: true })
    }
  }, [signedIn, account, returnTo, language, navigate])
  useNavigateWhen(unconfirmed, withEmail(localizedPath(language, 'verify-sign-up'), snapshot.context.email), {
    state: { notice: 'verification-required' },
  })

  return (
    <>
      <SchemaForm {...formProps} busy={busy || signedIn} submitLabel={t('signIn.submit')}>
        <EmailField form={form} name="email" label={t('fields.email')} autoComplete="username" />
        <PasswordField form={form} name="password" label={t('fields.password')} />
      </SchemaForm>
      <Stack spacing={1} sx={{ mt: 3 }}>
        <Link href={withEmail(localizedPath(language, 'send-password-reset-code'), form.values.email)}>
          {t('signIn.forgotPassword')}
        </Link>
        <Typography>
          {t('signIn.noAccount')}{' '}
          <Link href={withEmail(localizedPath(language, 'sign-up'), form.values.email)}>
            {t('signIn.toSignUp')}
          </Link>
        </Typography>
      </Stack>
    </>
  )
}
