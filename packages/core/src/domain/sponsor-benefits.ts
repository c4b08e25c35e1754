import { isOneOf } from './one-of.ts'
import type { RegistrationTier } from './registration-tier.ts'

/** Benefits listed on the tier cards, in a fixed order (docs/requirements.md REG-24). */
export const sponsorBenefits = [
  'conbook',
  'limitedNeckStrap',
  'tShirt',
  'toteBag',
  'entryBadgeCase',
  'sticker',
] as const
export type SponsorBenefit = (typeof sponsorBenefits)[number]

export function isSponsorBenefit(value: unknown): value is SponsorBenefit {
  return isOneOf(sponsorBenefits, value)
}

const all = (available: boolean) =>
  Object.fromEntries(sponsorBenefits.map((benefit) => [benefit, available])) as Record<
    SponsorBenefit,
    boolean
  >

/**
 * Which benefit each tier includes. The spec lists all six as what sponsor tiers get; member and fursuiter
 * therefore include none of them (decision 011). Configuration: a future event may pass its own table.
 */
export const sponsorBenefitsByTier: Readonly<
  Record<RegistrationTier, Readonly<Record<SponsorBenefit, boolean>>>
> = {
  member: all(false),
  fursuiter: all(false),
  sponsor: all(true),
  sponsor_fursuiter: all(true),
}
