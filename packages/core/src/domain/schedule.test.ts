import { describe, expect, it } from 'vitest'
import { isWithinPeriod } from './date.ts'
import {
  alternativeEventDate,
  createEventSchedule,
  defaultEventDate,
  defaultEventSchedule,
  isBeforeDeadline,
} from './schedule.ts'

describe('event schedule', () => {
  it('defaults to the dates of the spec, with the event on 2025-05-10', () => {
    expect(defaultEventSchedule).toEqual({
      registrationOpensOn: '2024-02-14',
      clubActivityApplication: { from: '2025-02-21', to: '2025-03-07' },
      discordInvitationsBy: '2025-03-14',
      clubActivityPreparation: { from: '2025-03-08', to: '2025-05-09' },
      eventDate: '2025-05-10',
      journalismClubSubmissions: { from: '2025-04-01', to: '2025-04-27' },
      deadline: '2025-05-01T23:59:59+09:00',
      unlabelledDates: ['2025-04-01', '2025-04-30', '2025-03-31'],
    })
    expect(defaultEventDate).toBe('2025-05-10')
  })

  it('keeps the other reading of the event date', () => {
    expect(alternativeEventDate).toBe('2025-06-10')
    expect(createEventSchedule({ eventDate: alternativeEventDate }).eventDate).toBe('2025-06-10')
  })

  it('takes configuration, keeping defaults for what it leaves out', () => {
    const sut = createEventSchedule({
      eventDate: '2026-05-09',
      clubActivityApplication: { from: '2026-02-20', to: '2026-03-06' },
    })
    expect(sut).toEqual({
      ...defaultEventSchedule,
      eventDate: '2026-05-09',
      clubActivityApplication: { from: '2026-02-20', to: '2026-03-06' },
    })
    expect(createEventSchedule()).toEqual(defaultEventSchedule)
  })

  it('rejects impossible dates and backwards periods', () => {
    expect(() => createEventSchedule({ eventDate: '2026-02-29' })).toThrow()
    expect(() =>
      createEventSchedule({ clubActivityPreparation: { from: '2025-05-09', to: '2025-03-08' } }),
    ).toThrow()
    expect(() => createEventSchedule({ deadline: 'tomorrow' })).toThrow()
  })

  it('is before the deadline through its last second, 2025-05-01 23:59:59 JST', () => {
    const at = (iso: string) => () => Date.parse(iso)
    expect(isBeforeDeadline(defaultEventSchedule, at('2025-05-01T23:59:59.999+09:00'))).toBe(true)
    expect(isBeforeDeadline(defaultEventSchedule, at('2025-05-02T00:00:00+09:00'))).toBe(false)
  })

  it('tells whether the club application period is running', () => {
    const period = defaultEventSchedule.clubActivityApplication
    expect(isWithinPeriod(period, () => Date.parse('2025-02-21T00:00:00+09:00'))).toBe(true)
    expect(isWithinPeriod(period, () => Date.parse('2025-03-08T00:00:00+09:00'))).toBe(false)
  })
})
