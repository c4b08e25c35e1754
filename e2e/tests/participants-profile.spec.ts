import { expect, test } from '../support/fixtures.ts'
import { statusTexts } from '../support/public-site.ts'

test.describe('participants-profile', () => {
  test('lists the public profiles GET /public-profile returns', async ({ page }) => {
    await page.route('**/public-profile', (route) =>
      route.fulfill({
        json: {
          items: [{ privacy: 'public', handle_name: 'こんこん', urls: ['https://bsky.app/profile/konkon'] }],
        },
      }),
    )
    await page.goto('/ja/participants-profile')
    await expect(page.getByRole('heading', { level: 2, name: 'こんこん' })).toBeVisible()
    await expect(page.getByRole('link', { name: /bsky\.app\/profile\/konkon/ })).toHaveAttribute(
      'href',
      'https://bsky.app/profile/konkon',
    )
  })

  test('says so when the list is empty', async ({ page }) => {
    await page.route('**/public-profile', (route) => route.fulfill({ json: { items: [] } }))
    await page.goto('/en/participants-profile')
    await expect(page.getByText('No public profiles yet.')).toBeVisible()
  })

  test('shows a translated message when the API cannot be reached', async ({ page, expectConsoleError }) => {
    expectConsoleError(/Failed to load resource: net::ERR_FAILED/)
    await page.route('**/public-profile', (route) => route.abort('failed'))
    await page.goto('/ja/participants-profile')
    await expect(page.getByRole('alert')).toContainText(statusTexts.networkError)
  })
})
