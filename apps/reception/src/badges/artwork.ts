import type { RegistrationTier } from '@furfes/core'

/**
 * Optional artwork per tier, drawn beside the badge name (decisions 189 and 206): the address of an image the
 * reception serves from `apps/reception/public/badges/`, so it is precached and prints offline. A tier without an
 * entry prints without artwork.
 */
export type BadgeArtwork = Partial<Record<RegistrationTier, string>>

/** The festival's own set, drawn from its key visual (the mark, the sun, paws for fursuits, a star for sponsors). */
const festivalArtwork: BadgeArtwork = {
  member: '/badges/member.svg',
  fursuiter: '/badges/fursuiter.svg',
  sponsor: '/badges/sponsor.svg',
  sponsor_fursuiter: '/badges/sponsor-fursuiter.svg',
}

/**
 * The set an edition prints, by edition id, where it is not the festival's own: an edition that wants its own
 * pictures (or none, `{}`) is named here with them, so a past edition reprints with the artwork it had.
 */
const artworkByEdition: Readonly<Record<string, BadgeArtwork>> = {}

/** The artwork of an edition's badges; the festival's own set for an edition not named above. */
export function badgeArtworkOf(editionId: string | undefined): BadgeArtwork {
  return (editionId === undefined ? undefined : artworkByEdition[editionId]) ?? festivalArtwork
}
