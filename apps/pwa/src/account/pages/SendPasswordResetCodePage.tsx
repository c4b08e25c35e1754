import { type SendPasswordResetCodeForm, sendPasswordResetCodeFormSchema } from '@furfes/core'
import { FormTextField, SchemaForm, useZodForm } from '@furfes/ui/forms'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { useAccountTranslation } from '../i18n.ts'
import { useEmailQuery, withEmail } from '../query.ts'
import { AccountPage, WithAccount } from '../ui.tsx'
import { useAuthFlow } from '../use-auth-flow.ts'

/** send-password-reset-code: an optional `email` query prefills; then reset-password takes the code. */
export default function SendPasswordResetCodePage() {
  const { t } = useAccountTranslation()
  return (
    <AccountPage titleKey="send-password-reset-code" lead={t('sendPasswordResetCode.lead')}>
      <WithAccount>{(account) => <SendPasswordResetCode account={account} />}</WithAccount>
    </AccountPage>
  )
}

function SendPasswordResetCode({ account }: { account: AccountServices }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const navigate = useNavigate()
  const email = useEmailQuery()
  const { snapshot, send, busy } = useAuthFlow(account)
  const form = useZodForm<{ email: string }, SendPasswordResetCodeForm>(sendPasswordResetCodeFormSchema, {
    email: email ?? '',
  })
  const sent = snapshot.matches({ signedOut: { passwordReset: 'awaitingCode' } })
  useEffect(() => {
    if (sent) void navigate(withEmail(localizedPath(language, 'reset-password'), snapshot.context.email))
  }, [sent, language, navigate, snapshot.context.email])
  return (
    <SchemaForm
      form={form}
      onValid={(values) => send({ type: 'passwordReset.request', ...values })}
      error={snapshot.context.error}
      busy={busy || sent}
      submitLabel={t('sendPasswordResetCode.submit')}
    >
      <FormTextField form={form} name="email" label={t('fields.email')} type="email" autoComplete="email" />
    </SchemaForm>
  )
}
