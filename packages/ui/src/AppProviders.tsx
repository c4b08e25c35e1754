import { CssBaseline } from '@mui/material'
import { type Theme, ThemeProvider } from '@mui/material/styles'
import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { NotificationSnackbar } from './NotificationSnackbar.tsx'
import type { NotificationQueue } from './notifications.ts'
import type { ServicesProviderType } from './services-context.tsx'

/** What an app's `App` takes: its translations, its services and the routes it wraps. */
export interface AppProps<Services> {
  i18n: i18n
  services: Services
  children?: ReactNode
}

/**
 * The providers around either app's pages: translations, the app's services, the theme in light and dark,
 * and the snack bar of the app's notification queue after the pages. Until the reader picks a scheme,
 * `system` follows prefers-color-scheme (light when the browser states none).
 *
 * `noSsr`: the theme's colours are CSS variables, so the markup is the same in either scheme and the provider
 * may read the stored mode while hydrating the prerendered site, instead of rendering the whole page again
 * once mounted (which also re-serialised the theme's global style sheet: about 40 ms of a phone's main thread
 * on every page). The one component that shows the mode, the theme switch, settles on it after hydration by
 * itself.
 */
export function AppProviders<Services extends { notifications: NotificationQueue }>({
  i18n,
  services,
  ServicesProvider,
  theme,
  children,
}: AppProps<Services> & { ServicesProvider: ServicesProviderType<Services>; theme: Theme }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <ThemeProvider theme={theme} defaultMode="system" disableTransitionOnChange noSsr>
          <CssBaseline enableColorScheme />
          {children}
          <NotificationSnackbar queue={services.notifications} />
        </ThemeProvider>
      </ServicesProvider>
    </I18nextProvider>
  )
}
