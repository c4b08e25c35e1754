import { servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'
import { appStarted, fullTitle } from '../support/public-site.ts'
import { contactUrl } from '../support/stack.ts'

test.describe('language rules and redirects', () => {
  test('the bare address goes to the browser language when nothing is stored', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText((await servedEdition()).edition.name.en)
    await context.close()
  })

  test('a language other than ja or en counts as Japanese', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' })
    const page = await context.newPage()
    await page.goto('/faq')
    await expect(page).toHaveURL(/\/ja\/faq$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('よくある質問')
    await context.close()
  })

  test('an unsupported language prefix goes to the current language, keeping the page', async ({ page }) => {
    await page.goto('/ja')
    await page.getByRole('link', { name: 'English' }).click()
    await expect(page).toHaveURL(/\/en$/)
    await page.goto('/fr/timetable')
    await expect(page).toHaveURL(/\/en\/timetable$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Timetable')
  })

  test('an unknown path goes to the top page', async ({ page }) => {
    await page.goto('/ja/no-such-page/at-all')
    await expect(page).toHaveURL(/\/ja$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText((await servedEdition()).edition.name.ja)
  })

  test('the lang query key overrides the path language and is remembered', async ({ page }) => {
    await page.goto('/ja/faq?lang=en')
    await expect(page).toHaveURL(/\/en\/faq$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ')
    await page.goto('/')
    await expect(page).toHaveURL(/\/en$/)
  })

  test('the transient retry counter leaves the address once the page has loaded', async ({ page }) => {
    await page.goto('/ja/about?retry=2&ref=poster')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('イベント概要')
    await expect(page).toHaveURL(/\/ja\/about\?ref=poster$/)
  })

  test('the language switch keeps the page and the fragment', async ({ page }) => {
    await page.goto('/ja/faq#fursuit')
    // Before the app starts the link is the prerendered one, without the fragment; it keeps the page anyway.
    await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/faq#fursuit')
    await page.getByRole('link', { name: 'English' }).click()
    await expect(page).toHaveURL(/\/en\/faq#fursuit$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await page.getByRole('link', { name: '日本語' }).click()
    await expect(page).toHaveURL(/\/ja\/faq#fursuit$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('よくある質問')
  })

  test('navigating inside the site keeps the page loaded and moves focus to the new page', async ({
    page,
  }) => {
    await page.goto('/ja')
    await appStarted(page)
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page
      .getByRole('navigation', { name: '主なページ' })
      .getByRole('link', { name: '会場マップ' })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('会場マップ')
    await expect(page).toHaveTitle(fullTitle('会場マップ', (await servedEdition()).edition))
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
    await expect(page.getByRole('main')).toBeFocused()
  })

  test('arriving at the top page from sign-out reloads the whole app', async ({ page }) => {
    await page.goto('/ja/faq')
    await appStarted(page)
    await page.evaluate(() => Object.assign(window, { beforeSignOut: true }))
    // What the sign-out page does: a navigation inside the app, carrying the sign-out state.
    await page.evaluate(() => {
      history.pushState({ usr: { from: 'sign-out' }, key: 'signout', idx: 1 }, '', '/ja')
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
    })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText((await servedEdition()).edition.name.ja)
    // While the reload is under way there is no page to ask; poll until the new one answers.
    await expect
      .poll(() => page.evaluate(() => 'beforeSignOut' in window).catch(() => 'reloading'))
      .toBe(false)
    await expect(page).toHaveURL(/\/ja$/)
  })

  test('contact-us replaces the page with the configured contact form', async ({ page }) => {
    await page.route(contactUrl, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Contact form</title><h1>Contact form</h1>' }),
    )
    await page.goto('/ja/faq')
    await page.goto('/ja/contact-us')
    await expect(page).toHaveURL(contactUrl)
    await page.goBack()
    await expect(page).toHaveURL(/\/ja\/faq$/)
  })
})
