import { describe, expect, it } from 'vitest'
import { endOfDayInTokyo } from './date.ts'
import {
  defaultRefundPolicy,
  eventCancelledRefundJpy,
  policyRefundJpy,
  refundPeriodAt,
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

  it('refunds the fee minus expenses when the event is cancelled, never below zero', () => {
    expect(eventCancelledRefundJpy(4000, 1500)).toBe(2500)
    expect(eventCancelledRefundJpy(3000, 5000)).toBe(0)
    expect(eventCancelledRefundJpy(3000, -1)).toBe(3000)
  })
})
