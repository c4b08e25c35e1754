import { describe, expect, it } from 'vitest'
import { checkInsByRegistration } from '../data/check-ins.ts'
import { participant, registrationIdOf, userIdOf } from '../test/fixtures.ts'
import { foldForSearch, noFilters, searchParticipants } from './search.ts'

const people = [
  participant({
    n: 1,
    badgeName: 'コン',
    handleName: 'Kon the Fox',
    email: 'kon@example.com',
    tier: 'sponsor',
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

  it('filters by tier, payment status and check-in', () => {
    expect(names('', { tier: 'fursuiter' })).toEqual(['Bear'])
    expect(names('', { tier: 'none' })).toEqual(['nobody@example.com'])
    expect(names('', { payment: 'pending' })).toEqual(['Ｗｏｌｆ'])
    expect(names('', { checkIn: 'checkedIn' })).toEqual(['コン'])
    expect(names('', { checkIn: 'notCheckedIn' })).toEqual(['Bear', 'Ｗｏｌｆ', 'nobody@example.com'])
  })
})
