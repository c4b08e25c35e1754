import { AppProviders, createAppTheme } from '@furfes/ui'
import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { ConnectivityNotices } from './app/ConnectivityNotices.tsx'
import { type AppServices, ServicesProvider } from './app/services.tsx'
import { RouterLink } from './layout/RouterLink.tsx'
import { ManifestLink } from './offline/ManifestLink.tsx'
import { OfflineIndicator } from './offline/OfflineIndicator.tsx'

/** Every MUI `href` goes through the router, so the site's own links never reload the page. */
const theme = createAppTheme({ linkComponent: RouterLink })

/** The site's providers around the router, its offline bar and connectivity notices. */
export function App({
  i18n,
  services,
  children,
}: {
  i18n: i18n
  services: AppServices
  children: ReactNode
}) {
  return (
    <AppProviders i18n={i18n} theme={theme} notifications={services.notifications}>
      <ServicesProvider services={services}>
        <OfflineIndicator />
        {children}
        <ConnectivityNotices />
        <ManifestLink />
      </ServicesProvider>
    </AppProviders>
  )
}
