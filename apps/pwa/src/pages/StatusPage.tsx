import { coreErrorResources } from '@furfes/core'
import { Box, Button } from '@mui/material'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router'
import { useServices } from '../app/services.tsx'
import { isStatusNavigation } from '../app/status.ts'
import { Page, PageHeading } from '../content/Page.tsx'
import { useCoreTranslation } from '../content/useCoreTranslation.ts'
import { localizedPath } from '../language.ts'
import { addPwaStrings } from '../later-strings.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import statusPageEn from '../locales/en/status-page.json'
import statusPageJa from '../locales/ja/status-page.json'
import type { PageId } from '../pages.ts'

/**
 * Whether a registration code is kept on this device. Read after the page shows (the reading code and the
 * offline store load only then), so the status message never waits for it.
 */
function useKeptRegistrationCode(): boolean {
  const services = useServices()
  const [kept, setKept] = useState(false)
  useEffect(() => {
    let live = true
    import('../account/registration-code.ts')
      .then(({ findKeptRegistrationCode }) => findKeptRegistrationCode(services.account))
      .then(
        (code) => live && setKept(code !== undefined),
        (error: unknown) => services.errors.report(error, { where: 'status-page-kept-code' }),
      )
    return () => {
      live = false
    }
  }, [services])
  return kept
}

/**
 * A status page says one thing, in the product's exact words (the `errors` catalogue of @furfes/core). Only the
 * app sends readers here; a direct visit goes to the top page (docs/requirements.md STAT-3). Neither the
 * network nor maintenance stops the door, which reads the code offline: when a code is kept on this device,
 * the page leads to it (docs/decisions/145-door-states-and-the-saved-code.md).
 */
function StatusPage({ pageId, messageKey }: { pageId: PageId; messageKey: string }) {
  const { t, i18n } = useTranslation('pwa')
  addPwaStrings(i18n, { ja: statusPageJa, en: statusPageEn })
  const { t: errors } = useCoreTranslation('errors', coreErrorResources)
  const language = useLanguage()
  const location = useLocation()
  const kept = useKeptRegistrationCode()
  if (!isStatusNavigation(location.state)) return <Navigate replace to={localizedPath(language)} />
  return (
    <Page width="sm">
      <PageHeading pageId={pageId} />
      <p className="lead" role="alert">
        {errors(messageKey)}
      </p>
      {kept && <p>{t('statusPage.keptCode')}</p>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {kept && (
          <Button variant="contained" href={localizedPath(language, 'registration-code')}>
            {t('statusPage.showKeptCode')}
          </Button>
        )}
        <Button variant={kept ? 'outlined' : 'contained'} href={localizedPath(language)}>
          {t('site.backToTop')}
        </Button>
      </Box>
    </Page>
  )
}

export function NetworkErrorPage() {
  return <StatusPage pageId="network-error" messageKey="product.networkError" />
}

export function MaintenancePage() {
  return <StatusPage pageId="maintenance" messageKey="product.underMaintenance" />
}
