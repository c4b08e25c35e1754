import { type ComponentType, createContext, type ReactNode, useContext } from 'react'

export type ServicesProviderType<Services> = ComponentType<{ services: Services; children?: ReactNode }>

/**
 * An app's services (configuration, API clients, stores) for its components: the app provides the real ones,
 * tests their own. Returns the provider and the hook that reads it.
 */
export function createServicesContext<Services>(): {
  ServicesProvider: ServicesProviderType<Services>
  useServices(): Services
} {
  const ServicesContext = createContext<Services | undefined>(undefined)
  return {
    ServicesProvider: ({ services, children }) => (
      <ServicesContext value={services}>{children}</ServicesContext>
    ),
    useServices() {
      const services = useContext(ServicesContext)
      if (services === undefined) throw new Error('useServices must be used inside <ServicesProvider>')
      return services
    },
  }
}
