import {
  type AppStorage,
  type AuthSession,
  type Clock,
  type CognitoAuthClient,
  createAppStorage,
  createAuthSession,
  createMemberApiClient,
  type FetchLike,
  type KeyValueStorage,
  type MemberApiClient,
  memberAuthStorageKeys,
} from '@furfes/core'
import { createMyPageCache, type MyPageCache } from './my-page-cache.ts'

/**
 * What the account routes and My Page need beyond the public site's services: the member session (Cognito,
 * tokens in storage), the signed-in API client, the app storage and My Page's cache (decision 045). It is
 * created on the first visit to one of those routes, so the public pages never load any of it.
 */
export interface AccountServices {
  session: AuthSession
  api: MemberApiClient
  storage: AppStorage
  cache: MyPageCache
  clock: Clock
  /** The PWA's own origin, where Checkout returns to (the API accepts no other). */
  pwaUrl: string
  /** Sends the browser to another site (the payment page), keeping this page in the history. */
  navigateTo(url: string): void
  /** Opens an address in a new window; false when the browser blocked the pop-up. */
  openWindow(url: string): boolean
  /** Forgets everything of the signed-in user kept on this device besides the tokens (sign-out). */
  forgetUserData(): Promise<void>
}

export interface AccountServicesOptions {
  client: CognitoAuthClient
  apiUrl: string
  pwaUrl: string
  keyValueStorage: KeyValueStorage
  clock: Clock
  fetch?: FetchLike
  /** Another client of the product API (tests answer in memory); by default the real one over `fetch`. */
  api?: MemberApiClient
  navigateTo: (url: string) => void
  openWindow: (url: string) => boolean
  /** Clears the offline copies of the registration code and of the venue that goes with it. */
  clearOfflineRegistrationCode: () => Promise<void>
}

export function createAccountServices(options: AccountServicesOptions): AccountServices {
  const { clock } = options
  const storage = createAppStorage(options.keyValueStorage, clock)
  const session = createAuthSession(options.client, storage, memberAuthStorageKeys, { clock })
  const api =
    options.api ??
    createMemberApiClient({
      baseUrl: options.apiUrl,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      // A token about to expire is renewed first, so a call never goes out with one the API will refuse.
      getAuthInfo: () => session.freshAuthInfo(),
    })
  const cache = createMyPageCache({ api, session, clock })
  return {
    session,
    api,
    storage,
    cache,
    clock,
    pwaUrl: options.pwaUrl,
    navigateTo: options.navigateTo,
    openWindow: options.openWindow,
    async forgetUserData() {
      cache.clear()
      storage.remove('registrationJwtToken')
      await options.clearOfflineRegistrationCode()
    },
  }
}
