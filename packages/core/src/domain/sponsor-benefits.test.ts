import { describe, expect, it } from 'vitest'
import { sponsorBenefits, sponsorBenefitsByTier } from './sponsor-benefits.ts'

describe('sponsor benefits', () => {
  it('lists the six benefits in the spec order', () => {
    expect(sponsorBenefits).toEqual([
      'conbook',
      'limitedNeckStrap',
      'tShirt',
      'toteBag',
      'entryBadgeCase',
      'sticker',
    ])
  })

  it('gives sponsor tiers every benefit and the other tiers none', () => {
    const table = Object.fromEntries(
      Object.entries(sponsorBenefitsByTier).map(([tier, benefits]) => [
        tier,
        sponsorBenefits.filter((benefit) => benefits[benefit]),
      ]),
    )
    expect(table).toEqual({
      member: [],
      fursuiter: [],
      sponsor: [...sponsorBenefits],
      sponsor_fursuiter: [...sponsorBenefits],
    })
  })
})
