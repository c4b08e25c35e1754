import { CssBaseline } from '@mui/material'
import { type Theme, ThemeProvider } from '@mui/material/styles'
import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { NotificationSnackbar } from './NotificationSnackbar.tsx'
import type { NotificationQueue } from './notifications.ts'

/**
 * The providers around either app's pages: translations, the theme in light and dark, and the snack bar of
 * the app's notification queue after the pages. Until the reader picks a scheme, `system` follows
 * prefers-color-scheme (light when the browser states none).
 *
 * `noSsr`: the theme's colours are CSS variables, so the markup is the same in either scheme and the provider
 * may read the stored mode while hydrating the prerendered site, instead of rendering the whole page again
 * once mounted (which also re-serialised the theme's global style sheet: about 40 ms of a phone's main thread
 * on every page). The one component that shows the mode, the theme switch, settles on it after hydration by
 * itself.
 */
export function AppProviders({
  i18n,
  theme,
  notifications,
  children,
}: {
  i18n: i18n
  theme: Theme
  notifications: NotificationQueue
  children: ReactNode
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme} defaultMode="system" disableTransitionOnChange noSsr>
        <CssBaseline enableColorScheme />
        {children}
        <NotificationSnackbar queue={notifications} />
      </ThemeProvider>
    </I18nextProvider>
  )
}
