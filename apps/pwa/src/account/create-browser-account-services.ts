import { createCognitoAuthClient, systemClock } from '@furfes/core'
import type { RuntimeConfig } from '@furfes/ui/runtime-config'
import { type AccountServices, createAccountServices } from './account-services.ts'

/**
 * The browser's account services: the members pool's app client (the Cognito SDK itself loads on the first
 * call), localStorage, and the API of the runtime config.
 */
export function createBrowserAccountServices(config: RuntimeConfig): AccountServices {
  const client = createCognitoAuthClient({
    region: config.cognito.region,
    endpoint: config.cognito.endpoint,
    clientId: config.cognito.members.clientId,
  })
  return createAccountServices({
    client,
    apiUrl: config.apiUrl,
    pwaUrl: config.pwaUrl,
    keyValueStorage: window.localStorage,
    clock: systemClock,
    navigateTo: (url) => window.location.assign(url),
    openWindow(url) {
      // Not `noopener` in the features: with it, window.open answers null even when the window opened.
      const opened = window.open(url, '_blank')
      if (opened === null) return false
      opened.opener = null
      return true
    },
    // Dexie loads only when there is something to forget.
    clearOfflineRegistrationCode: async () => {
      await Promise.all([
        import('../offline/registration-code-cache.ts').then((cache) => cache.clearRegistrationCode()),
        import('../offline/venue-cache.ts').then((cache) => cache.clearVenue()),
      ])
    },
  })
}
