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

/** A paid participant as the goods figures count them: what they are owed and the lines ticked as handed. */
export interface GoodsRecipient {
  tier: RegistrationTier
  tShirtSize: string | undefined
  changingRoomType: string | undefined
  addOns?: readonly GoodsAddOn[]
  handed: ReadonlySet<string>
}

/** One line of the goods figures: "T-shirts L: 31 of 40 handed out". */
export interface GoodsFigure {
  goods: string
  /** Only on the T-shirt's lines, one per size; a T-shirt without a known size has none. */
  tShirtSize?: string
  expected: number
  handedOut: number
}

export interface DoorGoodsFigures {
  goods: GoodsFigure[]
  /** Paid participants with a changing room, per room type. */
  changingRooms: { changingRoomType: string; paid: number }[]
}

/**
 * The door's goods figures (docs/decisions/180-goods-handed-out.md), one way for the API and for a tablet
 * counting its own snapshot: per line of goods (the T-shirt per size), how many paid participants are owed it
 * and how many were handed it. A tick of a line the participant is not owed (their tier changed) is not counted.
 * Lines come in the order of goodsFor, the T-shirt's sizes in the order of `sizes`.
 */
export function countDoorGoods(
  recipients: Iterable<GoodsRecipient>,
  sizes: readonly string[],
  roomTypes: readonly string[],
): DoorGoodsFigures {
  const figures = new Map<string, GoodsFigure & { order: number }>()
  const rooms = new Map(roomTypes.map((type) => [type, 0]))
  for (const recipient of recipients) {
    if (recipient.changingRoomType !== undefined) {
      rooms.set(recipient.changingRoomType, (rooms.get(recipient.changingRoomType) ?? 0) + 1)
    }
    for (const [index, line] of goodsFor(recipient.tier, recipient.tShirtSize, recipient.addOns).entries()) {
      const size = line.kind === 'benefit' ? line.tShirtSize : undefined
      const id = `${line.key}\u0000${size ?? ''}`
      const sizeOrder = size === undefined ? sizes.length : sizes.indexOf(size)
      const figure = figures.get(id) ?? {
        goods: line.key,
        ...(size === undefined ? {} : { tShirtSize: size }),
        expected: 0,
        handedOut: 0,
        order: index * (sizes.length + 1) + sizeOrder,
      }
      figure.expected += 1
      if (recipient.handed.has(line.key)) figure.handedOut += 1
      figures.set(id, figure)
    }
  }
  return {
    goods: [...figures.values()].sort((a, b) => a.order - b.order).map(({ order: _, ...figure }) => figure),
    changingRooms: [...rooms].map(([changingRoomType, paid]) => ({ changingRoomType, paid })),
  }
}
