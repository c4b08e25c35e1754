import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { firstEdition } from '@furfes/core'
import { chromium, type Page } from '@playwright/test'
import { blockingViolations } from '../support/axe.ts'
import { servedEdition } from '../support/edition.ts'
import { expect } from '../support/fixtures.ts'
import {
  openThenGoOffline,
  openUnderServiceWorker,
  signInPaidParticipantForOffline,
  offlineTest as test,
} from '../support/offline.ts'
import { appStarted } from '../support/public-site.ts'
import { watchErrors } from '../support/reception.ts'
import { chromiumArgs, chromiumPath, pwaUrl } from '../support/stack.ts'

// The installed app opened on the event day with no network. Each test loads the site online first,
// waits for the service worker to control the page, then cuts the network with `context.setOffline(true)`.

/** The page's image of `src` has loaded and has pixels (not a broken-image icon). */
async function imageShown(page: Page, src: string) {
  const image = page.locator(`img[src="${src}"]`)
  await expect(image).toBeVisible()
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBeGreaterThan(0)
}

const offlineStatus = (page: Page, name: string) => page.getByRole('status', { name })

/**
 * Reads one store of the PWA's IndexedDB (furfes-pwa): the record under `key`, or every record without one;
 * undefined while the store does not exist yet.
 */
function readPwaStore<T>(page: Page, store: string, key?: string): Promise<T | undefined> {
  return page.evaluate(
    async ({ store, key }) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('furfes-pwa')
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      try {
        if (!database.objectStoreNames.contains(store)) return undefined
        return await new Promise<T | undefined>((resolve, reject) => {
          const records = database.transaction(store).objectStore(store)
          const request = key === undefined ? records.getAll() : records.get(key)
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
      } finally {
        database.close()
      }
    },
    { store, key },
  )
}

/** What the service worker keeps in IndexedDB (src/offline/offline-assets.ts): each path and when it was saved. */
async function keptAssets(page: Page) {
  const rows = await readPwaStore<{ path: string; savedAt: number }[]>(page, 'assets')
  return Object.fromEntries((rows ?? []).map((row) => [row.path, row.savedAt]))
}

/** The registration code the PWA keeps in IndexedDB (src/offline/registration-code-cache.ts), if any. */
function keptRegistrationCode(page: Page) {
  return readPwaStore<{ token: string; savedAt: number }>(page, 'registrationCode', 'current')
}

test.describe('offline and installable', () => {
  test('the browser reports the site installable in either language, with the manifest of that language', async () => {
    // Chromium never offers to install from an incognito profile, which every new browser context is: this
    // test runs in a profile of its own on disk, as a visitor's browser does.
    const profile = mkdtempSync(join(tmpdir(), 'furfes-install-'))
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: chromiumArgs,
      baseURL: pwaUrl,
    })
    try {
      const page = context.pages()[0] ?? (await context.newPage())
      const errors = watchErrors(page)
      const client = await context.newCDPSession(page)
      for (const [path, manifest, name] of [
        // The manifests name the edition the site is built with (core's first).
        ['/ja/timetable', '/manifest.ja.webmanifest', firstEdition.name.ja],
        ['/en/venue-map', '/manifest.en.webmanifest', firstEdition.name.en],
      ] as const) {
        await openUnderServiceWorker(page, path)
        const { installabilityErrors } = await client.send('Page.getInstallabilityErrors')
        expect(installabilityErrors, `installability errors on ${path}`).toEqual([])
        const { url, data, errors: manifestErrors } = await client.send('Page.getAppManifest')
        expect(new URL(url).pathname).toBe(manifest)
        expect(manifestErrors).toEqual([])
        const parsed = JSON.parse(data ?? '{}') as Record<string, unknown>
        expect(parsed).toMatchObject({ name, start_url: path.slice(0, 3), display: 'standalone' })
      }
      // The app switches the link when the reader switches the language.
      await page.getByRole('link', { name: '日本語' }).click()
      await expect(page).toHaveURL(/\/ja\/venue-map$/)
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.ja.webmanifest')
      expect(errors).toEqual([])
    } finally {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    }
  })

  test('the service worker registers once the app has started; with the network off, the top page, the timetable (ja and en) and the venue map render', async ({
    page,
    context,
  }) => {
    // Its install fetches the whole precache, which must not compete with the page's start-up (decision 213).
    await page.addInitScript(() => {
      const container = navigator.serviceWorker
      const register = container.register.bind(container)
      container.register = (...args: Parameters<typeof register>) => {
        document.documentElement.dataset.registeredWhenApp =
          document.documentElement.dataset.app ?? 'not started'
        return register(...args)
      }
    })
    await openUnderServiceWorker(page, '/ja')
    await expect(page.locator('html')).toHaveAttribute('data-registered-when-app', 'ready')
    await expect(offlineStatus(page, '接続状態')).toHaveText('')

    await context.setOffline(true)
    await page.reload()
    await appStarted(page)
    await expect(
      page.getByRole('heading', { level: 1, name: (await servedEdition()).edition.name.ja }),
    ).toBeVisible()
    await expect(offlineStatus(page, '接続状態')).toHaveText('オフライン：保存済みの内容を表示しています')

    // Inside the app, and as full page loads (the installed app opened again, a bookmark).
    await page
      .getByRole('navigation', { name: '主なページ' })
      .getByRole('link', { name: 'タイムテーブル' })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'タイムテーブル' })).toBeVisible()
    // The published timetable, which the service worker fetched when it installed, as text (decision 172).
    const session = { ja: '着ぐるみパレード', en: 'Fursuit parade' }
    await expect(page.getByRole('listitem', { name: session.ja }).first()).toBeVisible()
    for (const [path, heading, image, listed] of [
      ['/ja/timetable', 'タイムテーブル', undefined, session.ja],
      ['/en/timetable', 'Timetable', undefined, session.en],
      ['/ja/venue-map', '会場マップ', '/images/venue-map-ja.svg', undefined],
      ['/en/venue-map', 'Venue map', '/images/venue-map-en.svg', undefined],
      ['/en', (await servedEdition()).edition.name.en, undefined, undefined],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      if (image) await imageShown(page, image)
      if (listed) await expect(page.getByRole('listitem', { name: listed }).first()).toBeVisible()
    }
    await expect(offlineStatus(page, 'Connection status')).toHaveText('Offline: showing saved content')
    expect(await blockingViolations(page)).toEqual([])

    // A page the app renders in the browser (not prerendered) comes from the app shell.
    await page.goto('/en/top')
    await expect(
      page.getByRole('heading', { level: 1, name: (await servedEdition()).edition.name.en }),
    ).toBeVisible()

    await context.setOffline(false)
    await expect(offlineStatus(page, 'Connection status')).toHaveText('')
  })

  test('an address outside the app gets the offline fallback page, which leads to the saved pages', async ({
    page,
    context,
  }) => {
    await openThenGoOffline(page, context, '/en')
    await page.goto('/files/programme.pdf')
    await expect(page.getByRole('heading', { level: 1, name: 'オフラインです' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'You are offline' })).toBeVisible()
    expect(await blockingViolations(page)).toEqual([])
    await page.getByRole('link', { name: 'Timetable' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Timetable' })).toBeVisible()
    // The published timetable the service worker read when it installed, as text (the image is then a link).
    await expect(page.getByRole('listitem', { name: 'Fursuit parade' }).first()).toBeVisible()
  })

  test('the timetable and venue map kept in IndexedDB answer when the precache cannot, and refresh when the network returns', async ({
    page,
    context,
  }) => {
    await openUnderServiceWorker(page, '/en/venue-map')
    const kept = await keptAssets(page)
    expect(Object.keys(kept).sort()).toEqual(
      [
        '/en',
        '/en/timetable',
        '/en/venue-map',
        '/images/timetable-en.svg',
        '/images/venue-map-en.svg',
        '/ja',
        '/ja/timetable',
        '/ja/venue-map',
        '/images/timetable-ja.svg',
        '/images/venue-map-ja.svg',
      ].sort(),
    )

    // Lose the precached English timetable page and image (as if the cache had been cleared).
    const removed = await page.evaluate(async () => {
      let count = 0
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const request of await cache.keys()) {
          const { pathname } = new URL(request.url)
          if (pathname === '/en/timetable/index.html' || pathname === '/images/timetable-en.svg') {
            await cache.delete(request)
            count++
          }
        }
      }
      return count
    })
    expect(removed).toBe(2)

    await context.setOffline(true)
    const document = await page.goto('/en/timetable')
    await expect(page.getByRole('heading', { level: 1, name: 'Timetable' })).toBeVisible()
    // The page shows the image until the published timetable is read, then links to it: the image is opened at
    // its own address, as that link does, so the test does not race the read.
    const image = await page.goto('/images/timetable-en.svg')
    expect(image?.status()).toBe(200)
    expect(image?.headers()['content-type']).toContain('image/svg+xml')
    // Both answered by the service worker from IndexedDB, which marks its copies.
    expect(document?.headers()['x-furfes-offline-copy']).toBeTruthy()
    expect(image?.headers()['x-furfes-offline-copy']).toBeTruthy()
    await page.goto('/en/timetable')

    // Back online, the service worker fetches the kept copy again.
    await page.locator('html[data-offline="ready"]').waitFor({ state: 'attached' })
    const before = (await keptAssets(page))['/images/timetable-en.svg'] ?? 0
    await context.setOffline(false)
    await expect
      .poll(async () => (await keptAssets(page))['/images/timetable-en.svg'] ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(before)
  })

  test('a participant who opened the registration code online sees its QR with the network off', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(120_000)
    await signInPaidParticipantForOffline(page, browser, 'Offline Fox')

    await page.goto('/en/registration-code')
    const qr = page.getByTestId('registration-code-qr')
    await expect(qr).toBeVisible()
    await expect(page.getByText('Offline Fox')).toBeVisible()
    await expect(page.getByTestId('registration-code-refreshed-at')).toHaveText(
      /^Last refreshed .+ \(Japan time\)$/,
    )
    await expect.poll(async () => (await keptRegistrationCode(page))?.savedAt).toBeGreaterThan(0)
    const first = await keptRegistrationCode(page)

    // Any later visit online refreshes the kept code in the background (decision 121): its time moves on.
    await page.goto('/en/timetable')
    await expect
      .poll(async () => (await keptRegistrationCode(page))?.savedAt, { timeout: 20_000 })
      .toBeGreaterThan(first?.savedAt ?? Number.POSITIVE_INFINITY)
    const refreshed = await keptRegistrationCode(page)
    expect(refreshed?.token).toMatch(/^200[0-9A-Z $%*+\-./:]+$/)

    await context.setOffline(true)
    for (const path of ['/en/registration-code', '/ja/registration-code']) {
      await page.goto(path)
      await expect(qr).toBeVisible()
      await expect(qr.getByRole('img')).toBeVisible()
      await expect(page.getByText('Offline Fox')).toBeVisible()
    }
    // The page shows the refreshed copy and when it was refreshed, in Japan time.
    await expect(page.getByTestId('registration-code-refreshed-at')).toHaveText(/^最終更新: .+（日本時間）$/)
    await expect(offlineStatus(page, '接続状態')).toHaveText('オフライン：保存済みの内容を表示しています')

    // My Page cannot open offline: its network-error page leads to the saved code rather than a dead end.
    await page.goto('/en/mypage')
    await expect(page).toHaveURL(/\/en\/network-error$/)
    await page.getByRole('link', { name: 'Show my registration code' }).click()
    await expect(page).toHaveURL(/\/en\/registration-code$/)
    await expect(qr.getByRole('img')).toBeVisible()
    await expect(page.getByText('Offline Fox')).toBeVisible()
  })

  test('signing in offline says the network failed and keeps what was typed', async ({ page, context }) => {
    await openThenGoOffline(page, context, '/en/sign-in')
    await page.getByLabel('Email address').fill('someone@example.com')
    await page.getByLabel('Password').fill('a password typed offline')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('A network error occurred. Please wait a while and try again.')).toBeVisible()
    await expect(page.getByLabel('Email address')).toHaveValue('someone@example.com')
    await expect(page.getByLabel('Password')).toHaveValue('a password typed offline')
    await expect(page).toHaveURL(/\/en\/sign-in$/)
  })
})
