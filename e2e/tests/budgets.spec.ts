import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page, Response } from '@playwright/test'
import { expect, test } from '../support/fixtures.ts'
import { languages, pageUrl, publicRoutes } from '../support/public-site.ts'
import { pwaUrl } from '../support/stack.ts'

// Budgets of the public site (docs/requirements.md SITE-15, BUDGET-1), recorded in docs/benchmarks.md. Every
// public page ships at most 170 KiB of gzip JavaScript on a first visit (decision 041); since decision 209 no public
// page has a figure of its own. registration-code is an account page with its own budget (decision 202), its
// measured figure rounded up to the next half KiB; a figure that lands on a half KiB gets the next one: a build in
// another folder (a fresh clone) measured 0.1 KiB more than the same tree built here.
const defaultBudgetKiB = 170
/** By path without the language; a page not listed has the default in both languages. */
const pageBudgetsKiB: Readonly<Record<string, { ja: number; en: number }>> = {
  'registration-code': { ja: 296, en: 296 },
}

const forbiddenPackages = [/^@aws-sdk\//, /^@smithy\//, /^@zxing\//, /^zxing-wasm$/]
// Strings the Cognito SDK and the scanner cannot do without, in case a chunk's package list were wrong.
const forbiddenCode = ['AWSCognitoIdentityProviderService', 'BrowserMultiFormatReader', 'ZXing']

interface ReportedChunk {
  file: string
  packages: string[]
  modules: Record<string, number>
}
const distDirectory = join(import.meta.dirname, '../../apps/pwa/dist')
const bundleReport: { chunks: ReportedChunk[] } = JSON.parse(
  readFileSync(join(distDirectory, '.vite/bundle-report.json'), 'utf8'),
)

/**
 * Loads a page and returns every script it fetched until the app was up and the network went quiet, with its body. The body is the
 * built file the preview server sent: the browser may drop a response's body before it can be read (CI once saw
 * "No resource with given identifier" for a script of a page still on screen).
 */
async function scriptsLoadedBy(page: Page, path: string): Promise<Map<string, Buffer>> {
  const urls = new Set<string>()
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url())
  }
  page.on('response', collect)
  await page.goto(path)
  // The app is up (the page's own chunk loaded and adopted) before the network counts as quiet: on a busy host a
  // quiet half second could come before the entry had even asked for the page's chunk.
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
  page.off('response', collect)
  // Leave the page, so nothing it still loads is counted as the next page's.
  await page.goto('about:blank')
  const scripts = [...urls].map((url) => new URL(url))
  expect(
    scripts.filter((url) => url.origin !== new URL(pwaUrl).origin).map(String),
    `${path} loads scripts only from the site`,
  ).toEqual([])
  return new Map(
    scripts.map((url) => {
      const file = decodeURIComponent(url.pathname).replace(/^\//, '')
      return [file, readFileSync(join(distDirectory, file))]
    }),
  )
}

test.describe('budgets', () => {
  // What a first visit downloads, from the network: no service worker answers from its precache,
  // and none reports its responses in place of the network's.
  test.use({ serviceWorkers: 'block' })

  test('every public page ships at most its budget of gzip JavaScript, and neither the Cognito SDK nor the scanner', async ({
    browser,
  }) => {
    test.setTimeout(240_000)
    const packagesOf = new Map(bundleReport.chunks.map((chunk) => [chunk.file, chunk.packages]))
    // A chunk's size is the same on every page that loads it: compressed once.
    const gzipBytesByFile = new Map<string, number>()
    const gzipBytesOf = (file: string, body: Buffer) => {
      const known = gzipBytesByFile.get(file)
      if (known !== undefined) return known
      const bytes = gzipSync(body, { level: 9 }).length
      gzipBytesByFile.set(file, bytes)
      return bytes
    }
    const measured = new Map<string, string[]>()
    // Each language in a page of its own at the same time: the waits for a quiet network overlap.
    await Promise.all(
      languages.map(async (language) => {
        const context = await browser.newContext({ serviceWorkers: 'block' })
        const page = await context.newPage()
        await page.route('**/public-profile', (route) => route.fulfill({ json: { items: [] } }))
        const lines: string[] = []
        measured.set(language, lines)
        try {
          for (const route of publicRoutes) {
            const url = pageUrl(language, route.path)
            const scripts = await scriptsLoadedBy(page, url)
            expect(scripts.size, `${url} loaded its scripts`).toBeGreaterThan(0)
            for (const [file, body] of scripts) {
              const packages = packagesOf.get(file)
              expect(packages, `${file} is a chunk of this build`).toBeDefined()
              const forbidden = (packages ?? []).filter((name) =>
                forbiddenPackages.some((pattern) => pattern.test(name)),
              )
              expect(forbidden, `${url} loads ${file}`).toEqual([])
              const text = body.toString('utf8')
              expect(
                forbiddenCode.filter((code) => text.includes(code)),
                file,
              ).toEqual([])
            }
            const gzipBytes = [...scripts].reduce((sum, [file, body]) => sum + gzipBytesOf(file, body), 0)
            const kib = Math.round((gzipBytes / 1024) * 10) / 10
            const budget = pageBudgetsKiB[route.path]?.[language] ?? defaultBudgetKiB
            lines.push(`${url}: ${scripts.size} scripts, ${kib} KiB gzip (budget ${budget})`)
            expect
              .soft(kib, `${url} ships at most ${budget} KiB of gzip JavaScript`)
              .toBeLessThanOrEqual(budget)
          }
        } finally {
          await context.close()
        }
      }),
    )
    // The figures docs/benchmarks.md records, in the test's output.
    console.log(languages.flatMap((language) => measured.get(language) ?? []).join('\n'))
  })

  test('the timetable page loads the site strings and the copy of its language only, and the notification settings and change-alert code with their words only when used (the change check only with starred sessions)', async ({
    page,
  }) => {
    const modulesOf = new Map(bundleReport.chunks.map((chunk) => [chunk.file, Object.keys(chunk.modules)]))
    for (const language of languages) {
      // A first visit: no stars, no timetable seen before, no subscription.
      await page.goto(pageUrl(language, ''))
      await page.evaluate(() => window.localStorage.clear())
      const loaded = [...(await scriptsLoadedBy(page, pageUrl(language, 'timetable'))).keys()].flatMap(
        (file) => modulesOf.get(file) ?? [],
      )
      expect(loaded).toContain(`apps/pwa/src/locales/${language}/timetable.json`)
      // The site's strings too (decision 200); the Japanese page titles are on every page.
      expect(loaded).toContain(`apps/pwa/src/locales/${language}/pwa.json`)
      expect(loaded).toContain('apps/pwa/src/locales/ja/page-titles.json')
      const other = language === 'ja' ? 'en' : 'ja'
      expect(
        loaded.filter(
          (module) =>
            module.endsWith(`locales/${other}/timetable.json`) ||
            module.endsWith(`locales/${other}/pwa.json`) ||
            (language === 'ja' && module.endsWith('locales/en/page-titles.json')) ||
            module.endsWith('timetable/push-actions.ts') ||
            module.endsWith('timetable/StarredChangesAlert.tsx') ||
            // The change alert's check loads only once sessions are starred on this device (decision 209).
            module.endsWith('timetable/changes.tsx') ||
            // The notification settings and their words load when opened (decision 201).
            module.endsWith('timetable/TimetableAlerts.tsx') ||
            module.endsWith('-notifications.json') ||
            module.endsWith('-changes.json'),
        ),
      ).toEqual([])
    }
  })

  test('about-registration loads the domain labels and its copy in its language only, and the cancellation notice only when the event is cancelled', async ({
    page,
  }) => {
    const modulesOf = new Map(bundleReport.chunks.map((chunk) => [chunk.file, Object.keys(chunk.modules)]))
    for (const language of languages) {
      const loaded = [
        ...(await scriptsLoadedBy(page, pageUrl(language, 'about-registration'))).keys(),
      ].flatMap((file) => modulesOf.get(file) ?? [])
      // Decision 209: the labels come with the page's copy, in the address's language.
      expect(loaded).toContain(`packages/core/src/locales/${language}/domain.json`)
      expect(loaded).toContain(`apps/pwa/src/locales/${language}/about-registration.json`)
      const other = language === 'ja' ? 'en' : 'ja'
      expect(
        loaded.filter(
          (module) =>
            module.endsWith(`locales/${other}/domain.json`) ||
            module.endsWith(`locales/${other}/about-registration.json`) ||
            module.endsWith('content/EventCancelledAlert.tsx'),
        ),
      ).toEqual([])
    }
  })
})
