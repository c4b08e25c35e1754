import { blockingViolations } from '../support/axe.ts'
import { servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'
import { appStarted, headingOf, languages, pageUrl, publicRoutes } from '../support/public-site.ts'

test.describe('accessibility (axe)', () => {
  for (const route of publicRoutes.filter((candidate) => candidate.path !== 'top')) {
    for (const language of languages) {
      test(`${pageUrl(language, route.path)} has no serious or critical violation`, async ({ page }) => {
        await page.route('**/public-profile', (request) =>
          request.fulfill({
            json: { items: [{ privacy: 'public', handle_name: 'Kemo', urls: ['https://x.com/kemo'] }] },
          }),
        )
        await page.goto(pageUrl(language, route.path))
        const { edition } = await servedEdition()
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf(route, language, edition))
        // The page is interactive and its data has arrived: what a visitor would meet.
        await page.waitForLoadState('networkidle')
        expect(await blockingViolations(page)).toEqual([])
      })
    }
  }

  test('the open menu and the dark theme have no serious or critical violation', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/ja')
    await appStarted(page)
    await page.getByRole('button', { name: 'メニューを開く' }).click()
    await expect(page.getByRole('navigation', { name: 'サイトメニュー' })).toBeVisible()
    expect(await blockingViolations(page)).toEqual([])
    await page.goto('/en/about-registration')
    await page.waitForLoadState('networkidle')
    expect(await blockingViolations(page)).toEqual([])
  })

  test('the keyboard reaches the skip link first and it jumps to the page', async ({ page }) => {
    await page.goto('/ja/faq')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: '本文へ移動' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main$/)
  })
})
