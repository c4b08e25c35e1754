import { describe, expect, it } from 'vitest'
import { checkInsByRegistration } from '../data/check-ins.ts'
import { participant, registrationIdOf, userIdOf } from '../test/fixtures.ts'
import {
  filterParticipants,
  firstMatches,
  foldForSearch,
  noFilters,
  type SortColumn,
  searchParticipants,
  sortParticipants,
} from './search.ts'

const people = [
  participant({
    n: 1,
    badgeName: 'コン',
    handleName: 'Kon the Fox',
    email: 'kon@example.com',
    tier: 'sponsor',
    badgeNumber: 12,
  }),
  participant({
    n: 2,
    badgeName: 'Ｗｏｌｆ',
    handleName: 'おおかみ',
    email: 'wolf@example.jp',
    paymentStatus: 'pending',
  }),
  participant({
    n: 3,
    badgeName: 'Bear',
    email: 'bear@example.com',
    tier: 'fursuiter',
    paymentStatus: 'canceled',
    badgeNumber: 3,
  }),
  participant({ n: 4, badgeName: 'x', withoutRegistration: true, email: 'nobody@example.com' }),
]
const checkIns = checkInsByRegistration([
  {
    id: 'c1',
    registrationId: registrationIdOf(1),
    deviceId: 'd',
    checkedInAt: 0,
    kind: 'check_in',
    localSeq: 1,
    origin: 'local',
  },
])

const names = (query: string, filters = {}) =>
  searchParticipants(people, { ...noFilters, query, ...filters }, checkIns).map(
    (p) => p.registration?.badgeName ?? p.user.email,
  )

describe('participant search', () => {
  it('folds width, case and katakana', () => {
    expect(foldForSearch('  ＷＯＬＦ　ｺﾝ  フォックス ')).toBe('wolf こん ふぉっくす')
  })

  it('finds people by badge name, handle name, e-mail and registration or user id', () => {
    expect(names('こん')).toEqual(['コン'])
    expect(names('wolf')).toEqual(['Ｗｏｌｆ'])
    expect(names('オオカミ')).toEqual(['Ｗｏｌｆ'])
    expect(names('example.jp')).toEqual(['Ｗｏｌｆ'])
    expect(names(registrationIdOf(3))).toEqual(['Bear'])
    expect(names(userIdOf(4).slice(-6))).toEqual(['nobody@example.com'])
    expect(names('fox kon')).toEqual(['コン'])
    expect(names('nobody-at-all')).toEqual([])
  })

  it('finds a badge by its short number, typed plain, full width or after No. or #, and not inside the ids', () => {
    expect(names('12')).toEqual(['コン'])
    expect(names('１２')).toEqual(['コン'])
    expect(names('No.12')).toEqual(['コン'])
    expect(names('#3')).toEqual(['Bear'])
    // Every test id holds a 1 and a 0: a short number looks at the badge numbers and names only.
    expect(names('1')).toEqual([])
    expect(names('0')).toEqual([])
  })

  it('filters by tier, payment status and check-in', () => {
    expect(names('', { tier: 'fursuiter' })).toEqual(['Bear'])
    expect(names('', { tier: 'none' })).toEqual(['nobody@example.com'])
    expect(names('', { payment: 'pending' })).toEqual(['Ｗｏｌｆ'])
    expect(names('', { checkIn: 'checkedIn' })).toEqual(['コン'])
    expect(names('', { checkIn: 'notCheckedIn' })).toEqual(['Bear', 'Ｗｏｌｆ', 'nobody@example.com'])
  })
})

describe('participant sort', () => {
  const sorted = (column: SortColumn, direction: 'asc' | 'desc') =>
    sortParticipants(people, { column, direction }, checkIns).map(
      (p) => p.registration?.badgeName ?? p.user.email,
    )

  it('sorts by any column either way, with empty values last in both directions', () => {
    expect(sorted('badgeName', 'asc')).toEqual(['Bear', 'Ｗｏｌｆ', 'コン', 'nobody@example.com'])
    expect(sorted('badgeName', 'desc')).toEqual(['コン', 'Ｗｏｌｆ', 'Bear', 'nobody@example.com'])
    // Tiers and payment states in their domain order, not alphabetically.
    expect(sorted('tier', 'asc')).toEqual(['Ｗｏｌｆ', 'Bear', 'コン', 'nobody@example.com'])
    expect(sorted('payment', 'desc')).toEqual(['Bear', 'Ｗｏｌｆ', 'コン', 'nobody@example.com'])
    // Only コン and Ｗｏｌｆ have a handle name; the others keep badge-name order after them.
    expect(sorted('handleName', 'asc')).toEqual(['コン', 'Ｗｏｌｆ', 'Bear', 'nobody@example.com'])
    expect(sorted('handleName', 'desc')).toEqual(['Ｗｏｌｆ', 'コン', 'Bear', 'nobody@example.com'])
    expect(sorted('email', 'asc')).toEqual(['Bear', 'コン', 'nobody@example.com', 'Ｗｏｌｆ'])
    expect(sorted('checkIn', 'desc')).toEqual(['コン', 'Bear', 'Ｗｏｌｆ', 'nobody@example.com'])
  })

  it('keeps the sorted order when filtering', () => {
    const byEmail = sortParticipants(people, { column: 'email', direction: 'desc' }, checkIns)
    expect(
      filterParticipants(byEmail, { ...noFilters, query: 'example.com' }, checkIns).map((p) => p.user.email),
    ).toEqual(['nobody@example.com', 'kon@example.com', 'bear@example.com'])
  })
})

describe("the scanner's first matches", () => {
  it('are the first of the full search, in badge-name order, with the count of all matches', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      participant({ n: 100 + i, badgeName: `Fox ${String((i * 7) % 30).padStart(2, '0')}` }),
    )
    const all = searchParticipants(many, { ...noFilters, query: 'fox' }, checkIns)
    const { shown, count } = firstMatches(many, { ...noFilters, query: 'fox' }, checkIns, 8)
    expect(count).toBe(30)
    expect(shown.map((p) => p.registration?.badgeName)).toEqual(
      all.slice(0, 8).map((p) => p.registration?.badgeName),
    )
    expect(shown[0]?.registration?.badgeName).toBe('Fox 00')
    expect(
      firstMatches(people, { ...noFilters, query: 'example' }, checkIns, 8).shown.map((p) => p.user.email),
    ).toEqual(['bear@example.com', 'wolf@example.jp', 'kon@example.com', 'nobody@example.com'])
  })
})
