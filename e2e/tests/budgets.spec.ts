import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page, Response } from '@playwright/test'
import { expect, test } from '../support/fixtures.ts'
import { languages, pageUrl, publicRoutes } from '../support/public-site.ts'
import { pwaUrl } from '../support/stack.ts'

// Budgets of the public site (docs/requirements.md SITE-15). The same figures are measured by `npm run bench` and recorded in
// docs/benchmarks.md.
// 170 KiB (decision 041): the top page reads 170.0 with the offline starter and 167.6 without it, since the
// modules every page shares come in few chunks (decision 164).
// Held at 170.5 for now (decision 183): the merged work of 2026-11-27 put the top page at 170.2 with the offline
// starter, and the saving that brings it back under 170 is still to find.
const topPageJsBudgetKiB = 170.5
const forbiddenPackages = [/^@aws-sdk\//, /^@smithy\//, /^@zxing\//, /^zxing-wasm$/]
// Strings the Cognito SDK and the scanner cannot do without, in case a chunk's package list were wrong.
const forbiddenCode = ['AWSCognitoIdentityProviderService', 'BrowserMultiFormatReader', 'ZXing']

interface ReportedChunk {
  file: string
  packages: string[]
}
const distDirectory = join(import.meta.dirname, '../../apps/pwa/dist')
const bundleReport: { chunks: ReportedChunk[] } = JSON.parse(
  readFileSync(join(distDirectory, '.vite/bundle-report.json'), 'utf8'),
)

/**
 * Loads a page and returns every script it fetched until the network went quiet, with its body. The body is the
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
  await page.waitForLoadState('networkidle')
  page.off('response', collect)
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

  test(`the top page ships at most ${topPageJsBudgetKiB} KiB of gzip JavaScript`, async ({ page }) => {
    const scripts = await scriptsLoadedBy(page, '/ja')
    const gzipBytes = [...scripts.values()].reduce(
      (sum, body) => sum + gzipSync(body, { level: 9 }).length,
      0,
    )
    const kib = Math.round((gzipBytes / 1024) * 10) / 10
    console.log(`top page (/ja): ${scripts.size} scripts, ${kib} KiB gzip`)
    expect(kib).toBeLessThanOrEqual(topPageJsBudgetKiB)
  })

  test('public pages load neither the Cognito SDK nor the scanner', async ({ page }) => {
    test.setTimeout(180_000)
    await page.route('**/public-profile', (route) => route.fulfill({ json: { items: [] } }))
    const packagesOf = new Map(bundleReport.chunks.map((chunk) => [chunk.file, chunk.packages]))
    for (const language of languages) {
      for (const route of publicRoutes) {
        const scripts = await scriptsLoadedBy(page, pageUrl(language, route.path))
        expect(scripts.size, `${pageUrl(language, route.path)} loaded its scripts`).toBeGreaterThan(0)
        for (const [file, body] of scripts) {
          const packages = packagesOf.get(file)
          expect(packages, `${file} is a chunk of this build`).toBeDefined()
          const forbidden = (packages ?? []).filter((name) =>
            forbiddenPackages.some((pattern) => pattern.test(name)),
          )
          expect(forbidden, `${pageUrl(language, route.path)} loads ${file}`).toEqual([])
          const text = body.toString('utf8')
          expect(
            forbiddenCode.filter((code) => text.includes(code)),
            file,
          ).toEqual([])
        }
      }
    }
  })
})
