/** Card brands Stripe Checkout accepts for registration fees (docs/requirements.md REG-20). */
export const acceptedCardBrands = [
  'visa',
  'mastercard',
  'american_express',
  'jcb',
  'diners_club',
  'discover',
] as const
export type CardBrand = (typeof acceptedCardBrands)[number]

/** Besides credit cards, debit and prepaid cards of those brands are accepted. */
export const acceptedCardKinds = ['credit', 'debit', 'prepaid'] as const
export type CardKind = (typeof acceptedCardKinds)[number]

/**
 * Refund tiers, most generous first: 90 % of the fee, 50 %, none. The spec gives no dates for them, so none
 * are assumed here (decision 011). Refunds go to the card used for payment.
 */
export const refundTiers = ['ninetyPercent', 'fiftyPercent', 'none'] as const
export type RefundTier = (typeof refundTiers)[number]

export const refundRatePercent: Readonly<Record<RefundTier, number>> = {
  ninetyPercent: 90,
  fiftyPercent: 50,
  none: 0,
}

/** The refund in whole yen; a fraction of a yen is not paid out. */
export function refundAmountJpy(feeJpy: number, tier: RefundTier): number {
  if (!Number.isSafeInteger(feeJpy) || feeJpy < 0) throw new RangeError(`Invalid fee: ${feeJpy}`)
  return Math.floor((feeJpy * refundRatePercent[tier]) / 100)
}
