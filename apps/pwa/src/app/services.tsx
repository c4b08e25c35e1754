import type { Clock, Language } from '@furfes/core'
import { createServicesContext, type ErrorReporter, type NotificationQueue } from '@furfes/ui'
import type { RuntimeConfig } from '@furfes/ui/runtime-config'
import type { AccountServices } from '../account/account-services.ts'
import type { EditionStore } from './edition.ts'
import type { FeatureFlagsStore } from './feature-flags.ts'

/**
 * What pages need from outside React: configuration, the API, the flag store, notifications, error
 * reporting, the stored language, and full-page navigation. The app passes the real ones (create-services.ts);
 * tests pass their own.
 */
export interface AppServices {
  config(): Promise<RuntimeConfig>
  /** The flags of GET /features, read by a plain fetch (docs/decisions/202-feature-flags-by-plain-fetch.md). */
  featureFlags: FeatureFlagsStore
  /** The edition the pages show: the build's until GET /edition answers (docs/decisions/160). */
  edition: EditionStore
  /**
   * A public read of the API (`edition`, `timetable`, `public-profile`, `features`) by a plain fetch that revalidates the browser's copy, for
   * the pages that must not load the API client and zod (decision 041); the service worker answers offline.
   */
  fetchPublic(path: string): Promise<Response>
  /** The address of a public API path (`timetable.ics`), for a link the reader follows. */
  publicUrl(path: string): Promise<string>
  /** The device's clock, for what a page shows by the time (the timetable's now and next). */
  clock: Clock
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

export const { ServicesProvider, useServices } = createServicesContext<AppServices>(
  (services) => services.errors,
)
