import type { RegistrationTier } from './registration-tier.ts'
import { type SponsorBenefit, sponsorBenefits, sponsorBenefitsByTier } from './sponsor-benefits.ts'

/*
 * The goods the door hands over to a participant (docs/decisions/180-goods-handed-out.md): the tier's benefits,
 * then one line per add-on bought. Each line has a key that names it in the ticks the desks record, so a tick
 * means the same thing on every tablet and in the figures.
 */

/** An add-on a participant bought, as far as the door needs it: what to call it and its key. */
export interface GoodsAddOn {
  /** Stable per edition; the tick of the add-on's line is stored under `addOn:<id>`. */
  id: string
  name: { ja: string; en: string }
}

export type GoodsLine =
  | { kind: 'benefit'; key: SponsorBenefit; tShirtSize?: string }
  | { kind: 'addOn'; key: string; name: GoodsAddOn['name'] }

/** The key a tick of an add-on's line is stored under. */
export const addOnGoodsKey = (addOnId: string) => `addOn:${addOnId}`

/**
 * What a participant of this tier, with this T-shirt size and these add-ons, is handed at the door, in the
 * order the tier cards list the benefits, add-ons last in the order given.
 */
export function goodsFor(
  tier: RegistrationTier,
  tShirtSize: string | undefined,
  addOns: readonly GoodsAddOn[] = [],
): GoodsLine[] {
  const included = sponsorBenefitsByTier[tier]
  const benefits = sponsorBenefits
    .filter((benefit) => included[benefit])
    .map(
      (benefit): GoodsLine =>
        benefit === 'tShirt' && tShirtSize !== undefined
          ? { kind: 'benefit', key: benefit, tShirtSize }
          : { kind: 'benefit', key: benefit },
    )
  return [
    ...benefits,
    ...addOns.map((addOn): GoodsLine => ({ kind: 'addOn', key: addOnGoodsKey(addOn.id), name: addOn.name })),
  ]
}
