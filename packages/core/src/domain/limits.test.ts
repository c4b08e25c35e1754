import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  accessTokenRefreshMarginMs,
  cookingClubTasting,
  dataRetentionAfterEvent,
  guardianRequiredAtOrBelowAge,
  identityProviderRegion,
  journalismClubSubmission,
  maxFursuitsPerPerson,
  preloadRetryLimit,
  storedRegistrationCodeLifetimeMs,
  xUsernamePattern,
} from './limits.ts'

describe('limits and business constants', () => {
  it('keeps the registration code 7 days and refreshes tokens 30 s early', () => {
    expect(storedRegistrationCodeLifetimeMs).toBe(604_800_000)
    expect(accessTokenRefreshMarginMs).toBe(30_000)
    expect(preloadRetryLimit).toBe(5)
  })

  it('has the journalism club, cooking club, retention, guardian, fursuit and region constants', () => {
    expect(journalismClubSubmission).toEqual({
      maxWorksPerPerson: 3,
      approximateMaxJapaneseCharacters: 10_000,
      approximateMaxEnglishWords: 2_000,
      unansweredCancelAfterDays: 7,
    })
    expect(cookingClubTasting).toEqual({ capacity: 50, feeJpy: 500 })
    expect(dataRetentionAfterEvent).toEqual({ years: 1 })
    expect(guardianRequiredAtOrBelowAge).toBe(13)
    expect(maxFursuitsPerPerson).toBe(1)
    expect(identityProviderRegion).toBe('ap-northeast-1')
  })

  it('accepts exactly 1 to 15 letters, digits, underscores and hyphens as an X username', () => {
    expect(xUsernamePattern.source).toBe('^[A-Za-z0-9_-]{1,15}$')
    const allowed = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (candidate) => {
        const expected =
          candidate.length >= 1 && candidate.length <= 15 && [...candidate].every((c) => allowed.includes(c))
        expect(xUsernamePattern.test(candidate)).toBe(expected)
      }),
    )
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...allowed), minLength: 1, maxLength: 15 }), (name) => {
        expect(xUsernamePattern.test(name)).toBe(true)
      }),
    )
  })
})
