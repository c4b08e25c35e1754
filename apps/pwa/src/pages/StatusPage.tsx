import { Button } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router'
import { isStatusNavigation } from '../app/status.ts'
import { Page, PageHeading } from '../content/Page.tsx'
import { useCoreTranslation } from '../content/useCoreTranslation.ts'
import { localizedPath } from '../language.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import type { PageId } from '../pages.ts'

/**
 * A status page says one thing, in the product's exact words (the `errors` catalogue of @furfes/core). Only the
 * app sends readers here; a direct visit goes to the top page (docs/requirements.md STAT-3).
 */
function StatusPage({ pageId, messageKey }: { pageId: PageId; messageKey: string }) {
  const { t } = useTranslation('pwa')
  const { t: errors } = useCoreTranslation('errors')
  const language = useLanguage()
  const location = useLocation()
  if (!isStatusNavigation(location.state)) return <Navigate replace to={localizedPath(language)} />
  return (
    <Page width="sm">
      <PageHeading pageId={pageId} />
      <p className="lead" role="alert">
        {errors(messageKey)}
      </p>
      <Button variant="contained" href={localizedPath(language)}>
        {t('site.backToTop')}
      </Button>
    </Page>
  )
}

export function NetworkErrorPage() {
  return <StatusPage pageId="network-error" messageKey="product.networkError" />
}

export function MaintenancePage() {
  return <StatusPage pageId="maintenance" messageKey="product.underMaintenance" />
}
