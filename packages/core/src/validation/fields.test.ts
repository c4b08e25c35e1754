import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { graphemeLength } from '../domain/text.ts'
import {
  badgeNameSchema,
  calendarDateSchema,
  changingRoomTypeSchema,
  characterLength,
  currentPasswordSchema,
  emailSchema,
  handleNameSchema,
  newPasswordSchema,
  paymentUrlSchema,
  profileUrlSchema,
  profileUrlsSchema,
  registrationCodeSchema,
  registrationTierSchema,
  tShirtSizeSchema,
  userIdSchema,
  verificationCodeSchema,
  xUsernameSchema,
} from './fields.ts'
import { issueMessage } from './issues.ts'

/** The translated messages a value gets from a schema: [] when valid. */
function messagesOf(schema: z.ZodType, value: unknown): { key: string; values: Record<string, string> }[] {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues.map(issueMessage)
}

const keysOf = (schema: z.ZodType, value: unknown) => messagesOf(schema, value).map((message) => message.key)

/**
 * Names holding what no stored text may hold (NUL, lone surrogates, controls, bidi controls) or a stack of marks
 * too tall to show, with the character the message names: every name field refuses them.
 */
const refusedInEveryName = [
  ['Kemo\u0000', 'U+0000'],
  ['Kemo\uD83E', 'U+D83E'],
  ['Kemo\uDC00', 'U+DC00'],
  ['Ke\tmo', 'U+0009'],
  ['Ke\nmo', 'U+000A'],
  ['Ke\u0007mo', 'U+0007'],
  ['Kemo\u0085', 'U+0085'],
  ['\u202Eomek', 'U+202E'],
  ['Ke\u2066mo\u2069', 'U+2066'],
  ['Kemo\u2067', 'U+2067'],
  ['Ke\u2028mo', 'U+2028'],
  ['Ke\u2029mo', 'U+2029'],
  ['\uFFF9Ke\uFFFAmo\uFFFB', 'U+FFF9'],
  [`Za${'\u0301'.repeat(12)}lgo`, 'U+0301'],
] as const

/** Each name gets the one message `key`, naming the character (`U+…`) it refuses. */
function expectRefusedNaming(schema: z.ZodType, key: string, cases: readonly (readonly [string, string])[]) {
  for (const [name, character] of cases) {
    expect(messagesOf(schema, name), JSON.stringify(name)).toEqual([{ key, values: { character } }])
  }
}

const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'

/** Letters, kana, kanji, spaces and emoji: graphemes every name may hold. */
const readableGrapheme = fc.oneof(
  fc.constantFrom('a', 'Z', '7', ' ', 'ケ', 'も', '狐', '・', '\u3000', '🦊', '❤️', '🇯🇵', family, 'か\u3099'),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
)

/** What PostgreSQL and a printer both take: no NUL, no lone surrogate, no control or bidi control. */
const storable = (text: string) =>
  new TextDecoder().decode(new TextEncoder().encode(text)) === text &&
  !Array.from(text).some((character) => {
    const code = character.codePointAt(0) ?? 0
    return (
      code < 0x20 ||
      (code >= 0x7f && code < 0xa0) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069)
    )
  })

/**
 * What every name field holds: exactly the visible texts of 1 to `max` characters pass, and nothing that cannot be
 * stored, whatever its code points (texts generated up to `generatedUpTo` characters).
 */
function itTakesExactlyTheVisibleTexts(
  schema: z.ZodType<string>,
  { max, generatedUpTo }: { max: number; generatedUpTo: number },
) {
  it(`accepts exactly the visible texts of 1 to ${max} characters`, () => {
    fc.assert(
      fc.property(fc.string({ unit: readableGrapheme, maxLength: generatedUpTo }), (text) => {
        const length = graphemeLength(text.trim())
        expect(schema.safeParse(text).success).toBe(length >= 1 && length <= max)
      }),
    )
  })

  it('never accepts a text that cannot be stored, whatever its code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: generatedUpTo }), (text) => {
        const result = schema.safeParse(text)
        if (result.success) expect(storable(result.data)).toBe(true)
      }),
    )
  })
}

describe('badge name', () => {
  it('must not be empty (Badge name must not be empty)', () => {
    expect(keysOf(badgeNameSchema, '')).toEqual(['validation.badgeNameEmpty'])
    expect(keysOf(badgeNameSchema, '   ')).toEqual(['validation.badgeNameEmpty'])
    expect(keysOf(badgeNameSchema, undefined)).toEqual(['validation.required'])
    expect(keysOf(badgeNameSchema, 42)).toEqual(['validation.invalidInput'])
  })

  it('takes at most 20 characters as a person sees them (grapheme clusters)', () => {
    expect(badgeNameSchema.parse('ふぁーりーフェス')).toBe('ふぁーりーフェス')
    expect(keysOf(badgeNameSchema, 'a'.repeat(20))).toEqual([])
    expect(messagesOf(badgeNameSchema, 'a'.repeat(21))).toEqual([
      { key: 'validation.badgeNameTooLong', values: { max: '20' } },
    ])
    expect(keysOf(badgeNameSchema, '🦊'.repeat(20))).toEqual([])
    // Seven code points each, one character each.
    expect(keysOf(badgeNameSchema, family.repeat(20))).toEqual([])
    expect(keysOf(badgeNameSchema, family.repeat(21))).toEqual(['validation.badgeNameTooLong'])
    expect(keysOf(badgeNameSchema, 'か\u3099'.repeat(20))).toEqual([])
    expect(characterLength('🦊🐺')).toBe(2)
  })

  it('is trimmed', () => {
    expect(badgeNameSchema.parse('  Kitsune  ')).toBe('Kitsune')
  })

  it('must show something: zero-width and whitespace-only names are empty', () => {
    for (const blank of ['\u200B', '\u3000\u200B ', '\u3164', '\u2800', '\uFE0F']) {
      expect(keysOf(badgeNameSchema, blank), JSON.stringify(blank)).toEqual(['validation.badgeNameEmpty'])
    }
  })

  it('refuses what cannot be stored or printed, naming the character', () => {
    expectRefusedNaming(badgeNameSchema, 'validation.badgeNameUnprintable', [
      ...refusedInEveryName,
      ['Ke\u200Bmo', 'U+200B'],
      ['Kemo\uE000', 'U+E000'],
      ['Kemo\uFFFF', 'U+FFFF'],
      ['Kemo\u{E0067}\u{E0062}', 'U+E0067'],
    ])
  })

  it('refuses joiners and variation selectors that join nothing, naming the first', () => {
    expectRefusedNaming(badgeNameSchema, 'validation.badgeNameStrayJoiner', [
      ['Ke\u200Dmo', 'U+200D'],
      ['\u{1F468}\u200D\u200D\u{1F469}', 'U+200D'],
      ['Ke\u200Cmo', 'U+200C'],
      ['\u2764\uFE0F\uFE0F', 'U+FE0F'],
      ['\u845B\u{E0100}\u{E0101}', 'U+E0101'],
    ])
  })

  it('accepts emoji sequences, flags and joined scripts', () => {
    for (const name of [
      family,
      `${family}ケモ`,
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
      '\u2764\uFE0F',
      'می\u200Cخواهم',
    ]) {
      expect(keysOf(badgeNameSchema, name), name).toEqual([])
    }
  })

  itTakesExactlyTheVisibleTexts(badgeNameSchema, { max: 20, generatedUpTo: 30 })
})

describe('handle name', () => {
  it('must not be empty and takes at most 100 characters', () => {
    expect(keysOf(handleNameSchema, '')).toEqual(['validation.handleNameEmpty'])
    expect(keysOf(handleNameSchema, '\u200B\u200B')).toEqual(['validation.handleNameEmpty'])
    expect(keysOf(handleNameSchema, 'x'.repeat(100))).toEqual([])
    expect(messagesOf(handleNameSchema, 'x'.repeat(101))).toEqual([
      { key: 'validation.handleNameTooLong', values: { max: '100' } },
    ])
    expect(keysOf(handleNameSchema, family.repeat(100))).toEqual([])
  })

  it('refuses controls and bidi controls, naming the character', () => {
    expectRefusedNaming(handleNameSchema, 'validation.handleNameInvalidCharacter', refusedInEveryName)
  })

  it('may hold what is shown but not printed: invisible joiners and private use', () => {
    expect(keysOf(handleNameSchema, 'ケモ\u200Bノ')).toEqual([])
    expect(keysOf(handleNameSchema, 'Kemo\uE000')).toEqual([])
    expect(keysOf(badgeNameSchema, 'ケモ\u200Bノ')).toEqual(['validation.badgeNameUnprintable'])
  })

  itTakesExactlyTheVisibleTexts(handleNameSchema, { max: 100, generatedUpTo: 120 })
})

describe('profile URLs', () => {
  it('must each be a valid http or https URL (URLが不正です)', () => {
    expect(keysOf(profileUrlSchema, 'https://bsky.app/profile/fox.example')).toEqual([])
    expect(keysOf(profileUrlSchema, 'http://example.com/path?q=1')).toEqual([])
    for (const invalid of [
      'not a url',
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://example.com',
      '',
    ]) {
      expect(keysOf(profileUrlSchema, invalid), invalid).toEqual(['validation.urlInvalid'])
    }
    // At most 2 048 characters (decision 012): `https://example.com/` is 20 of them.
    expect(keysOf(profileUrlSchema, `https://example.com/${'a'.repeat(2028)}`)).toEqual([])
    expect(keysOf(profileUrlSchema, `https://example.com/${'a'.repeat(2029)}`)).toEqual([
      'validation.urlInvalid',
    ])
    expect(keysOf(profileUrlSchema, `https://example.com/${'a'.repeat(2048)}`)).toEqual([
      'validation.urlInvalid',
    ])
  })

  it('refuse what cannot be stored, even where the URL parser would clean it up (URLが不正です)', () => {
    for (const invalid of [
      'https://a.example/\u0000',
      'https://a.example/a\tb',
      'https://a.example/\n',
      'https://a.example/\uD800',
      'https://a.example/\u202Egnp.exe',
      'https://a.example/\u0085',
    ]) {
      expect(keysOf(profileUrlSchema, invalid), JSON.stringify(invalid)).toEqual(['validation.urlInvalid'])
    }
    expect(keysOf(profileUrlSchema, 'https://例え.テスト/ケモ?q=🦊')).toEqual([])
  })

  it('never accepts a URL that cannot be stored, whatever its code points', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (tail) => {
        const result = profileUrlSchema.safeParse(`https://a.example/${tail}`)
        if (result.success) expect(storable(result.data)).toBe(true)
      }),
    )
  })

  it('accepts any web URL', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }),
        (url) => {
          fc.pre(url.length <= 2048)
          expect(profileUrlSchema.safeParse(url).success).toBe(true)
        },
      ),
    )
  })

  it('reports the position of the invalid URL in the list, and at most 10 URLs', () => {
    const result = profileUrlsSchema.safeParse(['https://a.example', 'nope'])
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[1], 'validation.urlInvalid'],
    ])
    expect(profileUrlsSchema.safeParse([]).success).toBe(true)
    expect(keysOf(profileUrlsSchema, Array(10).fill('https://a.example'))).toEqual([])
    expect(messagesOf(profileUrlsSchema, Array(11).fill('https://a.example'))).toEqual([
      { key: 'validation.urlsTooMany', values: { max: '10' } },
    ])
  })
})

describe('X username', () => {
  it('is 1 to 15 letters, digits, underscores or hyphens (Invalid X username)', () => {
    expect(keysOf(xUsernameSchema, 'furfes_tokyo')).toEqual([])
    expect(keysOf(xUsernameSchema, 'a-b_C9')).toEqual([])
    expect(keysOf(xUsernameSchema, 'a'.repeat(15))).toEqual([])
    for (const invalid of ['', '@furfes', 'a'.repeat(16), 'with space', 'ふぁー']) {
      expect(keysOf(xUsernameSchema, invalid), invalid).toEqual(['validation.xUsernameInvalid'])
    }
  })
})

describe('tier choices', () => {
  it('name the missing choice', () => {
    expect(keysOf(registrationTierSchema, undefined)).toEqual(['validation.registrationTierEmpty'])
    expect(keysOf(registrationTierSchema, 'vip')).toEqual(['validation.invalidInput'])
    expect(keysOf(tShirtSizeSchema, undefined)).toEqual(['validation.tShirtSizeEmpty'])
    expect(keysOf(changingRoomTypeSchema, undefined)).toEqual(['validation.changingRoomEmpty'])
    expect(keysOf(tShirtSizeSchema, 'XXXL')).toEqual([])
  })
})

describe('passwords', () => {
  it('needs at least 8 characters and must not be empty', () => {
    expect(keysOf(newPasswordSchema, '')).toEqual(['validation.required'])
    expect(messagesOf(newPasswordSchema, 'short12')).toEqual([
      { key: 'product.passwordTooShort', values: { min: '8' } },
    ])
    expect(keysOf(newPasswordSchema, 'longenough')).toEqual([])
  })

  it('accepts exactly the passwords of 8 or more characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 16 }), (password) => {
        expect(newPasswordSchema.safeParse(password).success).toBe(characterLength(password) >= 8)
      }),
    )
  })

  it('only requires the current password, whatever its length', () => {
    expect(keysOf(currentPasswordSchema, '')).toEqual(['validation.required'])
    expect(keysOf(currentPasswordSchema, 'x')).toEqual([])
  })
})

describe('e-mail, verification code, user id, payment URL, registration code', () => {
  it('validates e-mail addresses', () => {
    expect(emailSchema.parse(' fox@example.com ')).toBe('fox@example.com')
    expect(keysOf(emailSchema, '')).toEqual(['validation.required'])
    expect(keysOf(emailSchema, '\u3000')).toEqual(['validation.required'])
    for (const invalid of ['fox', 'fox@', 'fox@example', '@example.com', 'a b@example.com']) {
      expect(keysOf(emailSchema, invalid), invalid).toEqual(['product.emailInvalid'])
    }
  })

  it('folds an address to one form: fullwidth, any case and stray spaces are the same account', () => {
    for (const typed of [
      'ｄｅｍｏ@example.com',
      'ＤＥＭＯ＠ＥＸＡＭＰＬＥ．ＣＯＭ',
      ' Demo@Example.com\u3000',
    ]) {
      expect(emailSchema.parse(typed), typed).toBe('demo@example.com')
    }
  })

  it('refuses a domain that mixes scripts as a look-alike does, with its own message', () => {
    // Cyrillic а (U+0430) and е (U+0435) among Latin letters, and a Greek ο in the top-level domain.
    for (const lookAlike of ['demo@ex\u0430mple.com', 'demo@\u0435xample.com', 'demo@example.c\u03BFm']) {
      expect(keysOf(emailSchema, lookAlike), lookAlike).toEqual(['validation.emailDomainMixesScripts'])
    }
    // A local part in another script is not a look-alike domain; the pattern alone refuses it.
    expect(keysOf(emailSchema, 'д\u0435mo@example.com')).toEqual(['product.emailInvalid'])
  })

  it('validates six-digit verification codes', () => {
    expect(keysOf(verificationCodeSchema, '123456')).toEqual([])
    expect(verificationCodeSchema.parse(' １２３４５６ ')).toBe('123456')
    expect(keysOf(verificationCodeSchema, '')).toEqual(['validation.required'])
    expect(keysOf(verificationCodeSchema, '12345a')).toEqual(['product.verificationCodeInvalid'])
  })

  it('requires the user id to be a UUID', () => {
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        expect(userIdSchema.safeParse(uuid).success).toBe(true)
      }),
    )
    expect(keysOf(userIdSchema, 'user-1')).toEqual(['validation.userIdInvalid'])
  })

  it('requires payment URLs to be valid URLs', () => {
    expect(keysOf(paymentUrlSchema, 'https://checkout.stripe.com/c/pay/cs_test_a1')).toEqual([])
    expect(keysOf(paymentUrlSchema, 'http://localhost:12111/c/pay/cs_test_a1')).toEqual([])
    expect(keysOf(paymentUrlSchema, 'checkout')).toEqual(['validation.paymentUrlInvalid'])
  })

  it('takes a compact code (base45) or a compact JWS from before it as the registration code', () => {
    expect(keysOf(registrationCodeSchema, '100KC3 JVD$7:N3F/B9*C')).toEqual([])
    expect(keysOf(registrationCodeSchema, 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')).toEqual([])
    expect(keysOf(registrationCodeSchema, 'not-a-token')).toEqual(['product.registrationCodeInvalid'])
    expect(keysOf(registrationCodeSchema, '100abc')).toEqual(['product.registrationCodeInvalid'])
  })

  it('takes real dates only', () => {
    expect(keysOf(calendarDateSchema, '2024-02-29')).toEqual([])
    expect(keysOf(calendarDateSchema, '2025-02-29')).toEqual(['validation.dateInvalid'])
    expect(keysOf(calendarDateSchema, '2025-13-01')).toEqual(['validation.dateInvalid'])
  })
})
