import type { z } from 'zod'
import { badgeArtworkOrFestival } from '../domain/badge-artwork.ts'
import type { Edition, EditionPhase, editionSchema } from '../domain/edition.ts'
import { perTier } from '../domain/registration-tier.ts'
import type { EditionWire, PublicEditionWire } from './editions.ts'
import { toClientNames, toWireNames } from './wire-names.ts'
import { matchesWireShape, type WireShape } from './wire-shape.ts'

/*
 * An edition between its wire names and its client names, without zod: the public site reads the current
 * edition on every page (docs/decisions/155-editions.md) and has no room for zod in its top page's script
 * budget (decision 041), so it checks the answer's types with the wire shape the build derives from
 * `publicEditionWireSchema` and renames it here; the codecs in editions.ts use the same two functions.
 */

/**
 * The edition under its wire names, at every depth; nothing is checked (the codecs check). A record may lack the
 * badge artwork, as one recorded before the setting did.
 */
export function editionToWire(
  edition: Omit<Edition, 'badgeArtwork'> & Partial<Pick<Edition, 'badgeArtwork'>>,
): EditionWire {
  const venue = edition.venue
  return {
    ...toWireNames(edition),
    venue: venue && {
      name: venue.name,
      address: venue.address,
      access: venue.access,
      map_url: venue.mapUrl,
      entry_time: venue.entryTime,
    },
    registration: toWireNames(edition.registration),
    tiers: perTier((tier) => toWireNames(edition.tiers[tier])),
    refund_policy: toWireNames(edition.refundPolicy),
    links: {
      survey: toWireNames(edition.links.survey),
      photo_album: toWireNames(edition.links.photoAlbum),
      inquiry_form: toWireNames(edition.links.inquiryForm),
      new_club_form: toWireNames(edition.links.newClubForm),
    },
    // A change recorded before the setting existed has no artwork: it printed the festival's own (decision 211).
    badge_artwork: { ...badgeArtworkOrFestival(edition.badgeArtwork) },
  } as EditionWire
}

/** The edition under its client names; its rules are checked by the codec (or the API's save). */
export function editionFromWire(wire: EditionWire): z.input<typeof editionSchema> {
  const venue = wire.venue
  return {
    ...toClientNames(wire),
    venue: venue && {
      name: venue.name,
      address: venue.address,
      access: venue.access,
      mapUrl: venue.map_url,
      entryTime: venue.entry_time,
    },
    registration: toClientNames(wire.registration),
    tiers: perTier((tier) => toClientNames(wire.tiers[tier])),
    refundPolicy: toClientNames(wire.refund_policy),
    links: {
      survey: toClientNames(wire.links.survey),
      photoAlbum: toClientNames(wire.links.photo_album),
      inquiryForm: toClientNames(wire.links.inquiry_form),
      newClubForm: toClientNames(wire.links.new_club_form),
    },
    badgeArtwork: { ...wire.badge_artwork },
  } as z.input<typeof editionSchema>
}

/**
 * The public read of the edition as a page gets it: its types checked against `shape` (the build's
 * `wireShapeOf(publicEditionWireSchema)`), then renamed. Undefined when the answer is not of that shape. The
 * rules of an edition are the API's to check before it stores one; the page trusts them.
 */
export function publicEditionFromJson(
  shape: WireShape,
  json: unknown,
): { edition: Edition; phase: EditionPhase } | undefined {
  if (!matchesWireShape(shape, json)) return undefined
  const { phase, ...wire } = json as PublicEditionWire
  return { edition: editionFromWire({ ...wire, venue: null }) as Edition, phase }
}
