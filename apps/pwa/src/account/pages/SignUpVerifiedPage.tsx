import { usePhrases } from '@furfes/ui'
import { Button } from '@mui/material'
import { Navigate } from 'react-router'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import { useAccountTranslation } from '../i18n.ts'
import { useAccountNavigationState, withEmail } from '../query.ts'
import { AccountPage } from '../ui.tsx'

/** sign-up-verified: reachable only from verify-sign-up; any other visit goes to the dashboard (decision 044). */
export default function SignUpVerifiedPage() {
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const language = useLanguage()
  const state = useAccountNavigationState() as { from?: string; email?: string }
  if (state.from !== 'verify-sign-up')
    return <Navigate replace to={localizedPath(language, 'mypage/dashboard')} />
  return (
    <AccountPage titleKey="sign-up-verified" lead={t('signUpVerified.lead')}>
      <Button
        variant="contained"
        size="large"
        href={withEmail(localizedPath(language, 'sign-in'), state.email)}
      >
        {phrase(t('signUpVerified.toSignIn'))}
      </Button>
    </AccountPage>
  )
}
