// The public site's service worker (docs/decisions/090). Built by vite-plugin-pwa (injectManifest); the list
// of files to precache is written into it after the pages are prerendered (scripts/precache.ts).
import { clientsClaim } from 'workbox-core'
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing'
import { NetworkFirst, NetworkOnly } from 'workbox-strategies'
import { pwaDatabase } from '../src/offline/database.ts'
import { openNotificationPage } from '../src/offline/notification-click.ts'
import { offlineAssetResponse, refreshOfflineAssets } from '../src/offline/offline-assets.ts'
import { type ServiceWorkerMessage, serviceWorkerMessages } from '../src/offline/service-worker-messages.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] }

const offlinePage = '/offline.html'
const configUrl = '/config.json'
const configCache = 'runtime-config'

// Every file of the site, both languages: scripts, styles, images, manifests, icons, and each prerendered page.
// A page's address (/en/timetable, /en/timetable/ or /en/timetable?lang=ja) is answered with its prerendered
// file, exactly as the host serves it, so an offline visit paints the same HTML an online one does.
precacheAndRoute(self.__WB_MANIFEST, {
  urlManipulation: ({ url }) => [new URL(`${url.pathname.replace(/\/+$/, '')}/index.html`, url.origin)],
})
cleanupOutdatedCaches()

// Deploy-time configuration (the API's address…): fresh when online, the last copy when not. It is fetched
// once at install, so the first offline visit has it even if no page had asked for it yet.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === configUrl,
  new NetworkFirst({ cacheName: configCache, networkTimeoutSeconds: 3 }),
)
// The current edition, its published timetable and its announcements (GET /edition, GET /timetable and
// GET /announcements on the API's origin, docs/decisions/160, 172 and 173): fresh when online, through the browser's cache (which revalidates them with
// If-None-Match), and the last answer when not, so an offline reload shows the last known edition and timetable
// rather than the ones the pages were built with. A new publication reaches the page on its next online read.
const publicReads = ['edition', 'timetable', 'announcements'] as const
const editionCache = 'edition'
registerRoute(
  ({ url, request, sameOrigin }) =>
    !sameOrigin && request.method === 'GET' && publicReads.some((path) => url.pathname.endsWith(`/${path}`)),
  new NetworkFirst({ cacheName: editionCache, networkTimeoutSeconds: 3 }),
)
self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      caches
        .open(configCache)
        .then(async (cache) => {
          await cache.add(new Request(configUrl, { cache: 'no-cache' }))
          await keepEdition(await cache.match(configUrl))
        })
        .catch(() => undefined),
      refreshKeptCopy(true),
    ]),
  )
})

/**
 * The current edition, timetable and announcements, read at install too: the page that installed this worker read them before
 * the worker could answer, and an offline reload must show the last known ones rather than the built ones.
 */
async function keepEdition(config: Response | undefined) {
  const apiUrl: unknown = (await config?.json())?.apiUrl
  if (typeof apiUrl !== 'string') return
  const cache = await caches.open(editionCache)
  // Each on its own: while nothing is published, GET /timetable answers 404 and the edition is still kept.
  await Promise.allSettled(
    publicReads.map((path) =>
      cache.add(new Request(new URL(path, `${apiUrl.replace(/\/$/, '')}/`), { mode: 'cors' })),
    ),
  )
}

/** The event-day pages and images in IndexedDB (src/offline/offline-assets.ts), fetched from the network. */
function refreshKeptCopy(force: boolean) {
  return refreshOfflineAssets({
    database: pwaDatabase(),
    fetch: (path) => fetch(path, { cache: 'no-cache' }),
    now: Date.now,
    force,
  }).catch(() => 0)
}

// Any other address of the app (My Page, the registration code, status pages, an unknown path the router
// redirects) is the app shell, which renders it in the browser.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // Files opened directly (an image, the manifest) are not pages of the app.
    denylist: [/\.[a-z0-9]+$/i],
  }),
)
// …and those go to the network, so that an offline failure reaches the catch handler below.
registerRoute(({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate', new NetworkOnly())

// What neither the precache nor the network can answer: the copy kept in IndexedDB, else, for a page, the
// offline fallback page.
setCatchHandler(async ({ request }) => {
  const url = new URL(request.url)
  const kept =
    url.origin === self.location.origin
      ? await offlineAssetResponse(pwaDatabase(), url).catch(() => undefined)
      : undefined
  if (kept) return kept
  if (request.destination === 'document') return (await matchPrecache(offlinePage)) ?? Response.error()
  return Response.error()
})

// The page asks for the new version when the reader accepts the update snack bar, and for a fresh copy of
// the kept pages when it starts and when the connection returns (src/offline/start-offline.ts).
self.addEventListener('message', (event) => {
  const message = event.data as ServiceWorkerMessage | null
  if (message?.type === serviceWorkerMessages.skipWaiting) event.waitUntil(self.skipWaiting())
  if (message?.type === serviceWorkerMessages.refresh) event.waitUntil(refreshKeptCopy(message.force))
})
// Web Push (docs/decisions/176): the API's message, JSON written by it (title, body, tag, the page to open), shown
// as a notification; one of the same tag replaces the earlier one, so a push sent twice shows once. Anything
// unreadable still shows a notification, which the browser requires of every push.
self.addEventListener('push', (event) => {
  let message: { title?: unknown; body?: unknown; tag?: unknown; path?: unknown } = {}
  try {
    message = event.data?.json() ?? {}
  } catch {
    message = { body: event.data?.text() }
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const path = text(message.path)?.startsWith('/') ? text(message.path) : '/'
  event.waitUntil(
    self.registration.showNotification(text(message.title) ?? '東京ふぁーりーフェス / Tokyo Furry Fes', {
      body: text(message.body) ?? '',
      tag: text(message.tag) ?? 'furfes',
      icon: '/icons/icon-192.png',
      data: { path },
    }),
  )
})

// A click opens the notification's page: in a window of the site already open if there is one, else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(openNotificationPage(event.notification.data, self.clients, self.location.origin))
})

// The first version takes the open page at once, so it works offline without a reload.
clientsClaim()
