import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures.ts'
import { layoutProblems, menuRow } from '../support/layout.ts'
import { freshEmail, notFoundAnswers, signUpAndSignIn } from '../support/mypage.ts'
import { appStarted, languages, pageUrl, publicRoutes } from '../support/public-site.ts'

/** A phone (iPhone 12–15) and a laptop. */
const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const

const accountRoutes = ['sign-in', 'sign-up', 'send-password-reset-code']
const myPageRoutes = ['dashboard', 'account', 'profile', 'registration', 'registration-additional-info']
const menuLabel = { ja: 'マイページのメニュー', en: 'My Page menu' } as const

async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await appStarted(page)
  await page.waitForLoadState('networkidle')
}

for (const viewport of viewports) {
  for (const language of languages) {
    const size = `${viewport.width}×${viewport.height}`

    test.describe(`${size} in ${language}`, () => {
      test.use({ viewport })

      test('every public page fits its screen, with sentence-case buttons', async ({ page }) => {
        test.setTimeout(240_000)
        // GET /public-profile belongs to the participants-profile tests; the page's frame is what counts here.
        await page.route('**/public-profile', (request) => request.fulfill({ json: { items: [] } }))
        const paths = [
          ...publicRoutes.map((route) => pageUrl(language, route.path)),
          ...accountRoutes.map((path) => pageUrl(language, path)),
        ]
        const problems: string[] = []
        for (const path of paths) {
          await open(page, path)
          // The menu's own links are part of every page a phone shows.
          if (
            viewport.width < 768 &&
            !['registration-code', 'for-investigation'].some((p) => path.endsWith(p))
          ) {
            await page
              .getByRole('button', { name: language === 'ja' ? 'メニューを開く' : 'Open the menu' })
              .click()
            await expect(
              page.getByRole('navigation', { name: language === 'ja' ? 'サイトメニュー' : 'Site menu' }),
            ).toBeVisible()
          }
          for (const problem of await layoutProblems(page)) problems.push(`${path}: ${problem}`)
        }
        expect(problems).toEqual([])
      })

      test('every My Page page fits its screen and the menu keeps to one row', async ({
        page,
        expectConsoleError,
      }) => {
        test.setTimeout(240_000)
        expectConsoleError(notFoundAnswers)
        await signUpAndSignIn(page, language, freshEmail(`layout-${viewport.width}-${language}`))
        const problems: string[] = []
        for (const route of myPageRoutes) {
          const path = pageUrl(language, `mypage/${route}`)
          await open(page, path)
          const menu = await menuRow(page, menuLabel[language])
          // One row; what does not fit scrolls sideways inside the menu.
          expect(menu.lines, `${path}: the menu wraps onto ${menu.lines} lines`).toBe(1)
          expect(!menu.overflows || menu.scrollable, `${path}: the menu overflows without scrolling`).toBe(
            true,
          )
          for (const problem of await layoutProblems(page)) problems.push(`${path}: ${problem}`)
        }
        // The sponsor tiers ask for a T-shirt size beside the size table.
        await open(page, pageUrl(language, 'mypage/registration'))
        await page
          .getByRole('radio', { name: language === 'ja' ? /^スポンサー参加/ : /^Sponsor/ })
          .first()
          .check()
        await expect(page.getByRole('table')).toBeVisible()
        for (const problem of await layoutProblems(page))
          problems.push(`registration with the size table: ${problem}`)
        await open(page, pageUrl(language, 'registration-code'))
        for (const problem of await layoutProblems(page)) problems.push(`registration-code: ${problem}`)
        expect(problems).toEqual([])
      })
    })
  }
}
