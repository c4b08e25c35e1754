import { servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'
import { appStarted, fullTitle, statusTexts } from '../support/public-site.ts'

const flags = {
  is_new_club_activity_establishment_available: false,
  is_registration_available: true,
  is_under_maintenance: false,
}

test.describe('status pages', () => {
  for (const path of ['/ja/network-error', '/en/maintenance']) {
    test(`${path} sends a direct visit to the top page`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(new RegExp(`${path.slice(0, 3)}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    })
  }

  test('My Page entry shows network-error when the flags cannot be loaded', async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(/Failed to load resource: net::ERR_FAILED/)
    await page.route('**/features', (route) => route.abort('failed'))
    await page.goto('/ja')
    await page
      .getByRole('navigation', { name: '主なページ' })
      .getByRole('link', { name: 'マイページ' })
      .click()
    await expect(page).toHaveURL(/\/ja\/network-error$/)
    await expect(page.getByText(statusTexts.networkError)).toBeVisible()
    await expect(page).toHaveTitle(fullTitle('ネットワークエラー', (await servedEdition()).edition))
  })

  test('My Page entry shows maintenance when the flags say so, in English too', async ({ page }) => {
    await page.route('**/features', (route) =>
      route.fulfill({ json: { ...flags, is_under_maintenance: true } }),
    )
    await page.goto('/en')
    await appStarted(page)
    await page.getByRole('navigation', { name: 'Main pages' }).getByRole('link', { name: 'My Page' }).click()
    await expect(page).toHaveURL(/\/en\/maintenance$/)
    await expect(page.getByText(statusTexts.maintenanceEn)).toBeVisible()
    await expect(page).toHaveTitle(fullTitle('メンテナンス中', (await servedEdition()).edition))
  })

  test('the flags come from the API: new clubs follow is_new_club_activity_establishment_available', async ({
    page,
  }) => {
    await page.goto('/ja/establish-new-club-activity')
    await expect(page.getByText('現在、新しい部活動の設立は受け付けていません')).toBeVisible()
    await page.route('**/features', (route) =>
      route.fulfill({ json: { ...flags, is_new_club_activity_establishment_available: true } }),
    )
    await page.reload()
    await expect(page.getByText('設立申請を受け付けています')).toBeVisible()
  })
})
