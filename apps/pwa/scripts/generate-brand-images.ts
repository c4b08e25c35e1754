// `node scripts/generate-brand-images.ts`: draws, from the site's mark (public/favicon.svg), the app icons of the
// web manifests (tooling/web-manifests.ts) into public/icons/ and the Open Graph card of each language
// (src/open-graph.ts) into public/og/, with Chromium. Run it after changing the mark, the event's name,
// summary or date, and commit the PNGs; the build does not need a browser (docs/decisions/127). Needs Chromium
// at /usr/bin/chromium (or CHROMIUM_PATH), Japanese fonts (Debian's fonts-noto-cjk) and the e2e package's
// Playwright.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { supportedLanguages } from '@furfes/core'
import { scheduleStrings } from '../src/content/schedule.ts'
import { openGraphImage } from '../src/open-graph.ts'
import { builtEdition } from '../tooling/build-edition.ts'
import { readManifestCopy } from '../tooling/web-manifests.ts'

const root = join(import.meta.dirname, '..')
const require = createRequire(join(root, '../../e2e/package.json'))
// The few Playwright calls used here; its types are the e2e package's, not this one's.
interface ImagePage {
  setContent(html: string): Promise<void>
  screenshot(options: { omitBackground: boolean; type: 'png' }): Promise<Buffer>
  close(): Promise<void>
}
interface ImageBrowser {
  newPage(options: { viewport: { width: number; height: number } }): Promise<ImagePage>
  close(): Promise<void>
}
const { chromium } = require('@playwright/test') as {
  chromium: { launch(options: { executablePath: string }): Promise<ImageBrowser> }
}

const favicon = readFileSync(join(root, 'public/favicon.svg'), 'utf8')
const pink = '#d63384'
const sized = (svg: string, size: number) => svg.replace('<svg ', `<svg width="${size}" height="${size}" `)

/**
 * `any` icons are the mark itself. A maskable icon is cropped by the launcher to a circle or squircle that
 * keeps only the centre 80%: its background fills the whole square and the motif sits inside that safe zone.
 */
const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-192.png', size: 192, maskable: true },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
]

function iconHtml(size: number, maskable: boolean): string {
  const motif = maskable ? Math.round(size * 0.72) : size
  const style = `margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? pink : 'transparent'}`
  return `<!doctype html><html><body style="${style}"><div style="width:${motif}px;height:${motif}px">${sized(favicon, motif)}</div></body></html>`
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function cardHtml(language: (typeof supportedLanguages)[number]): string {
  const copy = readManifestCopy(root, language)
  const { eventName = '', eventDate = '' } = scheduleStrings(language, builtEdition)
  const { width, height } = openGraphImage
  const font = "system-ui,'Noto Sans CJK JP','Noto Sans JP',sans-serif"
  return `<!doctype html><html lang="${language}"><body style="margin:0;width:${width}px;height:${height}px;font-family:${font};background:#fff3b0;color:#3d3300;display:flex;align-items:center;gap:56px;padding:0 72px;box-sizing:border-box;border-bottom:28px solid ${pink}">
<div style="flex:none">${sized(favicon, 300)}</div>
<div><div style="font-size:64px;font-weight:800;line-height:1.15;word-break:keep-all">${escapeHtml(eventName)}</div>
<div style="font-size:44px;font-weight:700;margin-top:28px">${escapeHtml(eventDate)}</div>
<div style="font-size:30px;line-height:1.5;margin-top:24px">${escapeHtml(copy.event.summary)}</div></div></body></html>`
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
try {
  const draw = async (file: string, width: number, height: number, html: string, transparent: boolean) => {
    const page = await browser.newPage({ viewport: { width, height } })
    await page.setContent(html)
    writeFileSync(
      join(root, 'public', file),
      await page.screenshot({ omitBackground: transparent, type: 'png' }),
    )
    await page.close()
    console.log(`public/${file}`)
  }
  for (const icon of icons) {
    await draw(`icons/${icon.file}`, icon.size, icon.size, iconHtml(icon.size, icon.maskable), !icon.maskable)
  }
  for (const language of supportedLanguages) {
    const { width, height } = openGraphImage
    await draw(openGraphImage.path(language).slice(1), width, height, cardHtml(language), false)
  }
} finally {
  await browser.close()
}
