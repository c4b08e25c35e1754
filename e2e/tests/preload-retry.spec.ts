import type { Page, Request } from '@playwright/test'
import { servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'
import { freshEmail, notFoundAnswers, signUpAndSignIn } from '../support/mypage.ts'
import { appStarted } from '../support/public-site.ts'

// A lazily loaded page whose script cannot be fetched (a deploy replaced it, the connection dropped) reloads
// the page with a retry counter in the address, up to 5 retries, then goes to the origin without the counter
// (docs/requirements.md SITE-11). The failures are made by aborting the page's own chunk.

/** Every document the page asks for from now on, in order. */
function documentRequests(page: Page): string[] {
  const addresses: string[] = []
  page.on('request', (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      const url = new URL(request.url())
      addresses.push(`${url.pathname}${url.search}`)
    }
  })
  return addresses
}

/** Aborts the first `times` requests for the chunk whose file name starts with `name`. */
async function failChunk(page: Page, name: string, times: number) {
  let failed = 0
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), (route) => {
    if (failed >= times) return route.continue()
    failed++
    return route.abort('connectionfailed')
  })
}

/**
 * From the started top page, follows the site navigation to the venue map while its chunk fails `times`
 * times. Answers the documents the page asks for from the click on.
 */
async function openVenueMapFailing(page: Page, times: number): Promise<string[]> {
  await page.goto('/ja')
  await appStarted(page)
  const documents = documentRequests(page)
  await failChunk(page, 'VenueMapPage', times)
  await page.getByRole('navigation', { name: '主なページ' }).getByRole('link', { name: '会場マップ' }).click()
  return documents
}

test.describe('a page script that fails to load', () => {
  // What the network answers: no service worker serves the chunk from its precache instead. A Japanese
  // browser, so the origin leads to /ja.
  test.use({ serviceWorkers: 'block', locale: 'ja-JP' })

  test.beforeEach(({ expectConsoleError }) => {
    expectConsoleError(/Failed to load resource: net::ERR_CONNECTION_FAILED/)
  })

  test('reloads the page with a retry counter, which then loads it', async ({ page }) => {
    const documents = await openVenueMapFailing(page, 1)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('会場マップ')
    expect(documents).toEqual(['/ja/venue-map?retry=1'])
    // The counter is transient: the loaded page drops it from the address.
    await expect(page).toHaveURL(/\/ja\/venue-map$/)
  })

  test('gives up after five retries and goes to the site without the counter', async ({ page }) => {
    const documents = await openVenueMapFailing(page, Number.POSITIVE_INFINITY)
    await expect(page).toHaveURL(/\/ja$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText((await servedEdition()).edition.name.ja)
    expect(documents.slice(0, 6)).toEqual([
      '/ja/venue-map?retry=1',
      '/ja/venue-map?retry=2',
      '/ja/venue-map?retry=3',
      '/ja/venue-map?retry=4',
      '/ja/venue-map?retry=5',
      '/',
    ])
  })

  test('on My Page too: a page of My Page reloads with the counter', async ({ page, expectConsoleError }) => {
    // A new member has no registration yet: the API answers 404 for it.
    expectConsoleError(notFoundAnswers)
    await signUpAndSignIn(page, 'ja', freshEmail('retry'))
    const documents = documentRequests(page)
    await failChunk(page, 'ProfilePage', 1)
    await page
      .getByRole('navigation', { name: 'マイページのメニュー' })
      .getByRole('link', { name: 'プロフィール' })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('プロフィール')
    expect(documents).toEqual(['/ja/mypage/profile?retry=1'])
  })
})
