import { type VerificationCodeForm, verificationCodeFormSchema } from '@furfes/core'
import { SchemaForm, useZodForm } from '@furfes/ui/forms'
import { useEffect } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { useAccountTranslation } from '../i18n.ts'
import { useAccountNavigationState, useEmailQuery } from '../query.ts'
import { AccountPage, CodeField, Notice, SecondaryAction, WithAccount } from '../ui.tsx'
import { useAuthFlow } from '../use-auth-flow.ts'

/** verify-sign-up: the `email` query is required, otherwise sign-up; the code can be resent (decision 044). */
export default function VerifySignUpPage() {
  const { t, errorText } = useAccountTranslation()
  const language = useLanguage()
  const email = useEmailQuery()
  const state = useAccountNavigationState()
  if (email === undefined) return <Navigate replace to={localizedPath(language, 'sign-up')} />
  return (
    <AccountPage titleKey="verify-sign-up" lead={t('verifySignUp.lead', { email })}>
      {state.notice === 'verification-required' && (
        <Notice severity="info">{errorText('product.emailVerificationRequired')}</Notice>
      )}
      <WithAccount>{(account) => <VerifySignUp account={account} email={email} />}</WithAccount>
    </AccountPage>
  )
}

function VerifySignUp({ account, email }: { account: AccountServices; email: string }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const navigate = useNavigate()
  const { snapshot, send, busy } = useAuthFlow(account)
  const form = useZodForm<{ email: string; code: string }, VerificationCodeForm>(verificationCodeFormSchema, {
    email,
    code: '',
  })
  const verified = snapshot.matches({ signedOut: { signUp: 'verified' } })
  useEffect(() => {
    if (verified)
      void navigate(localizedPath(language, 'sign-up-verified'), {
        replace: true,
        state: { from: 'verify-sign-up', email },
      })
  }, [verified, language, navigate, email])

  return (
    <>
      <SchemaForm
        form={form}
        onValid={(values) => send({ type: 'signUp.confirm', ...values })}
        error={snapshot.context.error}
        busy={busy || verified}
        submitLabel={t('verifySignUp.submit')}
      >
        {snapshot.context.notice === 'codeResent' && <Notice>{t('verifySignUp.resent')}</Notice>}
        <CodeField form={form} />
      </SchemaForm>
      <SecondaryAction disabled={busy} onClick={() => send({ type: 'signUp.resendCode', email })}>
        {t('verifySignUp.resend')}
      </SecondaryAction>
    </>
  )
}
