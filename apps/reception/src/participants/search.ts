import type { Participant, PaymentStatus, RegistrationTier } from '@furfes/core'
import type { RegistrationCheckIn } from '../data/check-ins.ts'

/**
 * Folds text so staff find people however they type: NFKC (full-width letters and half-width kana become
 * their usual forms), lower case, and katakana as hiragana (フォックス finds ふぉっくす).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60))
    .replace(/\s+/g, ' ')
    .trim()
}

export type TierFilter = RegistrationTier | 'all' | 'none'
export type PaymentFilter = PaymentStatus | 'all'
export type CheckInFilter = 'all' | 'checkedIn' | 'notCheckedIn'

export interface ParticipantFilters {
  query: string
  tier: TierFilter
  payment: PaymentFilter
  checkIn: CheckInFilter
}

export const noFilters: ParticipantFilters = { query: '', tier: 'all', payment: 'all', checkIn: 'all' }

/** What a query is matched against: badge name, handle name, e-mail, registration id, user id. */
function searchableText(participant: Participant): string {
  return foldForSearch(
    [
      participant.registration?.badgeName,
      participant.profile?.handleName,
      participant.user.email,
      participant.registration?.registrationId,
      participant.user.userId,
    ]
      .filter(Boolean)
      .join('\n'),
  )
}

const searchIndex = new WeakMap<Participant, string>()

function indexed(participant: Participant): string {
  let text = searchIndex.get(participant)
  if (text === undefined) {
    text = searchableText(participant)
    searchIndex.set(participant, text)
  }
  return text
}

/**
 * The participants matching every filter; each word of the query must occur somewhere in the person's
 * badge name, handle name, e-mail or ids, in any order. Sorted by badge name (people without a
 * registration last).
 */
export function searchParticipants(
  participants: readonly Participant[],
  filters: ParticipantFilters,
  checkIns: ReadonlyMap<string, RegistrationCheckIn>,
): Participant[] {
  const words = foldForSearch(filters.query).split(' ').filter(Boolean)
  return participants
    .filter((participant) => {
      const registration = participant.registration
      if (filters.tier === 'none' && registration) return false
      if (
        filters.tier !== 'all' &&
        filters.tier !== 'none' &&
        registration?.registrationTier !== filters.tier
      ) {
        return false
      }
      if (filters.payment !== 'all' && registration?.paymentStatus !== filters.payment) return false
      if (filters.checkIn !== 'all') {
        const registrationId = registration?.registrationId
        const checkedIn = registrationId !== undefined && checkIns.get(registrationId)?.current !== undefined
        if (checkedIn !== (filters.checkIn === 'checkedIn')) return false
      }
      if (words.length === 0) return true
      const text = indexed(participant)
      return words.every((word) => text.includes(word))
    })
    .sort((a, b) => {
      const nameA = a.registration?.badgeName
      const nameB = b.registration?.badgeName
      if (nameA === undefined || nameB === undefined)
        return nameA === nameB ? 0 : nameA === undefined ? 1 : -1
      return nameA.localeCompare(nameB, 'ja')
    })
}
