import { describe, expect, it } from 'vitest'
import { formatList } from './list-format.ts'

describe('lists', () => {
  it('are joined the Japanese way in Japanese and the English way in English', () => {
    expect(formatList(['コンブック', 'ステッカー', 'トートバッグ'], 'ja')).toBe(
      'コンブック、ステッカー、トートバッグ',
    )
    expect(formatList(['Conbook', 'Sticker', 'Tote bag'], 'en')).toBe('Conbook, Sticker, and Tote bag')
    expect(formatList(['Conbook', 'Sticker'], 'en')).toBe('Conbook and Sticker')
    expect(formatList(['Conbook'], 'en')).toBe('Conbook')
  })
})
