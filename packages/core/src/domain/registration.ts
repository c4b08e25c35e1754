import type { Clock } from '../clock.ts'
import type { FeatureFlags } from './feature-flags.ts'
import type { RegistrationTier } from './registration-tier.ts'

/** Payment status of a registration: pending can end as paid, expired or canceled (docs/requirements.md REG-4). */
export const paymentStatuses = ['paid', 'pending', 'expired', 'canceled'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/** Changing rooms for fursuit tiers. */
export const changingRoomTypes = ['male', 'female'] as const
export type ChangingRoomType = (typeof changingRoomTypes)[number]

/**
 * Who a complimentary registration is for: the desk registers them without payment (docs/decisions/185-desk-tools.md).
 */
export const complimentaryKinds = ['guest', 'dealer', 'staff'] as const
export type ComplimentaryKind = (typeof complimentaryKinds)[number]

/** Official T-shirt sizes, smallest first. */
export const tShirtSizes = ['S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const
export type TShirtSize = (typeof tShirtSizes)[number]

/** The measurements of the size table, in the order the table gives them. */
export const tShirtMeasurements = ['height', 'length', 'width', 'shoulder', 'sleeve'] as const
export type TShirtMeasurement = (typeof tShirtMeasurements)[number]

/** Size table in cm: model height, body length, body width, shoulder width, sleeve length (docs/requirements.md REG-5). */
export const tShirtSizeTableCm: Readonly<Record<TShirtSize, Readonly<Record<TShirtMeasurement, number>>>> = {
  S: { height: 163, length: 66, width: 49, shoulder: 19, sleeve: 44 },
  M: { height: 170, length: 70, width: 52, shoulder: 20, sleeve: 47 },
  L: { height: 179, length: 74, width: 55, shoulder: 22, sleeve: 50 },
  XL: { height: 181, length: 78, width: 58, shoulder: 24, sleeve: 53 },
  XXL: { height: 183, length: 82, width: 61, shoulder: 26, sleeve: 56 },
  XXXL: { height: 186, length: 84, width: 64, shoulder: 26, sleeve: 59 },
}

/** Whether a spot of a tier can still be bought: the tier is `available` or `sold_out` in the inventory. */
export const inventoryStatuses = ['available', 'few_left', 'sold_out'] as const
export type InventoryStatus = (typeof inventoryStatuses)[number]

/** A tier shows "few left" once at most this share of its spots remains (decision 124). */
export const fewLeftShare = 0.1

/**
 * What the tier cards say about a tier's spots (decision 124): sold out when none is left, few left when at most
 * {@link fewLeftShare} of the capacity is (30 of 300, 5 of 50; a tier of fewer than 10 spots never says it),
 * available otherwise. The count itself is never shown.
 */
export function inventoryStatusOf(capacity: number, held: number): InventoryStatus {
  const left = capacity - held
  if (left <= 0) return 'sold_out'
  return left <= Math.floor(capacity * fewLeftShare) ? 'few_left' : 'available'
}

/** Whether a profile shows in the public participants list. */
export const profilePrivacies = ['public', 'private'] as const
export type ProfilePrivacy = (typeof profilePrivacies)[number]

/**
 * A pending registration's checkout URL counts as expired once the current time passes its expiry. Other
 * statuses carry no URL, so they never count as expired. This is the client's `isPaymentUrlExpired`: it is
 * computed against a clock when asked rather than stored, so it cannot go stale.
 */
export function isPaymentUrlExpired(
  registration: { paymentStatus: PaymentStatus; expiresAt?: number | undefined },
  clock: Clock,
): boolean {
  if (registration.paymentStatus !== 'pending' || registration.expiresAt === undefined) return false
  return clock() > registration.expiresAt
}

/**
 * The one staleness rule for registration info a client keeps (docs/requirements.md MY-10): it is fetched once and
 * goes stale only when it is a pending registration whose payment URL has expired, since the server may have
 * settled that session meanwhile. `null` or `undefined` (not registered) never goes stale.
 */
export function isRegistrationStale(
  registration: { paymentStatus: PaymentStatus; expiresAt?: number | undefined } | null | undefined,
  clock: Clock,
): boolean {
  return registration != null && isPaymentUrlExpired(registration, clock)
}

/**
 * Registration is unavailable when the registration flag is off or the tier is sold out (docs/requirements.md REG-11). A
 * tier missing from the inventory cannot be bought either.
 */
export function isTierOpenForRegistration(
  tier: RegistrationTier,
  flags: Pick<FeatureFlags, 'isRegistrationAvailable'>,
  inventory: readonly { registrationTier: RegistrationTier; status: InventoryStatus }[],
): boolean {
  if (!flags.isRegistrationAvailable) return false
  return inventory.some((item) => item.registrationTier === tier && item.status === 'available')
}
