import { CircularProgress, Stack, Typography } from '@mui/material'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useServices } from '../app/services.tsx'
import { statusNavigationState } from '../app/status.ts'
import { Page } from '../content/Page.tsx'
import { localizedPath } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'

/**
 * Entering My Page (spec section 4): the feature flags are force-fetched; flags that never loaded send the
 * reader to network-error, maintenance to maintenance. The token refresh and My Page itself arrive with the
 * account issue; until then the reader continues to sign-in.
 */
export default function MyPageEntry() {
  const { t } = useTranslation('pwa')
  const services = useServices()
  const navigate = useNavigate()
  const language = useLanguage()
  useEffect(() => {
    let live = true
    void services.featureFlags.load({ force: true }).then((flags) => {
      if (!live) return
      if (!flags) {
        void navigate(localizedPath(language, 'network-error'), {
          replace: true,
          state: statusNavigationState,
        })
      } else if (flags.isUnderMaintenance) {
        void navigate(localizedPath(language, 'maintenance'), { replace: true, state: statusNavigationState })
      } else {
        void navigate(localizedPath(language, 'sign-in'), { replace: true })
      }
    })
    return () => {
      live = false
    }
  }, [services, navigate, language])
  return (
    <Page>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('myPageEntry.checking')}</Typography>
      </Stack>
    </Page>
  )
}
