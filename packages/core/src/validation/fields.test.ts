import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
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

describe('badge name', () => {
  it('must not be empty (Badge name must not be empty)', () => {
    expect(keysOf(badgeNameSchema, '')).toEqual(['validation.badgeNameEmpty'])
    expect(keysOf(badgeNameSchema, '   ')).toEqual(['validation.badgeNameEmpty'])
    expect(keysOf(badgeNameSchema, undefined)).toEqual(['validation.required'])
    expect(keysOf(badgeNameSchema, 42)).toEqual(['validation.invalidInput'])
  })

  it('takes at most 20 characters, counting code points', () => {
    expect(badgeNameSchema.parse('ふぁーりーフェス')).toBe('ふぁーりーフェス')
    expect(keysOf(badgeNameSchema, 'a'.repeat(20))).toEqual([])
    expect(messagesOf(badgeNameSchema, 'a'.repeat(21))).toEqual([
      { key: 'validation.badgeNameTooLong', values: { max: '20' } },
    ])
    expect(keysOf(badgeNameSchema, '🦊'.repeat(20))).toEqual([])
    expect(characterLength('🦊🐺')).toBe(2)
  })

  it('is trimmed', () => {
    expect(badgeNameSchema.parse('  Kitsune  ')).toBe('Kitsune')
  })

  it('accepts exactly the texts of 1 to 20 characters after trimming', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        const length = characterLength(text.trim())
        expect(badgeNameSchema.safeParse(text).success).toBe(length >= 1 && length <= 20)
      }),
    )
  })
})

describe('handle name', () => {
  it('must not be empty and takes at most 100 characters', () => {
    expect(keysOf(handleNameSchema, '')).toEqual(['validation.handleNameEmpty'])
    expect(keysOf(handleNameSchema, 'x'.repeat(100))).toEqual([])
    expect(messagesOf(handleNameSchema, 'x'.repeat(101))).toEqual([
      { key: 'validation.handleNameTooLong', values: { max: '100' } },
    ])
  })

  it('accepts exactly the texts of 1 to 100 characters after trimming', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (text) => {
        const length = characterLength(text.trim())
        expect(handleNameSchema.safeParse(text).success).toBe(length >= 1 && length <= 100)
      }),
    )
  })
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
    expect(keysOf(profileUrlSchema, `https://example.com/${'a'.repeat(2048)}`)).toEqual([
      'validation.urlInvalid',
    ])
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
    expect(messagesOf(profileUrlsSchema, Array(11).fill('https://a.example'))).toEqual([
      { key: 'validation.urlsTooMany', values: { max: '10' } },
    ])
  })
})

describe('X username', () => {
  it('is 1 to 15 letters, digits, underscores or hyphens (Invalid X username)', () => {
    expect(keysOf(xUsernameSchema, 'furfes_tokyo')).toEqual([])
    expect(keysOf(xUsernameSchema, 'a-b_C9')).toEqual([])
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
    for (const invalid of ['fox', 'fox@', 'fox@example', '@example.com', 'a b@example.com']) {
      expect(keysOf(emailSchema, invalid), invalid).toEqual(['product.emailInvalid'])
    }
  })

  it('validates six-digit verification codes', () => {
    expect(keysOf(verificationCodeSchema, '123456')).toEqual([])
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

  it('takes a compact JWS as the registration code', () => {
    expect(keysOf(registrationCodeSchema, 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')).toEqual([])
    expect(keysOf(registrationCodeSchema, 'not-a-token')).toEqual(['product.registrationCodeInvalid'])
  })

  it('takes real dates only', () => {
    expect(keysOf(calendarDateSchema, '2024-02-29')).toEqual([])
    expect(keysOf(calendarDateSchema, '2025-02-29')).toEqual(['validation.dateInvalid'])
    expect(keysOf(calendarDateSchema, '2025-13-01')).toEqual(['validation.dateInvalid'])
  })
})
