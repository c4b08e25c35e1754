import { sendPasswordResetCodeFormSchema } from '@furfes/core'
import { EmailField, SchemaForm } from '@furfes/ui/forms'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import type { AccountServices } from '../account-services.ts'
import { useAccountTranslation } from '../i18n.ts'
import { withEmail } from '../query.ts'
import { AccountPage } from '../ui.tsx'
import { useAuthForm, useNavigateWhen } from '../use-auth-flow.ts'

/** send-password-reset-code: an optional `email` query prefills; then reset-password takes the code. */
export default function SendPasswordResetCodePage() {
  const { t } = useAccountTranslation()
  return (
    <AccountPage
      titleKey="send-password-reset-code"
      lead={t('sendPasswordResetCode.lead')}
      withAccount={(account) => <SendPasswordResetCode account={account} />}
    />
  )
}

function SendPasswordResetCode({ account }: { account: AccountServices }) {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const { snapshot, busy, form, formProps } = useAuthForm(
    account,
    sendPasswordResetCodeFormSchema,
    {},
    (values) => ({ type: 'passwordReset.request', ...values }),
  )
  const sent = snapshot.matches({ signedOut: { passwordReset: 'awaitingCode' } })
  useNavigateWhen(sent, withEmail(localizedPath(language, 'reset-password'), snapshot.context.email))
  return (
    <SchemaForm {...formProps} busy={busy || sent} submitLabel={t('sendPasswordResetCode.submit')}>
      <EmailField form={form} name="email" label={t('fields.email')} />
    </SchemaForm>
  )
}
