import { z } from 'zod'
import { validationMessage } from '../errors/catalogue.ts'
import { perTier, type RegistrationTier } from './registration-tier.ts'

/*
 * Badge artwork per tier as the committee's setting of an edition (docs/decisions/211-badge-artwork-as-an-edition-setting.md):
 * one of the pictures bundled with the reception, by its key, or none. The reception maps a key to its file, which
 * it precaches so a badge prints offline; an edition names keys, never addresses, so a setting cannot point at a
 * picture the tablet does not hold.
 */

/** The bundled pictures, drawn from the festival's key visual: its mark on the sun, with paws, a star, or both. */
export const badgeArtworkKeys = ['mark', 'paws', 'star', 'star-paws'] as const
export type BadgeArtworkKey = (typeof badgeArtworkKeys)[number]

/** An edition's artwork: a tier without an entry prints without a picture. */
export type BadgeArtwork = Partial<Record<RegistrationTier, BadgeArtworkKey>>

/** The festival's own set, which every edition printed before the setting existed and a new one starts with. */
export const festivalBadgeArtwork: Readonly<Required<BadgeArtwork>> = {
  member: 'mark',
  fursuiter: 'paws',
  sponsor: 'star',
  sponsor_fursuiter: 'star-paws',
}

const badgeArtworkKey = z.enum(badgeArtworkKeys, { error: validationMessage('badgeArtworkUnknown') })

/**
 * The setting as an edition stores it. An edition stored before it existed reads as the festival's own set, the
 * set it printed with, so nothing printed changes.
 */
export const badgeArtworkSchema = z
  .object(perTier(() => badgeArtworkKey.optional()))
  .default(() => ({ ...festivalBadgeArtwork }))

/** The artwork an edition record names, or the festival's own set for a record kept from before the setting. */
export function badgeArtworkOrFestival(artwork: BadgeArtwork | undefined): Readonly<BadgeArtwork> {
  return artwork ?? festivalBadgeArtwork
}
