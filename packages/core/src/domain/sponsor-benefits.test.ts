import { describe, expect, it } from 'vitest'
import { coreResources } from '../i18n/resources.ts'
import { type RegistrationTier, registrationTiers } from './registration-tier.ts'
import { sponsorBenefits, sponsorBenefitsByTier } from './sponsor-benefits.ts'

/** The benefits a tier card marks as included, in the order the card lists them. */
const includedIn = (tier: RegistrationTier) =>
  sponsorBenefits
    .filter((benefit) => sponsorBenefitsByTier[tier][benefit])
    .map((benefit) => coreResources.en.domain.sponsorBenefit[benefit])
    .join(', ')

describe('sponsor benefits', () => {
  it('gives sponsor tiers the six benefits in the spec order and the other tiers none', () => {
    const six = 'Conbook, Limited neck strap, Official T-shirt, Tote bag, Entry badge case, Sticker'
    expect(Object.fromEntries(registrationTiers.map((tier) => [tier, includedIn(tier)]))).toEqual({
      member: '',
      fursuiter: '',
      sponsor: six,
      sponsor_fursuiter: six,
    })
  })
})
