import { describe, expect, it } from 'vitest'
import { registrationTierPriceJpy, registrationTiers } from './registration-tier.ts'

describe('registration tiers', () => {
  it('lists the four paid tiers in sort order', () => {
    expect(registrationTiers).toEqual(['member', 'fursuiter', 'sponsor', 'sponsor_fursuiter'])
  })

  it('prices each tier in JPY as the spec gives', () => {
    expect(registrationTierPriceJpy).toEqual({
      member: 3000,
      fursuiter: 4000,
      sponsor: 10000,
      sponsor_fursuiter: 11000,
    })
  })
})
