// What the event day needs with no network, kept in IndexedDB as well as in the service worker's precache
// (docs/decisions/090): the top, timetable and venue-map pages and the two images, in both languages. The
// service worker fills and refreshes this copy and answers from it when the precache cannot.
// Runs in the service worker: nothing here may import @furfes/core's values (its barrel would pull in zod).
import type { Language } from '@furfes/core'
import { images } from '../content/images.ts'
import type { CachedAsset, PwaDatabase } from './database.ts'

const languages = ['ja', 'en'] as const satisfies readonly Language[]

/** The paths kept, each as the host serves it (a page's address, not its index.html). */
export const offlineAssetPaths: readonly string[] = languages.flatMap((language) => [
  `/${language}`,
  `/${language}/timetable`,
  `/${language}/venue-map`,
  images.timetable.src(language),
  images.venueMap.src(language),
])

/** `/ja/timetable/` and `/ja/timetable` are one page; `/` stays `/`. */
export function assetPath(url: string | URL): string {
  const { pathname } = new URL(url, 'http://localhost')
  return pathname.replace(/(.)\/+$/, '$1')
}

/** A copy younger than this is not fetched again when a page starts (an `online` event always refreshes). */
export const refreshIntervalMs = 60 * 60 * 1000

export interface RefreshOptions {
  database: PwaDatabase
  /** The network: the service worker's own fetch, which its fetch handler does not see. */
  fetch: (path: string) => Promise<Response>
  now: () => number
  /** Fetch even when the copy is recent: the connection has just come back. */
  force?: boolean
}

/**
 * When the connection has just returned and nothing could be fetched, the next attempts: the `online` event
 * comes when the device has a network, which is not always when the site can be reached (a venue's Wi-Fi
 * sign-in page, a mobile network still attaching).
 */
const retryDelaysMs: readonly number[] = [2_000, 5_000, 15_000]

/**
 * Fetches every kept path and stores the answers. A failed or non-OK answer keeps the previous copy, so a
 * refresh in a flaky connection never loses what the device had. Returns how many were saved.
 */
export async function refreshOfflineAssets(
  options: RefreshOptions & { sleep?: (ms: number) => Promise<void> },
): Promise<number> {
  const { force = false, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) } = options
  let saved = await fetchAndStore(options)
  if (!force) return saved
  for (const delay of retryDelaysMs) {
    if (saved > 0) break
    await sleep(delay)
    saved = await fetchAndStore(options)
  }
  return saved
}

async function fetchAndStore({ database, fetch, now, force = false }: RefreshOptions) {
  const kept = await database.assets.bulkGet([...offlineAssetPaths])
  const oldest = Math.min(...kept.map((asset) => asset?.savedAt ?? 0))
  if (!force && now() - oldest < refreshIntervalMs) return 0
  let saved = 0
  await Promise.all(
    offlineAssetPaths.map(async (path) => {
      try {
        const response = await fetch(path)
        if (!response.ok) return
        const asset: CachedAsset = {
          path,
          contentType: response.headers.get('content-type') ?? 'application/octet-stream',
          body: await response.arrayBuffer(),
          savedAt: now(),
        }
        await database.assets.put(asset)
        saved++
      } catch {
        // Offline or interrupted: keep the copy already kept.
      }
    }),
  )
  return saved
}

/** The kept copy of a path as a response, if there is one. */
export async function offlineAssetResponse(database: PwaDatabase, url: string | URL) {
  const asset = await database.assets.get(assetPath(url))
  if (!asset) return undefined
  return new Response(asset.body, {
    headers: {
      'content-type': asset.contentType,
      'x-furfes-offline-copy': new Date(asset.savedAt).toISOString(),
    },
  })
}
