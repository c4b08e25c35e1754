import type { Clock } from '../clock.ts'
import { type CalendarDate, endOfDayInTokyo, isCalendarDate } from './date.ts'
import { type RegistrationTier, registrationTierPriceJpy } from './registration-tier.ts'

/**
 * The published refund policy as configuration: a cancellation gets 90 % of the fee up to the end of one day in
 * Japan, 50 % up to the end of a later one, nothing after. The pages that publish the policy and the API that
 * applies it both read this one value, so the text and the rule cannot disagree (decision 110).
 */
export interface RefundPolicy {
  /** Last day (in Japan) on which a cancellation is refunded {@link refundPercentages.early} % of the fee. */
  earlyUntil: CalendarDate
  /** Last day (in Japan) on which a cancellation is refunded {@link refundPercentages.late} % of the fee. */
  lateUntil: CalendarDate
  /** The edition's rates (decision 155); {@link refundPercentages} when absent. */
  earlyPercent?: number
  latePercent?: number
}

export const refundPercentages = { early: 90, late: 50, none: 0 } as const
export type RefundPeriod = keyof typeof refundPercentages

/**
 * Defaults for the 2025-05-10 event (decision 110): 90 % until 30 days before the event, 50 % until 7 days
 * before, nothing in the last week, when the venue, goods and staffing are already paid for.
 */
export const defaultRefundPolicy: Readonly<RefundPolicy> = {
  earlyUntil: '2025-04-10',
  lateUntil: '2025-05-03',
}

/**
 * Reads a policy written as configuration: `YYYY-MM-DD,YYYY-MM-DD` (the early then the late cut-off day in
 * Japan). Throws a RangeError naming what is wrong, so a bad setting stops a start instead of refunding wrongly.
 */
export function parseRefundPolicy(value: string): RefundPolicy {
  const [earlyUntil, lateUntil, ...rest] = value.split(',').map((part) => part.trim())
  if (rest.length > 0 || !isCalendarDate(earlyUntil) || !isCalendarDate(lateUntil)) {
    throw new RangeError(`Expected two days as YYYY-MM-DD,YYYY-MM-DD, got "${value}"`)
  }
  if (earlyUntil > lateUntil) {
    throw new RangeError(`The early cut-off ${earlyUntil} is after the late one ${lateUntil}`)
  }
  return { earlyUntil, lateUntil }
}

/** True when two policies refund the same amounts on every day. */
export function sameRefundPolicy(a: RefundPolicy, b: RefundPolicy): boolean {
  return a.earlyUntil === b.earlyUntil && a.lateUntil === b.lateUntil
}

/** Which part of the policy applies at an instant (epoch ms). A cut-off day counts to its last millisecond. */
export function refundPeriodAt(epochMs: number, policy: RefundPolicy = defaultRefundPolicy): RefundPeriod {
  if (epochMs <= endOfDayInTokyo(policy.earlyUntil)) return 'early'
  if (epochMs <= endOfDayInTokyo(policy.lateUntil)) return 'late'
  return 'none'
}

/** The percentage of the fee the policy refunds at an instant: the edition's rates, else the published ones. */
export function refundPercentageAt(epochMs: number, policy: RefundPolicy = defaultRefundPolicy): number {
  const period = refundPeriodAt(epochMs, policy)
  if (period === 'early') return policy.earlyPercent ?? refundPercentages.early
  if (period === 'late') return policy.latePercent ?? refundPercentages.late
  return refundPercentages.none
}

/** Yen refunded for a fee by the policy; fractions of a yen go to the participant's loss, never above the rate. */
export function policyRefundJpy(
  feeJpy: number,
  epochMs: number,
  policy: RefundPolicy = defaultRefundPolicy,
): number {
  return Math.floor((feeJpy * refundPercentageAt(epochMs, policy)) / 100)
}

/** The policy refund of a tier's fee today. */
export function tierRefundJpy(
  tier: RegistrationTier,
  clock: Clock,
  policy: RefundPolicy = defaultRefundPolicy,
): number {
  return policyRefundJpy(registrationTierPriceJpy[tier], clock(), policy)
}

/** When the event is cancelled, each participant gets the fee minus the per-person expenses, never less than 0. */
export function eventCancelledRefundJpy(feeJpy: number, expensesPerPersonJpy: number): number {
  return Math.max(0, feeJpy - Math.max(0, expensesPerPersonJpy))
}
