import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openGraphImage, openGraphTags } from './open-graph.ts'

const publicDir = join(import.meta.dirname, '../public')

/** Width and height from a PNG's header (IHDR), without a library. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file)
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('link cards', () => {
  it.each(['ja', 'en'])('has a 1200×630 card image for %s', (language) => {
    expect(pngSize(join(publicDir, openGraphImage.path(language)))).toEqual({ width: 1200, height: 630 })
  })

  it('names the icons of the manifests at their sizes', () => {
    for (const [file, size] of [
      ['icon-192.png', 192],
      ['icon-512.png', 512],
      ['icon-maskable-192.png', 192],
      ['icon-maskable-512.png', 512],
      ['apple-touch-icon.png', 180],
    ] as const) {
      expect(pngSize(join(publicDir, 'icons', file)), file).toEqual({ width: size, height: size })
    }
  })

  it('writes absolute addresses with an origin and escapes the text', () => {
    const tags = openGraphTags(
      {
        path: '/en/faq',
        language: 'en',
        title: 'FAQ | "Fes" & <more>',
        description: 'A festival.',
        siteName: 'Tokyo Furry Fes 2025',
        imageAlt: 'The logo',
      },
      'https://furfes.example.org/',
    )
    expect(tags).toContain('<meta property="og:url" content="https://furfes.example.org/en/faq">')
    expect(tags).toContain('<meta property="og:image" content="https://furfes.example.org/og/card-en.png">')
    expect(tags).toContain('<meta property="og:locale" content="en_US">')
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">')
    expect(tags).toContain('content="FAQ | &quot;Fes&quot; &amp; &lt;more&gt;"')
  })

  it('falls back to root-relative addresses without an origin', () => {
    const tags = openGraphTags({
      path: '/ja',
      language: 'ja',
      title: '東京ふぁーりーフェス 2025',
      description: '説明',
      siteName: '東京ふぁーりーフェス 2025',
      imageAlt: 'ロゴ',
    })
    expect(tags).toContain('<meta property="og:image" content="/og/card-ja.png">')
    expect(tags).toContain('<meta property="og:locale" content="ja_JP">')
  })
})
