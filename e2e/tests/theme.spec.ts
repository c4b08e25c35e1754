import { expect, test } from '../support/fixtures.ts'
import { appStarted } from '../support/public-site.ts'

test.describe('theme', () => {
  test('is light by default and the switch turns dark, remembered across visits', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/ja')
    await expect(page.locator('html')).toHaveClass(/\blight\b/)
    await appStarted(page)
    const toggle = page.getByRole('button', { name: 'ダークテーマ' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background).not.toBe('rgb(255, 255, 255)')
    await page.goto('/en/faq')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true')
  })

  test('follows prefers-color-scheme until the visitor chooses', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/ja/timetable')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/\blight\b/)
  })
})
