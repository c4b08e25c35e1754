import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { firstEdition, nextEditionDraft } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { readManifestCopy, webManifest } from '../../tooling/web-manifests.ts'

const root = join(import.meta.dirname, '../..')
const pngSize = (file: string) => {
  const bytes = readFileSync(join(root, 'public', file))
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}

describe('web app manifests', () => {
  it('describe one app that starts in the language of the manifest', () => {
    const ja = webManifest('ja', readManifestCopy(root, 'ja'), firstEdition)
    const en = webManifest('en', readManifestCopy(root, 'en'), firstEdition)
    expect(ja).toMatchObject({ id: '/', lang: 'ja', start_url: '/ja', display: 'standalone', scope: '/' })
    expect(en).toMatchObject({ id: '/', lang: 'en', start_url: '/en', display: 'standalone', scope: '/' })
    expect(ja.name).toBe('東京ふぁーりーフェス 2025')
    expect(en.name).toBe('Tokyo Furry Fes 2025')
    expect(en.short_name.length).toBeLessThanOrEqual(12)
    expect(ja.theme_color).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('name the app after the edition the site is built with, whatever its year', () => {
    const next = nextEditionDraft(firstEdition)
    expect(webManifest('ja', readManifestCopy(root, 'ja'), next).name).toBe('東京ふぁーりーフェス 2026')
    expect(webManifest('en', readManifestCopy(root, 'en'), next).name).toBe('Tokyo Furry Fes 2026')
  })

  it('list icons of 192 and 512 pixels, plain and maskable, whose files have those sizes', () => {
    const { icons } = webManifest('ja', readManifestCopy(root, 'ja'), firstEdition)
    for (const purpose of ['any', 'maskable']) {
      expect(
        icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes),
        purpose,
      ).toEqual(['192x192', '512x512'])
    }
    for (const icon of icons) {
      expect(existsSync(join(root, 'public', icon.src)), icon.src).toBe(true)
      const [width, height] = pngSize(icon.src)
      expect(`${width}x${height}`).toBe(icon.sizes)
    }
  })
})
