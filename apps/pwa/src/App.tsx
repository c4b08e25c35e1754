import { type AppProps, AppProviders, createAppTheme, RouterLink } from '@furfes/ui'
import { ConnectivityNotices } from './app/ConnectivityNotices.tsx'
import { type AppServices, ServicesProvider } from './app/services.tsx'
import { ManifestLink } from './offline/ManifestLink.tsx'
import { OfflineIndicator } from './offline/OfflineIndicator.tsx'

/** Every MUI `href` goes through the router, so the site's own links never reload the page. */
const theme = createAppTheme({ linkComponent: RouterLink })

/** The site's providers around the router, with its offline bar and connectivity notices. */
export function App({ children, ...props }: AppProps<AppServices>) {
  return (
    <AppProviders {...props} ServicesProvider={ServicesProvider} theme={theme}>
      <OfflineIndicator />
      {children}
      <ConnectivityNotices />
      <ManifestLink />
    </AppProviders>
  )
}
