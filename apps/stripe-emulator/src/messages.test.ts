import { describe, expect, it } from 'vitest'
import { messages, pickLanguage } from './messages.ts'

const keyPaths = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keyPaths(child, `${prefix}${key}.`))
    : [prefix]

describe('page messages', () => {
  it('have the same keys in Japanese and English, none empty', () => {
    expect(keyPaths(messages.ja).sort()).toEqual(keyPaths(messages.en).sort())
    for (const lang of ['ja', 'en'] as const) {
      expect(JSON.stringify(messages[lang])).not.toContain('""')
    }
  })

  it.each([
    ['en', null, 'ja', 'en'],
    [undefined, 'en', 'ja', 'en'],
    [undefined, 'auto', 'en-GB,en;q=0.9', 'en'],
    [undefined, null, 'fr;q=1, en;q=0.5, ja;q=0.8', 'ja'],
    [undefined, null, 'ja;q=0, en', 'en'],
    [undefined, null, undefined, 'ja'],
    ['de', null, undefined, 'ja'],
  ] as const)('?lang=%s, locale %s, Accept-Language %s → %s', (query, locale, header, expected) => {
    expect(pickLanguage(query, locale, header)).toBe(expected)
  })
})
