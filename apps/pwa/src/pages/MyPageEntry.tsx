import { type MyPageEntryOutcome, myPageEntryMachine } from '@furfes/core'
import { CircularProgress, Stack, Typography } from '@mui/material'
import { type ComponentType, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { createActor, fromPromise, toPromise } from 'xstate'
import type { AccountServices } from '../account/account-services.ts'
import { loadWithRetry } from '../app/load-failure.ts'
import { useServices } from '../app/services.tsx'
import { statusNavigationState } from '../app/status.ts'
import { Page } from '../content/Page.tsx'
import { localizedPath } from '../language.ts'
import { addPwaStrings } from '../later-strings.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import myPageEntryEn from '../locales/en/my-page-entry.json'
import myPageEntryJa from '../locales/ja/my-page-entry.json'
import type { MyPageProps } from '../mypage/MyPage.tsx'

type Entered = { account: AccountServices; outcome: Extract<MyPageEntryOutcome, { destination: 'mypage' }> }

/**
 * Entering My Page (decision 045) runs core's entry machine: the flags are force-fetched (never loaded →
 * network-error, maintenance → maintenance), then the stored refresh token is exchanged for a fresh access
 * token; no token, or an expired or refused one, → sign-in (saying the session expired when it did). It runs
 * once per visit to My Page; moving between My Page's pages keeps it.
 */
export default function MyPageEntry() {
  const { t, i18n } = useTranslation('pwa')
  addPwaStrings(i18n, { ja: myPageEntryJa, en: myPageEntryEn })
  const services = useServices()
  const navigate = useNavigate()
  const language = useLanguage()
  const location = useLocation()
  const [entered, setEntered] = useState<Entered>()
  const [MyPage, setMyPage] = useState<ComponentType<MyPageProps>>()
  const returnTo = `${location.pathname}${location.search}`

  useEffect(() => {
    let live = true
    // My Page's own code loads while the session is checked.
    const myPage = loadWithRetry(() => import('../mypage/MyPage.tsx'))
    const enter = async () => {
      // The session code loads only once the flags say My Page is open; if it cannot load, the token
      // lookup fails, which the machine reports and answers with sign-in.
      const account = () => services.account()
      const machine = myPageEntryMachine.provide({
        actors: {
          fetchFeatureFlags: fromPromise(() => services.featureFlags.load({ force: true })),
          findRefreshToken: fromPromise(async () => (await account()).session.getRefreshToken()),
          refreshAccessToken: fromPromise(async ({ input }: { input: { refreshToken: string } }) => {
            const { session } = await account()
            return (await session.refresh(input.refreshToken)).authInfo
          }),
        },
        actions: {
          reportError: (_, params) => services.errors.report(params.error, { where: 'mypage-entry' }),
        },
      })
      const actor = createActor(machine).start()
      const outcome = await toPromise(actor)
      return { account: outcome.destination === 'mypage' ? await account() : undefined, outcome }
    }
    void enter().then(async ({ account, outcome }) => {
      if (!live) return
      if (outcome.destination === 'network-error') {
        void navigate(localizedPath(language, 'network-error'), {
          replace: true,
          state: statusNavigationState,
        })
      } else if (outcome.destination === 'maintenance') {
        void navigate(localizedPath(language, 'maintenance'), { replace: true, state: statusNavigationState })
      } else if (outcome.destination === 'sign-in') {
        void navigate(localizedPath(language, 'sign-in'), {
          replace: true,
          state: { returnTo, ...(outcome.reason === 'session-expired' ? { reason: 'session-expired' } : {}) },
        })
      } else if (account) {
        const module = await myPage
        if (!live) return
        setMyPage(() => module.default)
        setEntered({ account, outcome })
      }
    })
    return () => {
      live = false
    }
    // Entering runs once per visit to My Page, not on every move between its pages.
  }, [services, navigate, language])

  if (entered && MyPage) {
    return (
      <MyPage
        account={entered.account}
        flags={entered.outcome.featureFlags}
        authInfo={entered.outcome.authInfo}
      />
    )
  }
  return (
    <Page>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('myPageEntry.checking')}</Typography>
      </Stack>
    </Page>
  )
}
