import { describe, expect, it } from 'vitest'
import {
  compareRegistrationTiers,
  fursuitTiers,
  isFursuitTier,
  isRegistrationTier,
  isSponsorTier,
  notRegistered,
  type RegistrationTierOrNotRegistered,
  registrationTierPriceJpy,
  registrationTierSortOrder,
  registrationTiers,
  sponsorTiers,
} from './registration-tier.ts'

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

  it('knows the client-side not_registered value and sorts it first', () => {
    expect(notRegistered).toBe('not_registered')
    expect(registrationTierSortOrder).toEqual({
      not_registered: 0,
      member: 1,
      fursuiter: 2,
      sponsor: 3,
      sponsor_fursuiter: 4,
    })
    const shuffled: RegistrationTierOrNotRegistered[] = [
      'sponsor_fursuiter',
      'member',
      'not_registered',
      'sponsor',
      'fursuiter',
    ]
    expect(shuffled.sort(compareRegistrationTiers)).toEqual(['not_registered', ...registrationTiers])
  })

  it('names the sponsor tiers (T-shirt) and the fursuit tiers (changing room)', () => {
    expect(sponsorTiers).toEqual(['sponsor', 'sponsor_fursuiter'])
    expect(fursuitTiers).toEqual(['fursuiter', 'sponsor_fursuiter'])
    expect(registrationTiers.filter(isSponsorTier)).toEqual(['sponsor', 'sponsor_fursuiter'])
    expect(registrationTiers.filter(isFursuitTier)).toEqual(['fursuiter', 'sponsor_fursuiter'])
  })

  it('recognises only the paid tiers as registration tiers', () => {
    expect(registrationTiers.every(isRegistrationTier)).toBe(true)
    expect(isRegistrationTier('not_registered')).toBe(false)
    expect(isRegistrationTier('Member')).toBe(false)
  })
})
