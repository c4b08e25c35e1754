import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openPwaDatabase, type PwaDatabase } from './database.ts'
import {
  assetPath,
  offlineAssetPaths,
  offlineAssetResponse,
  refreshIntervalMs,
  refreshOfflineAssets,
} from './offline-assets.ts'

let database: PwaDatabase
let now: number
let served: Map<string, { status: number; body: string; type: string }>
const requested: string[] = []

const fetchFake = async (path: string) => {
  requested.push(path)
  const answer = served.get(path)
  if (!answer) throw new TypeError('Failed to fetch')
  return new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.type } })
}

const slept: number[] = []
const refresh = (force = false) =>
  refreshOfflineAssets({
    database,
    fetch: fetchFake,
    now: () => now,
    force,
    sleep: async (ms) => {
      slept.push(ms)
    },
  })
const text = async (response: Response | undefined) => response?.text()

beforeEach(() => {
  database = openPwaDatabase(`test-${crypto.randomUUID()}`)
  now = Date.UTC(2025, 4, 10, 9)
  requested.length = 0
  slept.length = 0
  served = new Map(
    offlineAssetPaths.map((path) => [
      path,
      { status: 200, body: `v1 ${path}`, type: path.endsWith('.svg') ? 'image/svg+xml' : 'text/html' },
    ]),
  )
})
afterEach(async () => {
  await database.delete()
})

describe('offline copy of the event-day pages and images', () => {
  it('keeps the top, timetable and venue-map pages and both images in each language', () => {
    expect([...offlineAssetPaths].sort()).toEqual(
      [
        '/ja',
        '/ja/timetable',
        '/ja/venue-map',
        '/images/timetable-ja.svg',
        '/images/venue-map-ja.svg',
        '/en',
        '/en/timetable',
        '/en/venue-map',
        '/images/timetable-en.svg',
        '/images/venue-map-en.svg',
      ].sort(),
    )
  })

  it('stores every answer and serves it back with its content type', async () => {
    await expect(refresh()).resolves.toBe(offlineAssetPaths.length)
    const page = await offlineAssetResponse(database, 'http://localhost/en/timetable/')
    expect(page?.headers.get('content-type')).toBe('text/html')
    await expect(text(page)).resolves.toBe('v1 /en/timetable')
    const image = await offlineAssetResponse(database, new URL('http://localhost/images/venue-map-ja.svg'))
    expect(image?.headers.get('content-type')).toBe('image/svg+xml')
    await expect(offlineAssetResponse(database, 'http://localhost/en/faq')).resolves.toBeUndefined()
  })

  it('does not fetch a recent copy again unless the connection has just returned', async () => {
    await refresh()
    requested.length = 0
    now += refreshIntervalMs - 1
    await expect(refresh()).resolves.toBe(0)
    expect(requested).toEqual([])
    served.set('/ja/timetable', { status: 200, body: 'v2', type: 'text/html' })
    await expect(refresh(true)).resolves.toBe(offlineAssetPaths.length)
    await expect(text(await offlineAssetResponse(database, '/ja/timetable'))).resolves.toBe('v2')
    now += refreshIntervalMs
    await expect(refresh()).resolves.toBe(offlineAssetPaths.length)
  })

  it('keeps the previous copy when the network fails or answers with an error', async () => {
    await refresh()
    served.delete('/en/venue-map')
    served.set('/ja/venue-map', { status: 503, body: 'busy', type: 'text/plain' })
    await expect(refresh(true)).resolves.toBe(offlineAssetPaths.length - 2)
    await expect(text(await offlineAssetResponse(database, '/en/venue-map'))).resolves.toBe(
      'v1 /en/venue-map',
    )
    await expect(text(await offlineAssetResponse(database, '/ja/venue-map'))).resolves.toBe(
      'v1 /ja/venue-map',
    )
  })

  it('tries again a few times when the connection has returned but nothing could be fetched', async () => {
    await refresh()
    const everything = new Map(served)
    served.clear()
    let attempts = 0
    const fetchLate = async (path: string) => {
      attempts++
      // The site becomes reachable after two failed rounds.
      if (attempts > 2 * offlineAssetPaths.length) served = everything
      return fetchFake(path)
    }
    await expect(
      refreshOfflineAssets({
        database,
        fetch: fetchLate,
        now: () => now,
        force: true,
        sleep: async (ms) => {
          slept.push(ms)
        },
      }),
    ).resolves.toBe(offlineAssetPaths.length)
    expect(slept).toEqual([2_000, 5_000])
  })

  it('gives up after the last attempt and keeps the old copy', async () => {
    await refresh()
    served.clear()
    await expect(refresh(true)).resolves.toBe(0)
    expect(slept).toEqual([2_000, 5_000, 15_000])
    await expect(text(await offlineAssetResponse(database, '/ja'))).resolves.toBe('v1 /ja')
  })

  it('names a page by its address without a trailing slash', () => {
    expect(assetPath('http://localhost/ja/timetable/')).toBe('/ja/timetable')
    expect(assetPath('/ja/timetable?lang=en')).toBe('/ja/timetable')
    expect(assetPath('http://localhost/')).toBe('/')
  })
})
