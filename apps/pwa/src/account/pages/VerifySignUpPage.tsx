import { type VerificationCodeForm, verificationCodeFormSchema } from '@furfes/core'
import { Alert, Button, Stack } from '@mui/material'
import { useEffect } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { useZodForm } from '../form.ts'
import { useAccountTranslation } from '../i18n.ts'
import { useAccountNavigationState, useEmailQuery } from '../query.ts'
import { AccountPage, ErrorAlert, FormTextField, SubmitButton, WithAccount } from '../ui.tsx'
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
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {errorText('product.emailVerificationRequired')}
        </Alert>
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
      <ErrorAlert error={snapshot.context.error} />
      {snapshot.context.notice === 'codeResent' && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('verifySignUp.resent')}
        </Alert>
      )}
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={form.handleSubmit((values) => send({ type: 'signUp.confirm', ...values }))}
      >
        <FormTextField
          form={form}
          name="code"
          label={t('fields.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
        />
        <SubmitButton busy={busy || verified}>{t('verifySignUp.submit')}</SubmitButton>
      </Stack>
      <Button sx={{ mt: 2 }} disabled={busy} onClick={() => send({ type: 'signUp.resendCode', email })}>
        {t('verifySignUp.resend')}
      </Button>
    </>
  )
}
