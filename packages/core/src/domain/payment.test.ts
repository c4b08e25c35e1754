import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { coreResources } from '../i18n/resources.ts'
import {
  acceptedCardBrands,
  acceptedCardKinds,
  refundAmountJpy,
  refundRatePercent,
  refundTiers,
} from './payment.ts'
import { registrationTierPriceJpy } from './registration-tier.ts'

describe('payment constants', () => {
  it('names the accepted cards as the spec does: six brands, and debit and prepaid cards besides credit', () => {
    const { domain } = coreResources.en
    expect(acceptedCardBrands.map((brand) => domain.cardBrand[brand]).join(', ')).toBe(
      'Visa, Mastercard, American Express, JCB, Diners Club, Discover',
    )
    expect(acceptedCardKinds.map((kind) => domain.cardKind[kind])).toEqual([
      'Credit card',
      'Debit card',
      'Prepaid card',
    ])
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
