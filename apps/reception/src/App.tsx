import { AppProviders, createAppTheme } from '@furfes/ui'
import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { type ReceptionServices, ServicesProvider } from './app/services.tsx'
import { RouterLink } from './layout/RouterLink.tsx'

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
    <AppProviders i18n={i18n} theme={theme} notifications={services.notifications}>
      <ServicesProvider services={services}>{children}</ServicesProvider>
    </AppProviders>
  )
}
