import {
  type Participant,
  type PaymentStatus,
  paymentStatuses,
  type RegistrationTier,
  registrationTiers,
} from '@furfes/core'
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

type TierFilter = RegistrationTier | 'all' | 'none'
type PaymentFilter = PaymentStatus | 'all'
type CheckInFilter = 'all' | 'checkedIn' | 'notCheckedIn'

export interface ParticipantFilters {
  query: string
  tier: TierFilter
  payment: PaymentFilter
  checkIn: CheckInFilter
}

export const noFilters: ParticipantFilters = { query: '', tier: 'all', payment: 'all', checkIn: 'all' }

const searchIndex = new WeakMap<Participant, string>()

/**
 * What a query is matched against: badge name, handle name, e-mail, registration id, user id; a short number
 * is matched against the badge number instead of the ids (`matchesNumber`).
 */
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

function indexed(participant: Participant): string {
  let text = searchIndex.get(participant)
  if (text === undefined) {
    text = searchableText(participant)
    searchIndex.set(participant, text)
  }
  return text
}

/** Rows folded per task: a few milliseconds each, so a keystroke or a scan never waits long behind one. */
const preparedPerTask = 250

/**
 * Folds every participant's text ahead of the first search, a slice per task, so the first keystroke after a
 * sync costs what every other does; the list starts it when a new snapshot arrives. Returns the cancel.
 */
export function prepareSearch(participants: readonly Participant[]): () => void {
  let next = 0
  let timer: ReturnType<typeof setTimeout>
  const step = () => {
    const end = Math.min(participants.length, next + preparedPerTask)
    for (; next < end; next++) indexed(participants[next] as Participant)
    if (next < participants.length) timer = setTimeout(step, 0)
  }
  timer = setTimeout(step, 0)
  return () => clearTimeout(timer)
}

export type SortColumn = 'badgeName' | 'handleName' | 'email' | 'tier' | 'payment' | 'checkIn'
type SortDirection = 'asc' | 'desc'
export interface ParticipantSort {
  column: SortColumn
  direction: SortDirection
}

export const defaultSort: ParticipantSort = { column: 'badgeName', direction: 'asc' }

// One collator for every comparison: `localeCompare(b, 'ja')` builds one per call, which costs more than the
// comparison itself at thousands of rows.
const collator = new Intl.Collator('ja')

type SortKey = string | number | undefined

function sortKey(
  participant: Participant,
  column: SortColumn,
  checkIns: ReadonlyMap<string, RegistrationCheckIn>,
): SortKey {
  const registration = participant.registration
  switch (column) {
    case 'badgeName':
      return registration?.badgeName
    case 'handleName':
      return participant.profile?.handleName
    case 'email':
      return participant.user.email || undefined
    case 'tier':
      return registration && registrationTiers.indexOf(registration.registrationTier)
    case 'payment':
      return registration && paymentStatuses.indexOf(registration.paymentStatus)
    case 'checkIn': {
      const registrationId = registration?.registrationId
      return registrationId === undefined ? undefined : checkIns.get(registrationId)?.current?.checkedInAt
    }
  }
}

/** Badge-name order, people without a registration last. */
function compareNames(a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1
  return collator.compare(a, b)
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return collator.compare(String(a), String(b))
}

/**
 * The participants in the order of one column, either way; people without a value (no registration, no
 * profile, not checked in) come last in both directions, so flipping the order never buries the real rows
 * under empty ones. Ties keep the badge-name order.
 */
export function sortParticipants(
  participants: readonly Participant[],
  sort: ParticipantSort,
  checkIns: ReadonlyMap<string, RegistrationCheckIn>,
): Participant[] {
  const sign = sort.direction === 'asc' ? 1 : -1
  const keyed = participants.map((participant) => ({
    participant,
    key: sortKey(participant, sort.column, checkIns),
    name: participant.registration?.badgeName,
  }))
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined) {
      if (a.key !== b.key) return a.key === undefined ? 1 : -1
    } else {
      const order = compareKeys(a.key, b.key)
      if (order !== 0) return sign * order
    }
    return compareNames(a.name, b.name)
  })
  return keyed.map((item) => item.participant)
}

/**
 * The participants matching every filter, in the order given; each word of the query must occur somewhere
 * in the person's badge name, handle name, e-mail or ids, in any order. The participant list sorts once and
 * filters the sorted list on each keystroke, so typing never pays for a sort.
 */
export function filterParticipants(
  participants: readonly Participant[],
  filters: ParticipantFilters,
  checkIns: ReadonlyMap<string, RegistrationCheckIn>,
): Participant[] {
  const words = foldForSearch(filters.query).split(' ').filter(Boolean)
  return participants.filter((participant) => {
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
    return words.every((word) =>
      shortNumber.test(word) ? matchesNumber(participant, word) : text.includes(word),
    )
  })
}

/** The badge's short number (decision 189); a registration never paid has none. */
export function badgeNumberOf(participant: Participant): number | undefined {
  const registration = participant.registration
  return registration && registration.paymentStatus !== 'pending' ? registration.badgeNumber : undefined
}

/** A number a badge carries (decision 189): read aloud, typed as it is, also with "no." or "#" before it. */
const shortNumber = /^(?:no\.?|#)?\d{1,5}$/

/**
 * A short number finds the badge of that number, or a name or e-mail that contains it, but not every id that
 * happens to hold those digits.
 */
function matchesNumber(participant: Participant, word: string): boolean {
  const digits = word.replace(/^(?:no\.?|#)/, '')
  if (badgeNumberOf(participant) === Number(digits)) return true
  const names = [participant.registration?.badgeName, participant.profile?.handleName, participant.user.email]
  return foldForSearch(names.filter(Boolean).join('\n')).includes(word)
}

/** The participants matching every filter, sorted by badge name (people without a registration last). */
export function searchParticipants(
  participants: readonly Participant[],
  filters: ParticipantFilters,
  checkIns: ReadonlyMap<string, RegistrationCheckIn>,
): Participant[] {
  return sortParticipants(filterParticipants(participants, filters, checkIns), defaultSort, checkIns)
}

/**
 * The first `limit` matches in badge-name order, and how many match in all. The scanner's search shows a
 * handful, so it keeps only those while filtering instead of sorting every match.
 */
export function firstMatches(
  participants: readonly Participant[],
  filters: ParticipantFilters,
  checkIns: ReadonlyMap<string, RegistrationCheckIn>,
  limit: number,
): { shown: Participant[]; count: number } {
  const matches = filterParticipants(participants, filters, checkIns)
  const shown: Participant[] = []
  for (const participant of matches) {
    const name = participant.registration?.badgeName
    let at = shown.length
    while (at > 0 && compareNames(name, shown[at - 1]?.registration?.badgeName) < 0) at--
    if (at < limit) {
      shown.splice(at, 0, participant)
      if (shown.length > limit) shown.pop()
    }
  }
  return { shown, count: matches.length }
}
