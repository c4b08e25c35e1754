import { verificationCodeFormSchema } from '@furfes/core'
import { SchemaForm } from '@furfes/ui/forms'
import { Navigate } from 'react-router'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { useAccountTranslation } from '../i18n.ts'
import { useAccountNavigationState, useEmailQuery } from '../query.ts'
import { AccountPage, CodeField, Notice, SecondaryAction } from '../ui.tsx'
import { useAuthForm, useNavigateWhen } from '../use-auth-flow.ts'

/** verify-sign-up: the `email` query is required, otherwise sign-up; the code can be resent (decision 044). */
export default function VerifySignUpPage() {
  const { t, errorText } = useAccountTranslation()
  const language = useLanguage()
  const email = useEmailQuery()
  const state = useAccountNavigationState()
  if (email === undefined) return <Navigate replace to={localizedPath(language, 'sign-up')} />
  return (
    <AccountPage
      titleKey="verify-sign-up"
      lead={t('verifySignUp.lead', { email })}
      withAccount={(account) => <VerifySignUp account={account} email={email} />}
    >
      {state.notice === 'verification-required' && (
        <Notice severity="info">{errorText('product.emailVerificationRequired')}</Notice>
      )}
    </AccountPage>
  )
}

function VerifySignUp({ account, email }: { account: AccountServices; email: string }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { snapshot, send, busy, form, formProps } = useAuthForm(
    account,
    verificationCodeFormSchema,
    { email, code: '' },
    (values) => ({
      type: 'signUp.confirm',
      ...values,
    }),
  )
  const verified = snapshot.matches({ signedOut: { signUp: 'verified' } })
  useNavigateWhen(verified, localizedPath(language, 'sign-up-verified'), {
    replace: true,
    state: { from: 'verify-sign-up', email },
  })

  return (
    <>
      <SchemaForm {...formProps} busy={busy || verified} submitLabel={t('verifySignUp.submit')}>
        {snapshot.context.notice === 'codeResent' && <Notice>{t('verifySignUp.resent')}</Notice>}
        <CodeField form={form} />
      </SchemaForm>
      <SecondaryAction disabled={busy} onClick={() => send({ type: 'signUp.resendCode', email })}>
        {t('verifySignUp.resend')}
      </SecondaryAction>
    </>
  )
}
