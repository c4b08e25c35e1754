import { type AppProps, AppProviders, createAppTheme, RouterLink } from '@furfes/ui'
import { type ReceptionServices, ServicesProvider } from './app/services.tsx'

const theme = createAppTheme({ linkComponent: RouterLink })

export function App(props: AppProps<ReceptionServices>) {
  return <AppProviders {...props} ServicesProvider={ServicesProvider} theme={theme} />
}
