import { describe, expect, it } from 'vitest'
import { defaultRefundPolicy } from './refund-policy.ts'
import { tierChangeAmounts, tierChangeRefusal, tierChangeTargets } from './tier-change.ts'

const early = Date.parse('2025-03-01T10:00:00+09:00')
const late = Date.parse('2025-04-11T00:00:00+09:00')
const lastWeek = Date.parse('2025-05-04T00:00:00+09:00')

describe('changing tier after payment', () => {
  it('offers only the tiers without a changing room, never the tier held', () => {
    expect(tierChangeTargets('member')).toEqual(['sponsor'])
    expect(tierChangeTargets('fursuiter')).toEqual(['member', 'sponsor'])
    expect(tierChangeTargets('sponsor')).toEqual(['member'])
    expect(tierChangeTargets('sponsor_fursuiter')).toEqual(['member', 'sponsor'])
  })

  it('refuses a fursuit tier and the same tier', () => {
    expect(tierChangeRefusal('member', 'fursuiter')).toBe('tierChangeToFursuitTier')
    expect(tierChangeRefusal('sponsor', 'sponsor_fursuiter')).toBe('tierChangeToFursuitTier')
    expect(tierChangeRefusal('sponsor', 'sponsor')).toBe('tierChangeSameTier')
    expect(tierChangeRefusal('fursuiter', 'member')).toBeUndefined()
  })

  it('charges the difference up and refunds it down at the policy rate of the day, rounded down', () => {
    expect(tierChangeAmounts(3000, 10000, early, defaultRefundPolicy)).toEqual({
      direction: 'upgrade',
      payJpy: 7000,
      refundJpy: 0,
      policyPercentage: 90,
    })
    expect(tierChangeAmounts(4000, 3000, early, defaultRefundPolicy)).toMatchObject({
      direction: 'downgrade',
      payJpy: 0,
      refundJpy: 900,
    })
    expect(tierChangeAmounts(11000, 3000, late, defaultRefundPolicy).refundJpy).toBe(4000)
    expect(tierChangeAmounts(11000, 10000, lastWeek, defaultRefundPolicy)).toMatchObject({
      refundJpy: 0,
      policyPercentage: 0,
    })
    expect(tierChangeAmounts(3333, 3000, early, defaultRefundPolicy).refundJpy).toBe(299)
  })
})
