import { isOneOf } from './one-of.ts'

/** The four paid registration tiers, in display order, with their prices in JPY (docs/requirements.md REG-1, REG-2). */
export const registrationTiers = ['member', 'fursuiter', 'sponsor', 'sponsor_fursuiter'] as const
export type RegistrationTier = (typeof registrationTiers)[number]

/** A record with a value for every tier, in tier order, built from each tier. */
export function perTier<T>(value: (tier: RegistrationTier) => T): Record<RegistrationTier, T> {
  return Object.fromEntries(registrationTiers.map((tier) => [tier, value(tier)])) as Record<
    RegistrationTier,
    T
  >
}

/** The client also knows a participant who has not registered yet. */
export const notRegistered = 'not_registered'
export type RegistrationTierOrNotRegistered = RegistrationTier | typeof notRegistered

export const registrationTierPriceJpy: Readonly<Record<RegistrationTier, number>> = {
  member: 3000,
  fursuiter: 4000,
  sponsor: 10000,
  sponsor_fursuiter: 11000,
}

/**
 * Sort order of every tier value the client shows: not registered first, then by price. The spec names a sort
 * order without values; this one follows the price list.
 */
export const registrationTierSortOrder: Readonly<Record<RegistrationTierOrNotRegistered, number>> = {
  not_registered: 0,
  member: 1,
  fursuiter: 2,
  sponsor: 3,
  sponsor_fursuiter: 4,
}

export function compareRegistrationTiers(
  a: RegistrationTierOrNotRegistered,
  b: RegistrationTierOrNotRegistered,
): number {
  return registrationTierSortOrder[a] - registrationTierSortOrder[b]
}

/** Sponsor tiers come with the official T-shirt, so they must choose a size. */
export const sponsorTiers = ['sponsor', 'sponsor_fursuiter'] as const satisfies readonly RegistrationTier[]
/** Fursuit tiers may bring one fursuit and use a changing room, so they must choose one. */
export const fursuitTiers = ['fursuiter', 'sponsor_fursuiter'] as const satisfies readonly RegistrationTier[]

export function isSponsorTier(tier: RegistrationTier): boolean {
  return isOneOf(sponsorTiers, tier)
}

export function isFursuitTier(tier: RegistrationTier): boolean {
  return isOneOf(fursuitTiers, tier)
}

export function isRegistrationTier(value: unknown): value is RegistrationTier {
  return isOneOf(registrationTiers, value)
}
