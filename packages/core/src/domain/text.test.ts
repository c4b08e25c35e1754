import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  codePointLabel,
  firstExcessCodePoint,
  firstRefusedCharacter,
  firstStrayJoiner,
  firstUnprintableCharacter,
  graphemeLength,
  hasVisibleCharacter,
  maxCodePointsPerGrapheme,
  storablePrefix,
} from './text.ts'

const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'
const kissWithSkinTones = '\u{1F469}\u{1F3FB}\u200D\u2764\uFE0F\u200D\u{1F48B}\u200D\u{1F468}\u{1F3FC}'
const englandFlag = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'
const redHeart = '\u2764\uFE0F'
const decomposedGa = '\u304B\u3099'
/** Persian "I want", whose ZWNJ keeps two letters apart. */
const persianWithZwnj = '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645'

type Finder = (text: string) => string | undefined

/** `find` names each refused character once it stands in a name (`around` puts it there). */
function expectNamesEach(find: Finder, refused: readonly string[], around: (character: string) => string) {
  for (const character of refused) expect(find(around(character)), codePointLabel(character)).toBe(character)
}

/** `find` finds nothing in any of the texts. */
function expectFindsNothingIn(find: Finder, kept: readonly string[]) {
  for (const text of kept) expect(find(text), text).toBeUndefined()
}

describe('grapheme length', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('counts what a person sees as one character', () => {
    expect(graphemeLength('ふぁーりーフェス')).toBe(8)
    expect(graphemeLength(family)).toBe(1)
    expect(graphemeLength(kissWithSkinTones)).toBe(1)
    expect(graphemeLength(englandFlag)).toBe(1)
    expect(graphemeLength('\u{1F1EF}\u{1F1F5}')).toBe(1)
    expect(graphemeLength(redHeart)).toBe(1)
    expect(graphemeLength(decomposedGa)).toBe(1)
    expect(graphemeLength('🦊🐺')).toBe(2)
    expect(graphemeLength('')).toBe(0)
  })

  it('counts code points in a browser without Intl.Segmenter, never fewer than the API', () => {
    vi.stubGlobal('Intl', Object.create(Intl, { Segmenter: { value: undefined } }))
    expect(graphemeLength('ふぁーりー')).toBe(5)
    expect(graphemeLength(family)).toBe(7)
  })

  it('is never more than the code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(graphemeLength(text)).toBeLessThanOrEqual(Array.from(text).length)
      }),
    )
  })
})

/** NUL, lone surrogates, C0 and C1 controls and bidi controls. */
const refusedEverywhere = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\u0007',
  '\t',
  '\n',
  '\r',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u009F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u2028',
  '\u2029',
  '\uFFF9',
  '\uFFFA',
  '\uFFFB',
]

/** Refused on a printed badge only: private use, noncharacters and invisible format characters. */
const onlyOnBadges = [
  '\uE000',
  '\u{F0000}',
  '\uFFFF',
  '\uFDD0',
  '\u200B',
  '\u00AD',
  '\u2060',
  '\uFEFF',
  '\u3164',
  '\u115F',
  '\u034F',
]

describe('characters no stored text may hold', () => {
  it('are NUL, lone surrogates, C0 and C1 controls and bidi controls', () => {
    expectNamesEach(firstRefusedCharacter, refusedEverywhere, (character) => `Kemo${character}Taro`)
    // A low surrogate before its high one is two lone halves, not a pair.
    expect(firstRefusedCharacter('\uDC00\uD800')).toBe('\uDC00')
  })

  it('leave whole surrogate pairs, emoji sequences, invisible joiners and private use alone', () => {
    expectFindsNothingIn(firstRefusedCharacter, [
      'ふぁーりーフェス',
      '🦊',
      family,
      kissWithSkinTones,
      englandFlag,
      persianWithZwnj,
      'a\u200Bb',
      '\uE000',
      ' ',
      '\u3000',
    ])
  })

  it('are found in any text that PostgreSQL could not store', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        if (firstRefusedCharacter(text) === undefined) {
          // A database driver sends UTF-8: a lone surrogate would not survive the trip.
          expect(new TextDecoder().decode(new TextEncoder().encode(text))).toBe(text)
          expect(text).not.toContain('\u0000')
        }
      }),
    )
  })
})

describe('characters a printed badge refuses', () => {
  it('are the ones refused everywhere plus private use, noncharacters and invisible format characters', () => {
    expectNamesEach(
      firstUnprintableCharacter,
      [...refusedEverywhere, ...onlyOnBadges],
      (character) => `Kemo${character}`,
    )
    expectFindsNothingIn(firstRefusedCharacter, onlyOnBadges)
  })

  it('keeps the joiners and selectors that build one character', () => {
    expectFindsNothingIn(firstUnprintableCharacter, [
      family,
      kissWithSkinTones,
      englandFlag,
      redHeart,
      persianWithZwnj,
      decomposedGa,
      'Ｋｅｍｏ',
      '山田 太郎',
    ])
  })
})

describe('tag characters on a badge', () => {
  it('are refused outside a subdivision flag, naming the first stray tag', () => {
    expect(firstUnprintableCharacter('Kemo\u{E0067}\u{E0062}')).toBe('\u{E0067}')
    // A flag without its cancel tag, or with a code too long to be a subdivision, hides text.
    expect(firstUnprintableCharacter('\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}')).toBe(
      '\u{E0067}',
    )
    expect(firstUnprintableCharacter(`\u{1F3F4}${'\u{E0061}'.repeat(8)}\u{E007F}`)).toBe('\u{E0061}')
    expect(firstUnprintableCharacter(`${englandFlag}\u{E0041}`)).toBe('\u{E0041}')
    expect(firstUnprintableCharacter('\u{E0001}en')).toBe('\u{E0001}')
  })

  it('are kept inside the flags of England, Scotland and Wales', () => {
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'
    expectFindsNothingIn(firstUnprintableCharacter, [englandFlag, `Kemo${scotland}${englandFlag}`])
    expectFindsNothingIn(firstStrayJoiner, [englandFlag, `Kemo${scotland}`])
  })
})

describe('joiners and variation selectors on a badge', () => {
  it('stand where they build an emoji or join the letters of a script', () => {
    expectFindsNothingIn(firstStrayJoiner, [
      family,
      kissWithSkinTones,
      redHeart,
      persianWithZwnj,
      // Rainbow flag (selector before the joiner), heart on fire, keycap one, a kanji variant.
      '\u{1F3F3}\uFE0F\u200D\u{1F308}',
      '\u2764\uFE0F\u200D\u{1F525}',
      '1\uFE0F\u20E3',
      '\u845B\u{E0100}',
      // Devanagari conjunct shaped by a ZWJ after the virama, and "kssa" kept apart by a ZWNJ.
      '\u0915\u094D\u200D\u0937',
      '\u0915\u094D\u200C\u0937',
      'Ｋｅｍｏ 山田',
    ])
  })

  it('are refused in runs, at the ends and between things they do not join', () => {
    const cases: [string, string][] = [
      ['\u{1F468}\u200D\u200D\u{1F469}', '\u200D'],
      ['\u200D\u{1F98A}', '\u200D'],
      ['\u{1F98A}\u200D', '\u200D'],
      ['Ke\u200Dmo', '\u200D'],
      ['Ke\u200Cmo', '\u200C'],
      ['A\u200D\u{1F98A}', '\u200D'],
      ['\u{1F98A}\u200C\u{1F43A}', '\u200C'],
      ['\u0645\u200C\u200C\u062E', '\u200C'],
      ['\u2764\uFE0F\uFE0F', '\uFE0F'],
      ['\u845B\u{E0100}\u{E0101}', '\u{E0101}'],
      ['\uFE0FKemo', '\uFE0F'],
      ['Ke \uFE0Fmo', '\uFE0F'],
      ['\u{1F98A}\u200D\uFE0F', '\u200D'],
    ]
    for (const [text, stray] of cases) expect(firstStrayJoiner(text), JSON.stringify(text)).toBe(stray)
  })
})

describe('visible characters', () => {
  it('are missing from empty, whitespace-only and zero-width-only texts', () => {
    for (const blank of [
      '',
      ' ',
      '\u3000',
      '\u200B\u200B',
      '\u200D',
      '\uFEFF',
      '\u3164',
      '\u2800',
      '\u0301',
      '\uFE0F',
      '\u00A0\u2007',
      '\u{E0067}',
    ]) {
      expect(hasVisibleCharacter(blank), JSON.stringify(blank)).toBe(false)
    }
  })

  it('are there in any name with a letter, digit, symbol or emoji', () => {
    for (const name of ['a', '7', '・', '🦊', family, '\u200Bケモ', 'が', '\uE000']) {
      expect(hasVisibleCharacter(name), name).toBe(true)
    }
  })
})

describe('grapheme clusters of too many code points', () => {
  it('are refused from the first code point past the limit', () => {
    const marks = '\u0301'.repeat(maxCodePointsPerGrapheme)
    expect(firstExcessCodePoint(`Ok a${marks}`)).toBe('\u0301')
    expect(firstExcessCodePoint(`a${'\u0301'.repeat(maxCodePointsPerGrapheme - 1)}`)).toBeUndefined()
    expect(firstExcessCodePoint(kissWithSkinTones)).toBeUndefined()
    expect(Array.from(kissWithSkinTones)).toHaveLength(maxCodePointsPerGrapheme)
    expect(firstExcessCodePoint(family.repeat(20))).toBeUndefined()
  })
})

describe('storable prefixes', () => {
  it('drop refused characters and never split a surrogate pair', () => {
    expect(storablePrefix('受付\u0000 1\u202E', 50)).toBe('受付 1')
    expect(storablePrefix(`${'a'.repeat(49)}🦊`, 50)).toBe('a'.repeat(49))
    expect(storablePrefix(`${'a'.repeat(48)}🦊b`, 50)).toBe(`${'a'.repeat(48)}🦊`)
    expect(storablePrefix('a\uD800b', 50)).toBe('ab')
  })

  it('always give a storable text within the bound', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), fc.nat({ max: 60 }), (text, max) => {
        const kept = storablePrefix(text, max)
        expect(kept.length).toBeLessThanOrEqual(max)
        expect(firstRefusedCharacter(kept)).toBeUndefined()
      }),
    )
  })
})

describe('code point labels', () => {
  it('name the character as people look it up', () => {
    expect(codePointLabel('\u202E')).toBe('U+202E')
    expect(codePointLabel('\u0000')).toBe('U+0000')
    expect(codePointLabel('🦊')).toBe('U+1F98A')
    expect(codePointLabel('\uD800')).toBe('U+D800')
  })
})
