import { type AppProps, AppProviders } from '@furfes/ui'
import { type ReceptionServices, ServicesProvider } from './app/services.tsx'
import { receptionTheme } from './layout/theme.ts'

export function App(props: AppProps<ReceptionServices>) {
  return <AppProviders {...props} ServicesProvider={ServicesProvider} theme={receptionTheme} />
}
