import { type AppProps, AppProviders, createAppTheme } from '@furfes/ui'
import { type ReceptionServices, ServicesProvider } from './app/services.tsx'
import { RouterLink } from './layout/RouterLink.tsx'

const theme = createAppTheme({ linkComponent: RouterLink })

export function App(props: AppProps<ReceptionServices>) {
  return <AppProviders {...props} ServicesProvider={ServicesProvider} theme={theme} />
}
