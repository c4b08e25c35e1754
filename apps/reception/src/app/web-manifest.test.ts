import { firstEdition, nextEditionDraft } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { receptionManifest, receptionTitle } from './web-manifest.ts'

describe('the reception app as installed', () => {
  it('is named after the edition it is built with, whatever its year', () => {
    expect(receptionManifest(firstEdition).name).toBe('受付 | 東京ふぁーりーフェス 2025')
    const next = nextEditionDraft(firstEdition)
    expect(receptionManifest(next)).toMatchObject({
      name: '受付 | 東京ふぁーりーフェス 2026',
      short_name: '受付',
      lang: 'ja',
      start_url: '/ja/admin/scan',
    })
    expect(receptionTitle(next)).toBe('受付 | 東京ふぁーりーフェス 2026')
  })
})
