import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { useServices } from '../../app/services.tsx'
import { signedOutNavigationState } from '../../app/status.ts'
import { localizedPath } from '../../language.ts'
import { useLanguage } from '../../layout/useLanguage.ts'
import { Busy } from '../Busy.tsx'
import { useAccountTranslation } from '../i18n.ts'
import { AccountPage } from '../ui.tsx'

/**
 * sign-out: revokes the tokens at Cognito when it can, forgets them and everything kept of the user here
 * (My Page's cache, the registration code and its offline copy), then returns to the top page, which reloads
 * the whole app (decision 040).
 */
export default function SignOutPage() {
  const { t } = useAccountTranslation()
  const services = useServices()
  const navigate = useNavigate()
  const language = useLanguage()
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    const signOut = async () => {
      const account = await services.account()
      try {
        await account.session.signOut()
      } catch (error) {
        // Signed out here all the same (the session cleared its tokens); Cognito's answer is only reported.
        services.errors.report(error, { where: 'sign-out' })
      }
      await account.forgetUserData()
    }
    signOut()
      .catch((error: unknown) => services.errors.report(error, { where: 'sign-out' }))
      .finally(() => {
        void navigate(localizedPath(language), { replace: true, state: signedOutNavigationState })
      })
  }, [services, navigate, language])
  return (
    <AccountPage titleKey="sign-out">
      <Busy label={t('signOut.inProgress')} />
    </AccountPage>
  )
}
