import type { Language, MemberApiClient } from '@furfes/core'
import { type ErrorReporter, ErrorReportingProvider, type NotificationQueue } from '@furfes/ui'
import type { RuntimeConfig } from '@furfes/ui/runtime-config'
import { createContext, type ReactNode, useContext } from 'react'
import type { AccountServices } from '../account/account-services.ts'
import type { FeatureFlagsStore } from './feature-flags.ts'

/**
 * What pages need from outside React: configuration, the API, the flag store, notifications, error
 * reporting, the stored language, and full-page navigation. The app passes the real ones (create-services.ts);
 * tests pass their own.
 */
export interface AppServices {
  config(): Promise<RuntimeConfig>
  /** The product API's public calls (GET /features, GET /public-profile). */
  publicApi(): Promise<Pick<MemberApiClient, 'getFeatures' | 'getPublicProfiles'>>
  featureFlags: FeatureFlagsStore
  /** The member session, the signed-in API and My Page's cache: loaded by the account and My Page routes only. */
  account(): Promise<AccountServices>
  notifications: NotificationQueue
  errors: Pick<ErrorReporter, 'report'>
  /** The language to use when the address names none: the stored choice, else the browser's. */
  currentLanguage(): Promise<Language>
  /** Remembers the reader's choice of language. */
  rememberLanguage(language: Language): void
  /** Leaves the app for an address: a full page load that replaces the current history entry. */
  replaceLocation(href: string): void
}

const ServicesContext = createContext<AppServices | null>(null)

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesContext value={services}>
      <ErrorReportingProvider reporter={services.errors}>{children}</ErrorReportingProvider>
    </ServicesContext>
  )
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext)
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>')
  return services
}
