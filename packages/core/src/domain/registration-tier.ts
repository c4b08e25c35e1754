/** The four paid registration tiers, in display order, with their prices in JPY (spec section 9). */
export const registrationTiers = ['member', 'fursuiter', 'sponsor', 'sponsor_fursuiter'] as const
export type RegistrationTier = (typeof registrationTiers)[number]

/** The client also knows a participant who has not registered yet. */
export type RegistrationTierOrNotRegistered = RegistrationTier | 'not_registered'

export const registrationTierPriceJpy: Readonly<Record<RegistrationTier, number>> = {
  member: 3000,
  fursuiter: 4000,
  sponsor: 10000,
  sponsor_fursuiter: 11000,
}
