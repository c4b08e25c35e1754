import { describe, expect, it } from 'vitest'
import { endOfDayInTokyo } from './date.ts'
import {
  defaultRefundPolicy,
  eventCancelledRefundJpy,
  parseRefundPolicy,
  policyRefundJpy,
  refundPeriodAt,
  sameRefundPolicy,
  tierRefundJpy,
} from './refund-policy.ts'

describe('refund policy', () => {
  const early = endOfDayInTokyo(defaultRefundPolicy.earlyUntil)
  const late = endOfDayInTokyo(defaultRefundPolicy.lateUntil)

  it('gives 90 % through the last millisecond of the early cut-off day in Japan, then 50 %', () => {
    expect(refundPeriodAt(early)).toBe('early')
    expect(policyRefundJpy(3000, early)).toBe(2700)
    expect(refundPeriodAt(early + 1)).toBe('late')
    expect(policyRefundJpy(3000, early + 1)).toBe(1500)
  })

  it('gives nothing after the late cut-off day', () => {
    expect(policyRefundJpy(11000, late)).toBe(5500)
    expect(refundPeriodAt(late + 1)).toBe('none')
    expect(policyRefundJpy(11000, late + 1)).toBe(0)
  })

  it('rounds a fraction of a yen down', () => {
    expect(policyRefundJpy(1001, early)).toBe(900)
  })

  it('applies the policy to a tier fee on a clock', () => {
    expect(tierRefundJpy('sponsor', () => early)).toBe(9000)
    expect(tierRefundJpy('fursuiter', () => late + 1)).toBe(0)
  })

  it('reads a policy from configuration and refuses a malformed or reversed one', () => {
    expect(parseRefundPolicy(' 2026-12-01 , 2027-01-15 ')).toEqual({
      earlyUntil: '2026-12-01',
      lateUntil: '2027-01-15',
    })
    expect(() => parseRefundPolicy('2026-12-01')).toThrow(RangeError)
    expect(() => parseRefundPolicy('2026-02-30,2026-03-01')).toThrow('YYYY-MM-DD')
    expect(() => parseRefundPolicy('2026-12-02,2026-12-01')).toThrow('after the late one')
    expect(sameRefundPolicy(parseRefundPolicy('2025-04-10,2025-05-03'), defaultRefundPolicy)).toBe(true)
  })

  it('refunds the fee minus expenses when the event is cancelled, never below zero', () => {
    expect(eventCancelledRefundJpy(4000, 1500)).toBe(2500)
    expect(eventCancelledRefundJpy(3000, 5000)).toBe(0)
    expect(eventCancelledRefundJpy(3000, -1)).toBe(3000)
  })
})
