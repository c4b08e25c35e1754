import { edition, judgedAt, phase, wireShape } from 'virtual:edition'
import { type Language, systemClock } from '@furfes/core'
import { createErrorReporter, createNotificationQueue, type ErrorReporter, loadApiUrl } from '@furfes/ui'
import type { RuntimeConfig } from '@furfes/ui/runtime-config'
import { createEditionStore } from './edition.ts'
import { createFeatureFlagsStore } from './feature-flags.ts'
import type { AppServices } from './services.tsx'

/**
 * The browser's services. Configuration, the account services, the flags' reader and storage load on first use,
 * so neither zod nor the contract weighs on a public page's first load (docs/decisions/041, 202).
 */
export function createBrowserServices(): AppServices & { errors: ErrorReporter } {
  let config: Promise<RuntimeConfig> | undefined
  const loadConfig = () => {
    config ??= import('@furfes/ui/runtime-config').then(({ loadRuntimeConfig }) => loadRuntimeConfig())
    // A failed load is not cached, so the next use tries again.
    config.catch(() => {
      config = undefined
    })
    return config
  }
  let account: ReturnType<AppServices['account']> | undefined
  const loadAccount: AppServices['account'] = () => {
    account ??= Promise.all([loadConfig(), import('../account/create-browser-account-services.ts')]).then(
      ([loaded, { createBrowserAccountServices }]) => createBrowserAccountServices(loaded),
    )
    account.catch(() => {
      account = undefined
    })
    return account
  }
  const storage = () => import('./language-storage.ts')
  const errors = createErrorReporter()
  // A plain fetch rather than the API client: the client and zod do not fit the top page's budget (decision 041).
  // `no-cache` has the browser ask every time with If-None-Match (a 304 when nothing changed) rather than trust
  // its copy for the minute the API allows, so a page opened right after the committee publishes shows the new
  // edition or timetable; the service worker keeps the last answer for offline (docs/decisions/160).
  const publicUrl = async (path: string) => new URL(path, `${(await loadApiUrl()).replace(/\/$/, '')}/`).href
  const fetchPublic = async (path: string) =>
    fetch(await publicUrl(path), {
      cache: 'no-cache',
      headers: { Accept: 'application/json' },
    })
  return {
    config: loadConfig,
    // The reader loads on first use: the pages that follow no flag (the top page among them) do not carry it.
    featureFlags: createFeatureFlagsStore(async () => {
      const { readFeatureFlags } = await import('./feature-flags-read.ts')
      return readFeatureFlags(fetchPublic, (error, context) => errors.report(error, context))
    }),
    edition: createEditionStore({
      built: { edition, phase, judgedAt },
      async fetchAnswer() {
        const response = await fetchPublic('edition')
        if (!response.ok) throw new Error(`GET /edition answered HTTP ${response.status}`)
        return response.json()
      },
      wireShape,
      clock: systemClock,
      report: (error, context) => errors.report(error, context),
    }),
    fetchPublic,
    publicUrl,
    clock: systemClock,
    account: loadAccount,
    notifications: createNotificationQueue(),
    errors,
    async currentLanguage() {
      return (await storage()).readCurrentLanguage()
    },
    rememberLanguage(language: Language) {
      void storage().then((module) => module.storeLanguage(language))
    },
    replaceLocation(href) {
      window.location.replace(href)
    },
  }
}
