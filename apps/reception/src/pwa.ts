import { Workbox } from 'workbox-window'

/**
 * Registers the service worker that precaches the app for offline use. A new version waits until every tab
 * of the old one closes (`registerType: 'prompt'`), so a scanner is never reloaded mid-check-in.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  void new Workbox('/sw.js', { scope: '/' }).register()
}
