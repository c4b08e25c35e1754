import { Workbox } from 'workbox-window'

/**
 * Registers the service worker that precaches the app for offline use. A new version waits until every tab
 * of the old one closes (`registerType: 'prompt'`), so a scanner is never reloaded mid-check-in.
 */
export function registerServiceWorker(reportError: (error: unknown) => void): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  new Workbox('/sw.js', { scope: '/' }).register().catch((error: unknown) => {
    // Offline, registering only fails to look for a newer worker: the installed one keeps serving the app,
    // and the next start online looks again. Online, a failure means the app will not work offline.
    if (navigator.onLine) reportError(error)
  })
}
