/** What the page tells the service worker (service-worker/sw.ts). */
export const serviceWorkerMessages = {
  /** Take over now: the reader accepted the update. Workbox's `messageSkipWaiting()` sends the same. */
  skipWaiting: 'SKIP_WAITING',
  /** Fetch the event-day pages and images kept in IndexedDB again; `force` when the connection just returned. */
  refresh: 'REFRESH_OFFLINE_ASSETS',
} as const

export type ServiceWorkerMessage =
  | { type: typeof serviceWorkerMessages.skipWaiting }
  | { type: typeof serviceWorkerMessages.refresh; force: boolean }
