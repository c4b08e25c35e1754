import {
  type EmailChangeForm,
  emailChangeFormSchema,
  type PasswordChangeForm,
  passwordChangeFormSchema,
} from '@furfes/core'
import { EmailField, PasswordField, SchemaForm, useZodForm } from '@furfes/ui/forms'
import { Typography } from '@mui/material'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useAccountTranslation } from '../account/i18n.ts'
import { AccountPage, NewPasswordField, Notice } from '../account/ui.tsx'
import { localizedPath } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { useMyPage } from './context.ts'
import { Facts, LoadError, Section } from './parts.tsx'
import { useCached } from './use-cached.ts'

/** account: the account info, an e-mail change verified by code, and a password change. */
export default function AccountSettingsPage() {
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const navigate = useNavigate()
  const { account, auth } = useMyPage()
  const user = useCached(account.cache.user)
  const snapshot = useSelector(auth, (state) => state)
  const busy = snapshot.hasTag('busy')
  const [lastForm, setLastForm] = useState<'email' | 'password'>()
  const emailForm = useZodForm<{ email: string }, EmailChangeForm>(emailChangeFormSchema, { email: '' })
  const passwordForm = useZodForm<{ currentPassword: string; newPassword: string }, PasswordChangeForm>(
    passwordChangeFormSchema,
    { currentPassword: '', newPassword: '' },
  )
  const awaitingCode = snapshot.matches({ signedIn: 'awaitingEmailCode' })
  useEffect(() => {
    if (awaitingCode && lastForm === 'email')
      void navigate(localizedPath(language, 'mypage/email-change-verification'))
  }, [awaitingCode, lastForm, language, navigate])
  const { error, notice } = snapshot.context

  return (
    <AccountPage titleKey="account" width="md">
      {notice === 'emailVerified' && <Notice>{t('account.emailChanged')}</Notice>}
      <Section id="account-info" heading={t('account.infoHeading')}>
        {user.status === 'failed' && <LoadError error={user.error} retry={user.reload} />}
        {user.value && (
          <Facts
            items={[
              [
                t('account.email'),
                `${user.value.email}（${user.value.emailVerified ? t('account.emailVerified') : t('account.emailNotVerified')}）`,
              ],
              [t('account.userId'), user.value.sub],
            ]}
          />
        )}
      </Section>

      <Section id="email-change" heading={t('account.emailHeading')}>
        <Typography sx={{ mb: 2 }}>{t('account.emailLead')}</Typography>
        <SchemaForm
          form={emailForm}
          onValid={(values) => {
            setLastForm('email')
            auth.send({ type: 'email.change', email: values.email })
          }}
          error={lastForm === 'email' ? error : undefined}
          busy={busy}
          submitLabel={t('account.emailSubmit')}
          spacing={2}
          labelledBy="email-change"
        >
          <EmailField form={emailForm} name="email" label={t('fields.newEmail')} />
        </SchemaForm>
      </Section>

      <Section id="password-change" heading={t('account.passwordHeading')}>
        <SchemaForm
          form={passwordForm}
          onValid={(values) => {
            setLastForm('password')
            auth.send({ type: 'password.change', ...values })
          }}
          error={lastForm === 'password' ? error : undefined}
          busy={busy}
          submitLabel={t('account.passwordSubmit')}
          spacing={2}
          labelledBy="password-change"
        >
          {lastForm === 'password' && notice === 'passwordChanged' && (
            <Notice>{t('account.passwordChanged')}</Notice>
          )}
          <PasswordField form={passwordForm} name="currentPassword" label={t('fields.currentPassword')} />
          <NewPasswordField form={passwordForm} name="newPassword" />
        </SchemaForm>
      </Section>
    </AccountPage>
  )
}
