import { describe, expect, it } from 'vitest'
import { breakPhrases, breakPhrasesIn, phraseBreaksPlugin } from '../tooling/phrase-breaks.ts'

const boundary = '\u200B'
const phrasesOf = (text: string) => text.split(boundary)

describe('phrase boundaries in the Japanese copy (docs/decisions/190-japanese-phrase-breaks.md)', () => {
  it('marks the boundaries between phrases and none inside a word', () => {
    expect(phrasesOf(breakPhrases('特定商取引法に基づく表記'))).toEqual(['特定商取引法に', '基づく', '表記'])
    expect(phrasesOf(breakPhrases('参加登録・お支払い'))).toEqual(['参加登録・', 'お支払い'])
    expect(breakPhrases('東京ふぁーりーフェス 2025')).toBe('東京ふぁーりーフェス 2025')
  })

  it('changes nothing but the boundaries: without them the text is as written', () => {
    const text = 'よくいただくご質問をまとめました。ここにないご質問は[お問い合わせ](/contact-us)からどうぞ。'
    expect(breakPhrases(text).replaceAll(boundary, '')).toBe(text)
  })

  it('keeps links, placeholders and English whole', () => {
    const broken = breakPhrases(
      'ご質問は[お問い合わせ](/contact-us)から{{eventDate}}までどうぞ。Sponsor tier',
    )
    expect(broken).toContain('[お問い合わせ](/contact-us)から')
    expect(broken).toContain('{{eventDate}}まで')
    expect(broken).toContain('。Sponsor tier')
    expect(breakPhrases('Registration code')).toBe('Registration code')
  })

  it('breaks every string of a bundle and keeps its keys and shape', () => {
    expect(
      breakPhrasesIn({ heading: '参加登録・お支払い', items: [{ q: '表記', n: 2 }], flag: true }),
    ).toEqual({
      heading: `参加登録・${boundary}お支払い`,
      items: [{ q: '表記', n: 2 }],
      flag: true,
    })
  })

  it('is applied to the Japanese page bundles only, never to the top page’s nor to English', () => {
    const plugin = phraseBreaksPlugin()
    const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined
    const bundle = JSON.stringify({ heading: '参加登録・お支払い' })
    expect(JSON.parse(transform(bundle, '/app/src/locales/ja/faq.json')?.code ?? '{}').heading).toBe(
      `参加登録・${boundary}お支払い`,
    )
    expect(transform(bundle, '/app/src/account/locales/ja/account.json')?.code).toContain(boundary)
    for (const id of [
      '/app/src/locales/ja/pwa.json',
      '/app/src/locales/ja/top.json',
      '/app/src/locales/en/faq.json',
    ])
      expect(transform(bundle, id)).toBeUndefined()
    expect(plugin.apply).toBe('build')
  })
})
