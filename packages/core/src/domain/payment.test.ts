import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  acceptedCardBrands,
  acceptedCardKinds,
  refundAmountJpy,
  refundRatePercent,
  refundTiers,
} from './payment.ts'
import { registrationTierPriceJpy } from './registration-tier.ts'

describe('payment constants', () => {
  it('accepts the card brands and kinds of the spec', () => {
    expect(acceptedCardBrands).toEqual([
      'visa',
      'mastercard',
      'american_express',
      'jcb',
      'diners_club',
      'discover',
    ])
    expect(acceptedCardKinds).toEqual(['credit', 'debit', 'prepaid'])
  })

  it('refunds 90 %, 50 % or nothing', () => {
    expect(refundTiers).toEqual(['ninetyPercent', 'fiftyPercent', 'none'])
    expect(refundRatePercent).toEqual({ ninetyPercent: 90, fiftyPercent: 50, none: 0 })
  })

  it('computes refunds of the tier prices in whole yen', () => {
    expect(refundAmountJpy(registrationTierPriceJpy.member, 'ninetyPercent')).toBe(2700)
    expect(refundAmountJpy(registrationTierPriceJpy.sponsor_fursuiter, 'fiftyPercent')).toBe(5500)
    expect(refundAmountJpy(registrationTierPriceJpy.sponsor, 'none')).toBe(0)
    expect(refundAmountJpy(3333, 'ninetyPercent')).toBe(2999)
  })

  it('never refunds more than the fee, nor a fraction of a yen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(...refundTiers), (fee, tier) => {
        const refund = refundAmountJpy(fee, tier)
        expect(Number.isInteger(refund)).toBe(true)
        expect(refund).toBeGreaterThanOrEqual(0)
        expect(refund).toBeLessThanOrEqual(fee)
      }),
    )
  })

  it('rejects fees that are not whole non-negative yen', () => {
    expect(() => refundAmountJpy(-1, 'none')).toThrow(RangeError)
    expect(() => refundAmountJpy(1.5, 'none')).toThrow(RangeError)
  })
})
