import { firstEdition } from '@furfes/core'
import { servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'
import { fullTitle, headingOf, languages, pageUrl, publicRoutes } from '../support/public-site.ts'

// One page per language walks every route: a fresh page per route cost a browser context each and did not
// check more. The service worker is left out here: its install would only slow each load (offline.spec covers it).
test.describe('every public route in both languages', () => {
  test.use({ serviceWorkers: 'block' })

  for (const language of languages) {
    test(`every /${language} route shows its Japanese title, its main heading and the right navigation`, async ({
      page,
    }) => {
      test.setTimeout(120_000)
      // GET /public-profile belongs to another issue; the list itself is covered in participants-profile.spec.
      await page.route('**/public-profile', (request) => request.fulfill({ json: { items: [] } }))
      const { edition } = await servedEdition()
      for (const route of publicRoutes) {
        const url = pageUrl(language, route.path)
        await page.goto(url)
        await expect(page.getByRole('heading', { level: 1 }), url).toHaveText(
          headingOf(route, language, edition),
        )
        await expect(page, url).toHaveTitle(fullTitle(route.title, edition))
        await expect(page.locator('html'), url).toHaveAttribute('lang', language)
        if (route.navigation === false) {
          await expect(page.getByRole('navigation'), url).toHaveCount(0)
        } else {
          await expect(
            page.getByRole('navigation', { name: language === 'ja' ? 'サイトマップ' : 'Site map' }),
            url,
          ).toBeVisible()
        }
      }
    })
  }
})

test.describe('prerendered pages', () => {
  // React outlines a large Suspense boundary into a hidden element that an inline script moves into place
  // later: the first paint then showed an empty page whose footer jumped down (layout shift 0.87 on /ja).
  test.use({ javaScriptEnabled: false })

  test('show their whole content from the HTML alone, with nothing for a script to reveal later', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const outlined = /<!--\$\?-->|<template id="B:|<div hidden id="S:|\$RC\(/
    let prerendered = 0
    for (const route of publicRoutes) {
      for (const language of languages) {
        const response = await page.goto(pageUrl(language, route.path))
        expect(await response?.text(), pageUrl(language, route.path)).not.toMatch(outlined)
        if ((await page.locator('#root > *').count()) === 0) continue
        prerendered++
        // Written at build time: the edition the site was built with.
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          headingOf(route, language, firstEdition),
        )
      }
    }
    expect(prerendered).toBeGreaterThanOrEqual(30)
  })
})
