import { servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'
import { fullTitle } from '../support/public-site.ts'

test.describe('top page', () => {
  test('shows the event in Japanese under /ja', async ({ page }) => {
    await page.goto('/ja')
    const { edition } = await servedEdition()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edition.name.ja)
    await expect(page).toHaveTitle(fullTitle('トップ', edition))
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  })

  test('shows the event in English under /en with the title still in Japanese', async ({ page }) => {
    await page.goto('/en')
    const { edition } = await servedEdition()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(edition.name.en)
    await expect(page).toHaveTitle(fullTitle('トップ', edition))
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })
})
