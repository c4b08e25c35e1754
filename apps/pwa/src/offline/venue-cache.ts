import { type CachedVenue, currentSlot, pwaDatabase } from './database.ts'

export type { CachedVenue } from './database.ts'

/** Keeps the venue a paid participant was told, for the day with no network; replaces any earlier copy. */
export async function saveVenue({ venue, savedAt }: CachedVenue): Promise<void> {
  await pwaDatabase().venue.put({ slot: currentSlot, venue, savedAt })
}

/** The kept venue, if any. */
export async function loadVenue(): Promise<CachedVenue | undefined> {
  const row = await pwaDatabase().venue.get(currentSlot)
  return row === undefined ? undefined : { venue: row.venue, savedAt: row.savedAt }
}

/** Forgets the kept venue (sign-out, or the API says this account has no paid registration). */
export async function clearVenue(): Promise<void> {
  await pwaDatabase().venue.delete(currentSlot)
}
