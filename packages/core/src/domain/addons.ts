import { endOfDayInTokyo, startOfDayInTokyo } from './date.ts'
import type { Edition } from './edition.ts'
import { cookingClubTasting } from './limits.ts'

/*
 * Add-on products (docs/decisions/178-add-on-products.md): something a paid participant buys besides their
 * registration, with its own price, capacity and sale window per edition. The cooking club's tasting is the first.
 */

/**
 * Where a purchase is: `pending` holds a place while its checkout runs, `paid` holds it for good, `expired`
 * (checkout ended unpaid) and `refunded` hold none; `refunding` gave its place back and waits for the provider
 * to confirm the refund.
 */
export const addonPurchaseStatuses = ['pending', 'paid', 'expired', 'refunding', 'refunded'] as const
export type AddonPurchaseStatus = (typeof addonPurchaseStatuses)[number]

/** The statuses that hold one of the product's places. */
export const addonHoldingStatuses = ['pending', 'paid'] as const satisfies readonly AddonPurchaseStatus[]

/** A product's code: lower-case letters, digits and underscores. */
export const addonCodePattern = /^[a-z][a-z0-9_]{0,39}$/

export const cookingClubTastingCode = 'cooking_club_tasting'

/** What an edition sells besides registrations. */
export interface AddonProduct {
  code: string
  name: { ja: string; en: string }
  priceJpy: number
  capacity: number
  /** Epoch ms: the first and last instants it is sold. */
  saleOpensAt: number
  saleClosesAt: number
}

/**
 * The add-ons an edition is seeded with: the cooking club's tasting, sold for the whole registration period (from
 * the start of its opening day to the end of its closing day in Japan), at the spec's price and capacity.
 */
export function seededAddonProducts(edition: Pick<Edition, 'registration'>): AddonProduct[] {
  return [
    {
      code: cookingClubTastingCode,
      name: { ja: '料理部 試食会', en: 'Cooking club tasting' },
      priceJpy: cookingClubTasting.feeJpy,
      capacity: cookingClubTasting.capacity,
      saleOpensAt: startOfDayInTokyo(edition.registration.opensOn),
      saleClosesAt: endOfDayInTokyo(edition.registration.closesOn),
    },
  ]
}

/** Whether the product is on sale at `epochMs`. */
export function addonOnSale(product: Pick<AddonProduct, 'saleOpensAt' | 'saleClosesAt'>, epochMs: number) {
  return epochMs >= product.saleOpensAt && epochMs <= product.saleClosesAt
}
