import { cookingClubTastingCode, type Participant, type RegistrationTier } from '@furfes/core'
import type { RegistrationCheckIn } from '../data/check-ins.ts'
import { badgeNumberOf, defaultSort, sortParticipants } from '../participants/search.ts'
import type { PrintedBadges } from './printed.ts'

/** What a badge shows. */
export interface BadgeData {
  registrationId: string
  /** The short number staff read aloud (decision 189); absent on a list from before the numbers. */
  badgeNumber: number | undefined
  badgeName: string
  tier: RegistrationTier
  /** Printed before the participant changed their details: to print again (decision 170). */
  reprintNeeded: boolean
  /** The paid add-ons whose staff look for a mark on the badge (decision 191), in `badgeMarkedAddons` order. */
  addonMarks: BadgeMarkedAddon[]
}

/**
 * The add-ons a badge shows a word for: the cooking club's staff let in the tasting's ticket holders by their
 * badge (docs/decisions/191-desk-payments-and-receipts.md). Each has a short word under `badges.addonMark`.
 */
const badgeMarkedAddons = [cookingClubTastingCode] as const
type BadgeMarkedAddon = (typeof badgeMarkedAddons)[number]

export interface BadgeFilters {
  tier: RegistrationTier | 'all'
  /** Only badges no desk has printed yet, or that must be printed again. */
  notPrinted: boolean
  /** One registration's badge alone (from the participant dialog). */
  registrationId?: string | undefined
}

/**
 * The badges to print, in badge-name order: paid registrations only (a pending one may never come, a
 * canceled one will not), narrowed by the filters.
 */
export function selectBadges(
  participants: readonly Participant[],
  checkIns: ReadonlyMap<string, RegistrationCheckIn>,
  printed: PrintedBadges,
  filters: BadgeFilters,
): BadgeData[] {
  const badges: BadgeData[] = []
  for (const participant of sortParticipants(participants, defaultSort, checkIns)) {
    const registration = participant.registration
    if (registration?.paymentStatus !== 'paid' || registration.registrationId === undefined) continue
    if (filters.registrationId !== undefined && registration.registrationId !== filters.registrationId)
      continue
    if (filters.tier !== 'all' && registration.registrationTier !== filters.tier) continue
    const print = printed.get(registration.registrationId)
    if (filters.notPrinted && print !== undefined && !print.reprintNeeded) continue
    badges.push({
      registrationId: registration.registrationId,
      badgeNumber: badgeNumberOf(participant),
      badgeName: registration.badgeName,
      tier: registration.registrationTier,
      reprintNeeded: print?.reprintNeeded ?? false,
      addonMarks: badgeMarkedAddons.filter((code) =>
        participant.addons?.some((addon) => addon.code === code),
      ),
    })
  }
  return badges
}

/** Splits the badges into sheets of `perSheet`. */
export function sheetsOf<T>(badges: readonly T[], perSheet: number): T[][] {
  const sheets: T[][] = []
  for (let start = 0; start < badges.length; start += perSheet)
    sheets.push(badges.slice(start, start + perSheet))
  return sheets
}
