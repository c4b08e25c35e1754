import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brandColors } from '@furfes/core'
import { build } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'
import { documentHeadPlugin, phraseBreakCss } from './vite.ts'

describe('documentHeadPlugin', () => {
  let folder = ''
  afterEach(() => rmSync(folder, { recursive: true, force: true }))

  async function builtPage(links: Parameters<typeof documentHeadPlugin>[0]): Promise<Document> {
    folder = mkdtempSync(join(tmpdir(), 'furfes-head-'))
    writeFileSync(
      join(folder, 'index.html'),
      '<!doctype html><html lang="ja"><head><title>受付</title></head></html>',
    )
    await build({
      root: folder,
      logLevel: 'silent',
      configFile: false,
      plugins: [documentHeadPlugin(links)],
      build: { outDir: join(folder, 'dist') },
    })
    return new DOMParser().parseFromString(
      readFileSync(join(folder, 'dist', 'index.html'), 'utf8'),
      'text/html',
    )
  }

  it('writes the shared head before the page title, with the brand colour and the app’s own links', async () => {
    const page = await builtPage({
      appleTouchIcon: '/icons/apple-touch-icon.png',
      manifest: '/manifest.ja.webmanifest',
    })
    expect([...page.head.children].map((element) => element.outerHTML)).toEqual([
      '<meta charset="UTF-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
      `<meta name="theme-color" content="${brandColors.primary}">`,
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
      '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">',
      '<link rel="manifest" href="/manifest.ja.webmanifest">',
      `<style>${phraseBreakCss}</style>`,
      '<title>受付</title>',
    ])
  })

  it('links no manifest when the app does not name one', async () => {
    const page = await builtPage({ appleTouchIcon: '/apple-touch-icon.png' })
    expect(page.head.querySelector('link[rel="manifest"]')).toBeNull()
    expect(page.head.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe(
      '/apple-touch-icon.png',
    )
  })
})
