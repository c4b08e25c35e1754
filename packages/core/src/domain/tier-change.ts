import { policyRefundJpy, type RefundPolicy, refundPercentageAt } from './refund-policy.ts'
import { isFursuitTier, type RegistrationTier, registrationTiers } from './registration-tier.ts'

/*
 * A paid participant changing tier (docs/decisions/167-participants-change-tier.md). After payment the only tiers
 * open are those without a changing room: a changing room is planned and staffed from the paid fursuit tiers, so
 * nobody joins them late. Moving up pays the difference; moving down refunds it at the refund policy's rate of
 * the day, the same rate a cancellation gets.
 */

/** The tiers a paid registration of `from` may move to, in tier order. */
export function tierChangeTargets(from: RegistrationTier): RegistrationTier[] {
  return registrationTiers.filter((tier) => tier !== from && !isFursuitTier(tier))
}

/** Why a move from `from` to `to` is not allowed after payment, or undefined when it is. */
export function tierChangeRefusal(
  from: RegistrationTier,
  to: RegistrationTier,
): 'tierChangeSameTier' | 'tierChangeToFursuitTier' | undefined {
  if (from === to) return 'tierChangeSameTier'
  if (isFursuitTier(to)) return 'tierChangeToFursuitTier'
  return undefined
}

export interface TierChangeAmounts {
  direction: 'upgrade' | 'downgrade'
  /** What the participant pays: the target's price less what was paid (upgrades only). */
  payJpy: number
  /** What the participant gets back: the difference at the policy's rate today (downgrades only). */
  refundJpy: number
  /** The policy's rate today, in percent. */
  policyPercentage: number
}

/**
 * The money of a move from a registration that paid `paidJpy` to a tier priced `targetPriceJpy` at `now`. A
 * target priced the same as what was paid is a downgrade that refunds nothing.
 */
export function tierChangeAmounts(
  paidJpy: number,
  targetPriceJpy: number,
  now: number,
  policy: RefundPolicy,
): TierChangeAmounts {
  const policyPercentage = refundPercentageAt(now, policy)
  if (targetPriceJpy > paidJpy) {
    return { direction: 'upgrade', payJpy: targetPriceJpy - paidJpy, refundJpy: 0, policyPercentage }
  }
  return {
    direction: 'downgrade',
    payJpy: 0,
    refundJpy: policyRefundJpy(paidJpy - targetPriceJpy, now, policy),
    policyPercentage,
  }
}
