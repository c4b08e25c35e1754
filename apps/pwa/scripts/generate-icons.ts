// `node scripts/generate-icons.ts`: draws the app icons of the web manifests (tooling/web-manifests.ts) from
// public/favicon.svg with Chromium, and writes them to public/icons/. Run it after changing the favicon and
// commit the PNGs; the build does not need a browser. Needs Chromium at /usr/bin/chromium (or CHROMIUM_PATH)
// and the e2e package's Playwright.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const require = createRequire(join(root, '../../e2e/package.json'))
// The few Playwright calls used here; its types are the e2e package's, not this one's.
interface IconPage {
  setContent(html: string): Promise<void>
  screenshot(options: { omitBackground: boolean; type: 'png' }): Promise<Buffer>
  close(): Promise<void>
}
interface IconBrowser {
  newPage(options: { viewport: { width: number; height: number } }): Promise<IconPage>
  close(): Promise<void>
}
const { chromium } = require('@playwright/test') as {
  chromium: { launch(options: { executablePath: string }): Promise<IconBrowser> }
}

const favicon = readFileSync(join(root, 'public/favicon.svg'), 'utf8')
const pink = '#d63384'

/**
 * `any` icons are the favicon itself. A maskable icon is cropped by the launcher to a circle or squircle that
 * keeps only the centre 80%: its background fills the whole square and the motif sits inside that safe zone.
 */
const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-192.png', size: 192, maskable: true },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
]

function html(size: number, maskable: boolean): string {
  const motif = maskable ? Math.round(size * 0.72) : size
  const style = `margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? pink : 'transparent'}`
  return `<!doctype html><html><body style="${style}"><div style="width:${motif}px;height:${motif}px">${favicon.replace('<svg ', `<svg width="${motif}" height="${motif}" `)}</div></body></html>`
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
    await page.setContent(html(icon.size, icon.maskable))
    const png = await page.screenshot({ omitBackground: !icon.maskable, type: 'png' })
    writeFileSync(join(root, 'public/icons', icon.file), png)
    await page.close()
    console.log(`public/icons/${icon.file}`)
  }
} finally {
  await browser.close()
}
