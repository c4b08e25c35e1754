import { type VerificationCodeForm, verificationCodeFormSchema } from '@furfes/core'
import { usePhrases } from '@furfes/ui'
import { SchemaForm, useZodForm } from '@furfes/ui/forms'
import { Button, Typography } from '@mui/material'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { useAccountTranslation } from '../account/i18n.ts'
import { AccountPage, CodeField, SecondaryAction } from '../account/ui.tsx'
import { localizedPath } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { useMyPage } from './context.ts'

/**
 * email-change verification: the code Cognito mailed to the new address. Until it is verified the old address
 * stays in use; once verified, My Page's user attributes are fetched again.
 */
export default function EmailChangeVerificationPage() {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const navigate = useNavigate()
  const { account, auth } = useMyPage()
  const snapshot = useSelector(auth, (state) => state)
  const busy = snapshot.hasTag('busy')
  const form = useZodForm<{ email: string; code: string }, VerificationCodeForm>(verificationCodeFormSchema, {
    email: snapshot.context.pendingEmail ?? '',
    code: '',
  })
  const pending =
    snapshot.matches({ signedIn: 'awaitingEmailCode' }) || snapshot.matches({ signedIn: 'verifyingEmail' })
  const verified = snapshot.matches({ signedIn: 'idle' }) && snapshot.context.notice === 'emailVerified'
  const toAccount = localizedPath(language, 'mypage/account')
  useEffect(() => {
    if (!verified) return
    account.cache.user.load({ force: true }).catch(() => {})
    void navigate(toAccount, { replace: true })
  }, [verified, account, navigate, toAccount])

  if (!pending && !verified)
    return (
      <AccountPage titleKey="email-change-verification">
        <Typography sx={{ mb: 2 }}>{t('emailChange.noPending')}</Typography>
        <Button variant="contained" href={toAccount}>
          {phrase(t('emailChange.toAccount'))}
        </Button>
      </AccountPage>
    )
  return (
    <AccountPage
      titleKey="email-change-verification"
      lead={t('emailChange.lead', { email: snapshot.context.pendingEmail ?? '' })}
    >
      <SchemaForm
        form={form}
        onValid={(values) => auth.send({ type: 'email.verify', code: values.code })}
        error={snapshot.context.error}
        busy={busy}
        submitLabel={t('emailChange.submit')}
      >
        <CodeField form={form} />
      </SchemaForm>
      <SecondaryAction
        disabled={busy}
        onClick={() => {
          auth.send({ type: 'email.cancel' })
          void navigate(toAccount)
        }}
      >
        {t('emailChange.cancel')}
      </SecondaryAction>
    </AccountPage>
  )
}
