import {
  type AuthInfo,
  authMachine,
  authMachineActors,
  type FeatureFlags,
  isSessionExpiredError,
  tokenRefreshActors,
  tokenRefreshMachine,
} from '@furfes/core'
import { scrollShadows, usePhrases } from '@furfes/ui'
import { Box, Button, Container } from '@mui/material'
import { useActorRef } from '@xstate/react'
import { type ComponentType, Suspense, useCallback, useEffect, useMemo, useRef } from 'react'
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router'
import { createActor } from 'xstate'
import type { AccountServices } from '../account/account-services.ts'
import { useAccountTranslation } from '../account/i18n.ts'
import { lazyWithRetry } from '../app/load-failure.ts'
import { useEdition } from '../app/useEdition.ts'
import { useFeatureFlags } from '../app/useFeatureFlags.ts'
import { localizedPath } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { MyPageContext, type MyPageContextValue } from './context.ts'

export interface MyPageProps {
  account: AccountServices
  /** The flags force-fetched on entering. */
  flags: FeatureFlags
  /** The access token the entry just refreshed. */
  authInfo: AuthInfo
}

const DashboardPage = lazyWithRetry(() => import('./DashboardPage.tsx'))
const AccountSettingsPage = lazyWithRetry(() => import('./AccountSettingsPage.tsx'))
const EmailChangeVerificationPage = lazyWithRetry(() => import('./EmailChangeVerificationPage.tsx'))
const ProfilePage = lazyWithRetry(() => import('./ProfilePage.tsx'))
const RegistrationPage = lazyWithRetry(() => import('./RegistrationPage.tsx'))
const RegistrationAdditionalInfoPage = lazyWithRetry(() => import('./RegistrationAdditionalInfoPage.tsx'))

const menu = ['dashboard', 'account', 'profile', 'registration', 'registration-additional-info'] as const

/**
 * My Page after its entry gate: the menu, the page, and the access token kept fresh in the background. When
 * the session can no longer be renewed (or the API says the token is no good), the user signs in again, told
 * that the session expired (docs/requirements.md MY-5).
 */
export default function MyPage({ account, flags: enteredFlags, authInfo }: MyPageProps) {
  const language = useLanguage()
  const navigate = useNavigate()
  const location = useLocation()
  const phrase = usePhrases()
  const { t } = useAccountTranslation()
  const flagsState = useFeatureFlags()
  const flags = flagsState.flags ?? enteredFlags
  // The registration form is offered while the flag allows it and the edition is on sale, as the dashboard says;
  // the edition's phase counts once this visit has read it (the built one may be long past).
  const edition = useEdition()
  const registrationOpen = flags.isRegistrationAvailable && (!edition.judged || edition.phase === 'onSale')
  // The signed-in account flows (password and e-mail changes) outlive a move between My Page's pages: the
  // e-mail change is asked for on one page and verified on another.
  const auth = useActorRef(
    useMemo(() => authMachine.provide({ actors: authMachineActors(account.session) }), [account]),
    { input: { authInfo } },
  )
  const locationRef = useRef(location)
  locationRef.current = location

  const sessionExpired = useCallback(() => {
    void navigate(localizedPath(language, 'sign-in'), {
      replace: true,
      state: {
        reason: 'session-expired',
        returnTo: `${locationRef.current.pathname}${locationRef.current.search}`,
      },
    })
  }, [navigate, language])

  useEffect(() => {
    const actor = createActor(tokenRefreshMachine.provide({ actors: tokenRefreshActors(account.session) }), {
      input: { authInfo, clock: account.clock },
    })
    actor.on('token.refreshed', (event) => {
      auth.send({ type: 'token.refreshed', authInfo: event.authInfo })
    })
    actor.on('token.expired', sessionExpired)
    actor.start()
    return () => {
      actor.stop()
    }
  }, [account, authInfo, auth, sessionExpired])

  const context = useMemo<MyPageContextValue>(
    () => ({
      account,
      auth,
      flags,
      handleSessionError(error) {
        if (!isSessionExpiredError(error)) return false
        sessionExpired()
        return true
      },
    }),
    [account, auth, flags, sessionExpired],
  )

  const dashboard = localizedPath(language, 'mypage/dashboard')
  const here = location.pathname.split('/')[3] ?? ''
  const menuRef = useRef<HTMLElement>(null)
  // The current page's tab may sit past the phone's edge of the scrolling menu: bring it into view.
  useEffect(() => {
    const menu = menuRef.current
    const current = menu?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!menu || !current) return
    const overflow = current.offsetLeft + current.offsetWidth - (menu.scrollLeft + menu.clientWidth)
    if (overflow > 0 || current.offsetLeft < menu.scrollLeft) menu.scrollLeft = current.offsetLeft
  }, [here])
  const page = (Component: ComponentType) => (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  )
  return (
    <MyPageContext value={context}>
      <Container maxWidth="md" sx={{ pt: 2 }}>
        <Box
          component="nav"
          aria-label={t('myPage.navigation')}
          ref={menuRef}
          sx={{
            // One row that scrolls sideways on a phone: wrapped, the menu took three lines above every page.
            position: 'relative',
            display: 'flex',
            flexWrap: 'nowrap',
            ...scrollShadows('default'),
            scrollbarWidth: 'thin',
            gap: 0.5,
            borderBottom: 1,
            borderColor: 'divider',
            pb: 1,
            '& > *': { flex: 'none', whiteSpace: 'nowrap' },
          }}
        >
          {menu
            .filter((id) => id !== 'registration' || registrationOpen)
            .map((id) => (
              <Button
                key={id}
                size="small"
                href={localizedPath(language, `mypage/${id}`)}
                aria-current={here === id ? 'page' : undefined}
                variant={here === id ? 'contained' : 'text'}
              >
                {phrase(t(`titles.${id}`))}
              </Button>
            ))}
          <Button size="small" href={localizedPath(language, 'registration-code')}>
            {phrase(t('myPage.registrationCode'))}
          </Button>
          <Button size="small" href={localizedPath(language, 'sign-out')} sx={{ ml: 'auto' }}>
            {phrase(t('myPage.signOut'))}
          </Button>
        </Box>
      </Container>
      <Routes>
        <Route index element={<Navigate replace to={dashboard} />} />
        <Route path="dashboard" element={page(DashboardPage)} />
        <Route path="account" element={page(AccountSettingsPage)} />
        <Route path="email-change-verification" element={page(EmailChangeVerificationPage)} />
        <Route path="profile" element={page(ProfilePage)} />
        <Route
          path="registration"
          element={registrationOpen ? page(RegistrationPage) : <Navigate replace to={dashboard} />}
        />
        <Route path="registration-additional-info" element={page(RegistrationAdditionalInfoPage)} />
        <Route path="*" element={<Navigate replace to={dashboard} />} />
      </Routes>
    </MyPageContext>
  )
}
