import { CssBaseline } from '@mui/material'
import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { ColorSchemeProvider } from './color-scheme.tsx'
import { NotificationSnackbar } from './NotificationSnackbar.tsx'
import type { NotificationQueue } from './notifications.ts'
import type { ServicesProviderType } from './services-context.tsx'
import type { AppTheme } from './theme.ts'

/** What an app's `App` takes: its translations, its services and the routes it wraps. */
export interface AppProps<Services> {
  i18n: i18n
  services: Services
  children?: ReactNode
}

/**
 * The providers around either app's pages: translations, the app's services, the theme in light and dark,
 * and the snack bar of the app's notification queue after the pages. Until the reader picks a scheme,
 * the page follows prefers-color-scheme (light when the browser states none).
 *
 * The theme's colours are CSS variables, so the markup is the same in either scheme: the provider renders the
 * prerendered page as it is, and the one component that shows the scheme, the theme switch, settles on it after
 * hydration by itself (docs/decisions/041, 207).
 */
export function AppProviders<Services extends { notifications: NotificationQueue }>({
  i18n,
  services,
  ServicesProvider,
  theme,
  children,
}: AppProps<Services> & { ServicesProvider: ServicesProviderType<Services>; theme: AppTheme }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <ColorSchemeProvider theme={theme}>
          <CssBaseline enableColorScheme />
          {children}
          <NotificationSnackbar queue={services.notifications} />
        </ColorSchemeProvider>
      </ServicesProvider>
    </I18nextProvider>
  )
}
