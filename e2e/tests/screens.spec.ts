// The screen matrix (docs/decisions/196-the-screen-matrix.md): every public page, account page, My Page screen
// and reception screen at a phone's, a tablet's and a desktop's width, in Japanese and English, light and dark.
// Each is photographed whole into test-results/screens/<app>/<width>-<language>-<theme>/<screen>.png, its layout
// is measured (nothing wider than its box, no text under 12 px) and axe finds nothing at any impact. A language's
// three widths share one page, resized (docs/decisions/204-a-quicker-end-to-end-run.md): each screen loads once,
// and My Page and the reception sign in and pay once per language.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { createMember } from '../support/accounts.ts'
import { axeViolations } from '../support/axe.ts'
import { servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'
import { layoutProblems, menuRow } from '../support/layout.ts'
import { notFoundAnswers, signInInEnglish } from '../support/mypage.ts'
import { appStarted, fullTitle, headingOf, languages, pageUrl, publicRoutes } from '../support/public-site.ts'
import {
  createPaidParticipant,
  type PaidParticipant,
  payRegistration,
  receptionUrl,
  signInAdmin,
  verdictOf,
  withDevices,
} from '../support/reception.ts'

/** A phone (iPhone 12–15), a tablet on its side (the reception's) and a desktop. */
const viewports = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const
const themes = ['light', 'dark'] as const
type Language = (typeof languages)[number]

const screensFolder = join(import.meta.dirname, '../test-results/screens')

/** One combination of the matrix: an app in one language, at every width. */
interface Combination {
  app: 'site' | 'mypage' | 'reception'
  language: Language
  /** Every problem found on any screen, named by screen, width and theme: the test reports them all at its end. */
  problems: string[]
}

/**
 * Checks the screen the page shows in both themes, at the width the page has now. Light: a photograph, the layout
 * and every axe rule. Dark: a photograph and axe's colour rules, as the scheme changes colours only (the theme is
 * CSS variables on the same markup). The page follows prefers-color-scheme as it changes, so one load serves both
 * themes.
 */
async function checkScreen(page: Page, combination: Combination, screen: string) {
  const { app, language, problems } = combination
  const width = page.viewportSize()?.width
  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    const label = `${screen} at ${width} px (${theme})`
    const violations = await axeViolations(page, { colourOnly: theme === 'dark' })
    for (const violation of violations) problems.push(`${label}: axe ${JSON.stringify(violation)}`)
    if (theme === 'light')
      for (const problem of await layoutProblems(page)) problems.push(`${label}: ${problem}`)
    const folder = join(screensFolder, app, `${width}-${language}-${theme}`)
    mkdirSync(folder, { recursive: true })
    await page.screenshot({ path: join(folder, `${screen}.png`), fullPage: true })
  }
}

/**
 * Checks the screen the page shows at each width in turn, resizing the page: the layout follows the width as it
 * changes, as on a tablet turned on its side, so one load serves the three. `before` restores what the resize
 * can undo (the pointer over a row); `after` measures what the screen adds to the matrix at that width, once
 * the check has let the page settle at it.
 */
async function checkAtEveryWidth(
  page: Page,
  combination: Combination,
  screen: string,
  steps: { before?: () => Promise<void>; after?: (width: number) => Promise<void> } = {},
) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport)
    await steps.before?.()
    await checkScreen(page, combination, screen)
    await steps.after?.(viewport.width)
  }
}

const text = {
  ja: {
    openMenu: 'メニューを開く',
    siteMenu: 'サイトメニュー',
    myPageMenu: 'マイページのメニュー',
    sponsor: /^スポンサー参加/,
    code: '受付コード',
    verify: '確認',
    search: '検索: バッジ名・ハンドルネーム・メールアドレス・登録ID',
    fromServer: 'サーバーの数値',
  },
  en: {
    openMenu: 'Open the menu',
    siteMenu: 'Site menu',
    myPageMenu: 'My Page menu',
    sponsor: /^Sponsor/,
    code: 'Registration code',
    search: 'Search: badge name, handle name, email or registration id',
    verify: 'Verify',
    fromServer: 'Figures from the server',
  },
} as const

/** What the public pages that load data of their own show once it has arrived. */
const pageData: Record<string, { ja: string | RegExp; en: string | RegExp }> = {
  timetable: { ja: /^最終更新 /, en: /^Last updated / },
  'participants-profile': { ja: 'Kemo', en: 'Kemo' },
}

/**
 * Waits for the ripple a click draws in an MUI button to go (MUI removes it 550 ms after the click): a circle
 * across the button's corners, clipped by the button but wider than it, which the layout check reports. A screen
 * is checked as it stays; axe, once slow enough to outlast the ripple, no longer is (decision 204).
 */
const rippleGone = (page: Page) => expect(page.locator('.MuiTouchRipple-ripple')).toHaveCount(0)

/** The page's own signals that it is complete: its heading, the app started, its data arrived. */
async function ready(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await appStarted(page)
  await page.waitForLoadState('networkidle')
}

for (const language of languages) {
  test.describe(`every width in ${language}`, () => {
    // Each test starts at the narrowest width and widens the same page.
    test.use({ viewport: viewports[0] })

    test('the public and account pages', async ({ page }) => {
      test.setTimeout(600_000)
      const combination: Combination = { app: 'site', language, problems: [] }
      // One public profile, so the page shows a card rather than its empty state.
      await page.route('**/public-profile', (request) =>
        request.fulfill({
          json: { items: [{ privacy: 'public', handle_name: 'Kemo', urls: ['https://x.com/kemo'] }] },
        }),
      )
      const { edition } = await servedEdition()
      for (const route of publicRoutes.filter((candidate) => candidate.path !== 'top')) {
        await page.setViewportSize(viewports[0])
        await page.goto(pageUrl(language, route.path))
        // The page's own signals, quicker than waiting for the network to rest: its heading, the app started,
        // the title named after the edition the API serves (the one request every page makes), and the
        // pages' own data where they have any.
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf(route, language, edition))
        await appStarted(page)
        await expect(page).toHaveTitle(fullTitle(route.title, edition))
        const data = pageData[route.path]
        if (data) await expect(page.getByText(data[language]).first()).toBeVisible()
        await checkAtEveryWidth(page, combination, route.path || 'top')
      }
      for (const path of ['sign-in', 'sign-up', 'send-password-reset-code']) {
        await page.setViewportSize(viewports[0])
        await page.goto(pageUrl(language, path))
        await ready(page)
        await checkAtEveryWidth(page, combination, path)
      }
      // The menu, where a narrow screen folds the site's sections into it: loaded at each width, so each opens
      // it from the page as it first shows.
      for (const viewport of viewports) {
        await page.setViewportSize(viewport)
        await page.goto(pageUrl(language, ''))
        await ready(page)
        const openMenu = page.getByRole('button', { name: text[language].openMenu })
        if (await openMenu.isVisible()) {
          await openMenu.click()
          await expect(page.getByRole('navigation', { name: text[language].siteMenu })).toBeVisible()
          await checkScreen(page, combination, 'menu-open')
        }
      }
      expect(combination.problems).toEqual([])
    })

    test('My Page, before and after paying', async ({ page, browser, expectConsoleError }) => {
      test.setTimeout(600_000)
      // The API answers 404 for what a new member has not made yet (profile, additional info).
      expectConsoleError(notFoundAnswers)
      const combination: Combination = { app: 'mypage', language, problems: [] }
      const member = await createMember(`screens-${language}`)
      await page.goto('/en/sign-in')
      await signInInEnglish(page, member)
      // The registration form with a sponsor's tier, which asks for a T-shirt size beside the size table.
      await page.goto(pageUrl(language, 'mypage/registration'))
      await ready(page)
      await page.getByRole('radio', { name: text[language].sponsor }).first().check()
      await expect(page.getByRole('table')).toBeVisible()
      await checkAtEveryWidth(page, combination, 'registration-form', {
        before: () => expect(page.getByRole('table')).toBeVisible(),
      })
      // Paid: the dashboard, the code and the registration show real content.
      await payRegistration(browser, member, `Screens ${language}`)
      for (const route of [
        'dashboard',
        'account',
        'profile',
        'registration',
        'registration-additional-info',
      ]) {
        await page.setViewportSize(viewports[0])
        await page.goto(pageUrl(language, `mypage/${route}`))
        await ready(page)
        await checkAtEveryWidth(page, combination, route, {
          after: async (width) => {
            const menu = await menuRow(page, text[language].myPageMenu)
            // One row; what does not fit scrolls sideways inside the menu.
            if (menu.lines !== 1)
              combination.problems.push(`${route} at ${width} px: the menu wraps onto ${menu.lines} lines`)
            if (menu.overflows && !menu.scrollable)
              combination.problems.push(`${route} at ${width} px: the menu overflows without scrolling`)
          },
        })
      }
      await page.setViewportSize(viewports[0])
      await page.goto(pageUrl(language, 'registration-code'))
      await ready(page)
      await expect(page.getByRole('img').first()).toBeVisible()
      await checkAtEveryWidth(page, combination, 'registration-code')
      expect(combination.problems).toEqual([])
    })

    test('the reception', async ({ browser }) => {
      test.setTimeout(600_000)
      const combination: Combination = { app: 'reception', language, problems: [] }
      // Its own participant: scanning checks them in, and the verdict shown must be the valid one.
      const participant: PaidParticipant = await createPaidParticipant(
        browser,
        `Screens ${Math.random().toString(36).slice(2, 8)}`,
      )
      // The settings screen asks for the event-cancelled refund run, which the API answers 404 while there is
      // none (decision 113); Chromium logs each such answer as an error, which is all that may be logged.
      const answered404 = /^Failed to load resource: the server responded with a status of 404/
      await withDevices(
        browser,
        ['Screens'],
        async ([{ page, errors }]) => {
          const notFound: string[] = []
          page.on('response', (response) => {
            if (response.status() === 404)
              notFound.push(`${response.request().method()} ${new URL(response.url()).pathname}`)
          })
          const open = async (path: string) => {
            await page.setViewportSize(viewports[0])
            await page.goto(`${receptionUrl}/${language}/${path}`)
            await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
            await page.waitForLoadState('networkidle')
          }
          await open('admin-sign-in')
          await checkAtEveryWidth(page, combination, 'sign-in')
          await signInAdmin(page)

          await open('admin')
          // The list shows 25 rows a page and other tests add participants: find ours as the desk would.
          await page.getByLabel(text[language].search).fill(participant.badgeName)
          const name = page.getByRole('button', { name: participant.badgeName })
          await expect(name).toBeVisible()
          // A name under the pointer: the row's hover tint and the button's own tint together. The resize moves
          // the row, so the pointer goes back over it at each width.
          await checkAtEveryWidth(page, combination, 'participants', { before: () => name.hover() })
          await name.click()
          const dialog = page.getByRole('dialog')
          await expect(dialog).toBeVisible()
          await rippleGone(page)
          await checkAtEveryWidth(page, combination, 'participant-dialog', {
            before: () => expect(dialog).toBeVisible(),
          })
          await page.keyboard.press('Escape')
          await expect(dialog).toBeHidden()

          await open('admin/scan')
          const field = page.getByLabel(text[language].code)
          await field.fill(participant.code)
          await page.getByRole('button', { name: text[language].verify, exact: true }).click()
          await expect(verdictOf(page)).toHaveAttribute('data-verdict', 'valid')
          await rippleGone(page)
          await checkAtEveryWidth(page, combination, 'scan-verdict', {
            before: () => expect(verdictOf(page)).toHaveAttribute('data-verdict', 'valid'),
          })

          for (const section of [
            'waiting-list',
            'dashboard',
            'edition',
            'timetable',
            'announcements',
            'settings',
            'staff',
            'audit',
            'badges',
          ]) {
            await open(`admin/${section}`)
            if (section === 'dashboard') {
              // The server's figures with every chart drawn, not a chart's "nothing yet" text: this test's
              // participant paid and was checked in at the scan.
              await expect(page.getByTestId('dashboard-freshness')).toContainText(text[language].fromServer)
              await expect.poll(() => page.locator('figure svg').count()).toBeGreaterThanOrEqual(3)
            }
            await checkAtEveryWidth(page, combination, section)
          }
          expect(new Set(notFound)).toEqual(new Set(['GET /admin/event-cancellation']))
          expect(errors.filter((error) => answered404.test(error))).toHaveLength(notFound.length)
        },
        { viewport: viewports[0], toleratedErrors: { Screens: answered404 } },
      )
      expect(combination.problems).toEqual([])
    })
  })
}

test('the keyboard reaches the skip link first and it jumps to the page', async ({ page }) => {
  await page.goto('/ja/faq')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: '本文へ移動' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
})
