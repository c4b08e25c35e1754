import type { RegistrationTier, Venue } from '@furfes/core'
import { openDatabase } from '@furfes/ui/database'
import type { Dexie, EntityTable } from 'dexie'

/** What the QR page shows, kept so that it renders with no network (decision 090). */
export interface CachedRegistrationCode {
  /** The signed registration code's text, what the QR encodes (compact, decision 120; or a JWS from before it). */
  text: string
  /** From the registration (a compact code does not carry them); unknown when it could not be read. */
  badgeName: string | undefined
  tier: RegistrationTier | undefined
  /** The code's expiry, in milliseconds since the epoch. */
  expiresAt: number
  /** When this copy was saved (last refreshed from the API), in milliseconds since the epoch. */
  savedAt: number
}

interface RegistrationCodeRow extends Omit<CachedRegistrationCode, 'text'> {
  /** Always {@link currentSlot}: one browser profile holds one person's code at a time. */
  slot: string
  /** The code's text, under the name copies saved on phones already carry. */
  token: string
}

/** A same-origin file (a timetable or venue-map image, a prerendered page) kept for offline use. */
export interface CachedAsset {
  /** The path on this origin, without a trailing slash: `/ja/timetable`, `/images/timetable-ja.svg`. */
  path: string
  contentType: string
  /** The bytes, not a Blob: every IndexedDB implementation stores an ArrayBuffer. */
  body: ArrayBuffer
  savedAt: number
}

/** The venue as GET /venue told a paid participant, kept for the day with no network (decision 123). */
export interface CachedVenue {
  venue: Venue
  /** When this copy was saved, in milliseconds since the epoch. */
  savedAt: number
}

interface VenueRow extends CachedVenue {
  /** Always {@link currentSlot}, like the registration code: one person's at a time. */
  slot: string
}

export const currentSlot = 'current'

interface PwaTables {
  registrationCode: EntityTable<RegistrationCodeRow, 'slot'>
  assets: EntityTable<CachedAsset, 'path'>
  venue: EntityTable<VenueRow, 'slot'>
}

/** The public site's IndexedDB database. */
export type PwaDatabase = Dexie & PwaTables

export function openPwaDatabase(name = 'furfes-pwa'): PwaDatabase {
  return openDatabase<PwaTables>(name, [{ registrationCode: 'slot', assets: 'path' }, { venue: 'slot' }])
}

let database: PwaDatabase | undefined

/** The one database of this page, opened on first use. */
export function pwaDatabase(): PwaDatabase {
  database ??= openPwaDatabase()
  return database
}
