import { firstEdition } from '@furfes/core'
import { servedEdition } from '../support/edition.ts'
import { expect, test } from '../support/fixtures.ts'
import { appStarted } from '../support/public-site.ts'

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]

test.describe('the site has a face', () => {
  for (const { path, language, title, locale } of [
    // Link cards are written when the site is built, with the edition it is built with (core's first).
    { path: '/ja', language: 'ja', title: firstEdition.name.ja, locale: 'ja_JP' },
    { path: '/en/faq', language: 'en', title: `FAQ | ${firstEdition.name.en}`, locale: 'en_US' },
  ]) {
    test(`${path} carries a link card in its language, and the card is there`, async ({ request }) => {
      const response = await request.get(path)
      expect(response.status()).toBe(200)
      const html = await response.text()
      expect(metaContent(html, 'og:title')).toBe(title)
      expect(metaContent(html, 'og:locale')).toBe(locale)
      expect(metaContent(html, 'og:url')).toMatch(new RegExp(`${path}$`))
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image')
      const image = metaContent(html, 'og:image') ?? ''
      expect(image).toMatch(new RegExp(`/og/card-${language}\\.png$`))
      expect(metaContent(html, 'og:image:width')).toBe('1200')
      expect(metaContent(html, 'og:image:height')).toBe('630')
      expect(metaContent(html, 'og:image:alt')).toBeTruthy()
      const card = await request.get(image)
      expect(card.status()).toBe(200)
      expect(card.headers()['content-type']).toBe('image/png')
    })
  }

  test('the manifests name icons drawn from the mark, all served', async ({ request }) => {
    for (const language of ['ja', 'en']) {
      const manifest = (await (await request.get(`/manifest.${language}.webmanifest`)).json()) as {
        icons: { src: string; sizes: string; purpose: string }[]
      }
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
        '192x192 any',
        '192x192 maskable',
        '512x512 any',
        '512x512 maskable',
      ])
      for (const icon of manifest.icons) {
        const response = await request.get(icon.src)
        expect(response.status(), icon.src).toBe(200)
        expect(response.headers()['content-type']).toBe('image/png')
      }
    }
    const favicon = await request.get('/favicon.svg')
    expect(favicon.headers()['content-type']).toContain('image/svg+xml')
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`the header stays pink and the hero yellow in the ${scheme} scheme, with its key visual`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme })
      await page.goto('/en')
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`))
      await appStarted(page)
      // toHaveCSS retries: the hero is rendered again once the served edition has been read, and a style
      // read from the element it replaces would be empty.
      const background = (selector: string, colour: string) =>
        expect(page.locator(selector).first()).toHaveCSS('background-color', colour)
      // The brand pink, a little darkened for white text, and the pale yellow (packages/core's brandColors).
      await background('header', 'rgb(188, 44, 116)')
      await background('section[aria-labelledby="event-name"]', 'rgb(255, 243, 176)')
      const [shown, hidden] = scheme === 'light' ? ['day', 'night'] : ['night', 'day']
      await expect(page.locator(`img.key-visual.${shown}`)).toBeVisible()
      await expect(page.locator(`img.key-visual.${hidden}`)).toBeHidden()
      expect(
        await page
          .locator(`img.key-visual.${shown}`)
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      ).toBeGreaterThan(0)
      // The header names the current edition.
      const { edition } = await servedEdition()
      await expect(page.getByRole('banner').getByRole('link', { name: edition.name.en })).toBeVisible()
    })
  }
})
