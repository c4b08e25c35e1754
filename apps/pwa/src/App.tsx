import { createAppTheme, NotificationSnackbar, RouterLink } from '@furfes/ui'
import { CssBaseline } from '@mui/material'
import { ThemeProvider } from '@mui/material/styles'
import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { ConnectivityNotices } from './app/ConnectivityNotices.tsx'
import { type AppServices, ServicesProvider } from './app/services.tsx'
import { ManifestLink } from './offline/ManifestLink.tsx'
import { OfflineIndicator } from './offline/OfflineIndicator.tsx'

/** Every MUI `href` goes through the router, so the site's own links never reload the page. */
const theme = createAppTheme({ linkComponent: RouterLink })

/**
 * The providers around the router: translations, services, and the theme in light and dark. Until the reader
 * picks a scheme, `system` follows prefers-color-scheme (light when the browser states none).
 *
 * `noSsr`: the theme's colours are CSS variables, so the markup is the same in either scheme and the provider
 * may read the stored mode while hydrating, instead of rendering the whole page again once mounted (which
 * also re-serialised the theme's global style sheet: about 40 ms of a phone's main thread on every page).
 * The one component that shows the mode, the theme switch, settles on it after hydration by itself.
 */
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
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <ThemeProvider theme={theme} defaultMode="system" disableTransitionOnChange noSsr>
          <CssBaseline enableColorScheme />
          <OfflineIndicator />
          {children}
          <ConnectivityNotices />
          <ManifestLink />
          <NotificationSnackbar queue={services.notifications} />
        </ThemeProvider>
      </ServicesProvider>
    </I18nextProvider>
  )
}
