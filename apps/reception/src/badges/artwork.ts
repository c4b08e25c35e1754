import type { RegistrationTier } from '@furfes/core'

/**
 * Optional artwork per tier, drawn beside the badge name (decision 189): the address of an image the reception
 * serves, put in `apps/reception/public/badges/` and named here, so it is precached and prints offline. A tier
 * without an entry prints without artwork; none is set until the committee supplies the pictures.
 */
export type BadgeArtwork = Partial<Record<RegistrationTier, string>>

export const badgeArtwork: BadgeArtwork = {}
