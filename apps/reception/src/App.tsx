import { createAppTheme, NotificationSnackbar, RouterLink } from '@furfes/ui'
import { CssBaseline, ThemeProvider } from '@mui/material'
import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { type ReceptionServices, ServicesProvider } from './app/services.tsx'

const theme = createAppTheme({ linkComponent: RouterLink })

export function App({
  i18n,
  services,
  children,
}: {
  i18n: i18n
  services: ReceptionServices
  children: ReactNode
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <ThemeProvider theme={theme} defaultMode="system" disableTransitionOnChange>
          <CssBaseline enableColorScheme />
          {children}
          <NotificationSnackbar queue={services.notifications} />
        </ThemeProvider>
      </ServicesProvider>
    </I18nextProvider>
  )
}
