import {
  type AuthInfo,
  type AuthSession,
  adminEntryMachine,
  NetworkError,
  sessionEntryActors,
  tokenRefreshActors,
  tokenRefreshMachine,
} from '@furfes/core'
import { Box, CircularProgress } from '@mui/material'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useNavigate, useParams } from 'react-router'
import { createActor, fromPromise } from 'xstate'
import { useServices } from '../app/services.tsx'
import { signOutAndForget } from '../app/sign-out.ts'
import { StaffAccessProvider } from './staff-access.tsx'

/**
 * At the door the network comes and goes. A refresh that cannot reach Cognito must not lock staff out of an
 * offline scanner: when the device still holds the admin auth info of an earlier sign-in, the gate lets them
 * in with it and the background refresh keeps trying (decision 072). Refused or expired sessions still go to
 * sign-in.
 */
function offlineTolerantEntryActors(session: AuthSession) {
  const actors = sessionEntryActors(session)
  return {
    ...actors,
    refreshAccessToken: fromPromise<AuthInfo, { refreshToken: string }>(async ({ input }) => {
      try {
        return (await session.refresh(input.refreshToken)).authInfo
      } catch (error) {
        const stored = session.getAuthInfo()
        if (error instanceof NetworkError && stored) return stored
        throw error
      }
    }),
  }
}

/** Entering the admin area: refresh the admin session, or sign in (docs/requirements.md MY-13). */
export function AdminGate() {
  const { t } = useTranslation('reception')
  const { lang } = useParams()
  const services = useServices()
  const machine = useMemo(
    () =>
      adminEntryMachine.provide({
        actors: offlineTolerantEntryActors(services.session),
        actions: {
          reportError: (_, params: { error: unknown }) =>
            services.reportError(params.error, { where: 'admin-entry' }),
        },
      }),
    [services],
  )
  const [state] = useMachine(machine)
  const outcome = state.output

  if (!outcome) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label={t('gate.checking')} />
      </Box>
    )
  }
  if (outcome.destination === 'admin-sign-in') return <Navigate replace to={`/${lang}/admin-sign-in`} />
  return <SignedIn authInfo={outcome.authInfo} />
}

/** While an admin is signed in: keep the token fresh and the device in sync. */
function SignedIn({ authInfo }: { authInfo: AuthInfo }) {
  const services = useServices()
  const navigate = useNavigate()
  const { lang } = useParams()
  const { t } = useTranslation('reception')
  // Read when the session expires; switching the language must not restart the refresh and the sync.
  const expiredMessage = useRef(t('gate.sessionExpired'))
  expiredMessage.current = t('gate.sessionExpired')
  const idleMessage = useRef(t('gate.idleSignedOut'))
  idleMessage.current = t('gate.idleSignedOut')

  useEffect(() => {
    const refresher = createActor(
      tokenRefreshMachine.provide({ actors: tokenRefreshActors(services.session) }),
      {
        input: { authInfo, clock: services.clock },
      },
    )
    const expired = refresher.on('token.expired', () => {
      services.notifications.notify(expiredMessage.current, 'warning')
      void navigate(`/${lang}/admin-sign-in`, { replace: true })
    })
    refresher.start()
    const stopSync = services.sync.start()
    // Hours without use: sign out and forget the participants, as a sign-out does (decision 077).
    const stopIdle = services.idle.watch(() => {
      void signOutAndForget(services).finally(() => {
        services.notifications.notify(idleMessage.current, 'info')
        void navigate(`/${lang}/admin-sign-in`, { replace: true })
      })
    })
    return () => {
      expired.unsubscribe()
      refresher.stop()
      stopSync()
      stopIdle()
    }
  }, [services, authInfo, navigate, lang])

  return (
    <StaffAccessProvider authInfo={authInfo}>
      <Outlet />
    </StaffAccessProvider>
  )
}
