import { type ComponentType, createContext, type ReactNode, useContext, useMemo } from 'react'
import { type ErrorReporting, ErrorReportingProvider } from './error-reporting-context.tsx'

export type ServicesProviderType<Services> = ComponentType<{ services: Services; children?: ReactNode }>

/**
 * An app's services (configuration, API clients, stores) for its components: the app provides the real ones,
 * tests their own. Returns the provider and the hook that reads it. The provider also gives `ErrorAlert` the
 * reporter `reporterOf` picks from the services, so an app sets up both in one place.
 */
export function createServicesContext<Services>(reporterOf: (services: Services) => ErrorReporting): {
  ServicesProvider: ServicesProviderType<Services>
  useServices(): Services
} {
  const ServicesContext = createContext<Services | undefined>(undefined)
  return {
    ServicesProvider: function ServicesProvider({ services, children }) {
      const reporter = useMemo(() => reporterOf(services), [services])
      return (
        <ServicesContext value={services}>
          <ErrorReportingProvider reporter={reporter}>{children}</ErrorReportingProvider>
        </ServicesContext>
      )
    },
    useServices() {
      const services = useContext(ServicesContext)
      if (services === undefined) throw new Error('useServices must be used inside <ServicesProvider>')
      return services
    },
  }
}
