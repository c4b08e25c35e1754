// Loaded once the app has started and the browser is idle (boot.tsx): registers the service worker, offers each
// new version through the snack bar, and keeps the offline copy fresh (docs/decisions/090 and 092).
import type { Language } from '@furfes/core'
import type { NotificationQueue } from '@furfes/ui'
import { Workbox } from 'workbox-window'
import updateEn from '../locales/en/update.json'
import updateJa from '../locales/ja/update.json'
import { type ServiceWorkerMessage, serviceWorkerMessages } from './service-worker-messages.ts'

/** The parts of workbox-window's `Workbox` used here, so tests can drive the update flow. */
export interface ServiceWorkerControl {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void
  register(): Promise<unknown>
  update(): Promise<unknown>
  messageSkipWaiting(): void
}

// The update prompt's words come with it, not in the strings every page downloads (decision 201).
const updateStrings = { ja: updateJa.update, en: updateEn.update }

export interface StartOfflineOptions {
  notifications: NotificationQueue
  /** The language shown when the prompt appears. */
  language: () => Language
  reload: () => void
  workbox?: ServiceWorkerControl
  /** Posts to the active service worker. */
  post?: (message: ServiceWorkerMessage) => void
  events?: Pick<Window, 'addEventListener'>
  markReady?: () => void
}

function postToActiveWorker(message: ServiceWorkerMessage) {
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message))
}

export function startOffline({
  notifications,
  language,
  reload,
  workbox = new Workbox('/sw.js', { scope: '/' }),
  post = postToActiveWorker,
  events = window,
  markReady = () => {
    document.documentElement.dataset.offline = 'ready'
  },
}: StartOfflineOptions): void {
  // A new version has installed and waits for this page (registerType 'prompt'): it takes over only when
  // the reader asks, so nobody is reloaded in the middle of reading or typing.
  workbox.addEventListener('waiting', () => {
    const words = updateStrings[language()]
    notifications.notify(words.ready, 'info', {
      persistent: true,
      action: {
        label: words.reload,
        run: () => {
          workbox.addEventListener('controlling', reload)
          workbox.messageSkipWaiting()
        },
      },
    })
  })
  void workbox
    .register()
    .then(() => post({ type: serviceWorkerMessages.refresh, force: false }))
    .catch(() => {
      // No service worker (a private window, an old browser): the site still works online.
    })
  // Back online: look for a new version and fetch the kept pages and images again.
  events.addEventListener('online', () => {
    workbox.update().catch(() => {})
    post({ type: serviceWorkerMessages.refresh, force: true })
  })
  // From here on the page reacts to the connection; end-to-end tests wait for this instead of for time.
  markReady()
}
