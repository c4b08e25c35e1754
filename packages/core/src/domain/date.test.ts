import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  calendarDateInTokyo,
  daysInMonth,
  endOfDayInTokyo,
  hasDatePassed,
  hasDateStarted,
  isCalendarDate,
  isLeapYear,
  isValidDate,
  isWithinPeriod,
  parseCalendarDate,
  startOfDayInTokyo,
  toCalendarDate,
} from './date.ts'
import {
  dateRelations,
  formatCalendarDate,
  formatDatePeriod,
  formatDateRelation,
  japaneseDateSuffixes,
  supportsTimeZone,
} from './date-format.ts'
import { formatInstant } from './instant-format.ts'

describe('date helper', () => {
  it('knows leap years, centuries included', () => {
    expect([2024, 2000, 1600].map(isLeapYear)).toEqual([true, true, true])
    expect([2025, 1900, 2100].map(isLeapYear)).toEqual([false, false, false])
  })

  it('gives the days of each month, 29 in a leap February', () => {
    expect(Array.from({ length: 12 }, (_, i) => daysInMonth(2025, i + 1))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ])
    expect(daysInMonth(2024, 2)).toBe(29)
    expect(() => daysInMonth(2025, 13)).toThrow(RangeError)
    expect(() => daysInMonth(2025, 0)).toThrow(RangeError)
  })

  it('accepts a month of 1 to 12 and a day that fits it', () => {
    expect(isValidDate(2024, 2, 29)).toBe(true)
    expect(isValidDate(2025, 2, 29)).toBe(false)
    expect(isValidDate(2025, 4, 31)).toBe(false)
    expect(isValidDate(2025, 13, 1)).toBe(false)
    expect(isValidDate(2025, 0, 1)).toBe(false)
    expect(isValidDate(2025, 1, 0)).toBe(false)
    expect(isValidDate(2025, 1.5, 1)).toBe(false)
  })

  it('agrees with the Gregorian calendar for every year, month and day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: -1, max: 14 }),
        fc.integer({ min: -1, max: 33 }),
        (year, month, day) => {
          const date = new Date(0)
          date.setUTCFullYear(year, month - 1, day)
          const roundTrips =
            date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
          expect(isValidDate(year, month, day)).toBe(roundTrips && month >= 1 && month <= 12)
        },
      ),
    )
  })

  it('parses and writes YYYY-MM-DD dates, rejecting impossible ones', () => {
    expect(parseCalendarDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 })
    expect(parseCalendarDate('2025-02-29')).toBeUndefined()
    expect(parseCalendarDate('2025-5-10')).toBeUndefined()
    expect(isCalendarDate('2025-05-10')).toBe(true)
    expect(isCalendarDate(20250510)).toBe(false)
    expect(toCalendarDate({ year: 2025, month: 5, day: 10 })).toBe('2025-05-10')
    expect(() => toCalendarDate({ year: 2025, month: 2, day: 30 })).toThrow(RangeError)
  })

  it('round-trips every valid date through its text', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const parts = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
          expect(parseCalendarDate(toCalendarDate(parts))).toEqual(parts)
        },
      ),
    )
  })
})

describe('days in Japan', () => {
  it('starts and ends a date at midnight JST', () => {
    expect(new Date(startOfDayInTokyo('2025-05-10')).toISOString()).toBe('2025-05-09T15:00:00.000Z')
    expect(new Date(endOfDayInTokyo('2025-05-10')).toISOString()).toBe('2025-05-10T14:59:59.999Z')
  })

  it('reads the date in Japan at an instant', () => {
    expect(calendarDateInTokyo(Date.parse('2025-05-09T14:59:59.999Z'))).toBe('2025-05-09')
    expect(calendarDateInTokyo(Date.parse('2025-05-09T15:00:00.000Z'))).toBe('2025-05-10')
  })

  it('tells with a clock whether a date has started, passed, or a period is running', () => {
    const at = (iso: string) => () => Date.parse(iso)
    expect(hasDateStarted('2025-05-10', at('2025-05-09T14:59:59.999Z'))).toBe(false)
    expect(hasDateStarted('2025-05-10', at('2025-05-09T15:00:00Z'))).toBe(true)
    expect(hasDatePassed('2025-05-10', at('2025-05-10T14:59:59.999Z'))).toBe(false)
    expect(hasDatePassed('2025-05-10', at('2025-05-10T15:00:00Z'))).toBe(true)
    const period = { from: '2025-04-01', to: '2025-04-27' } as const
    expect(isWithinPeriod(period, at('2025-03-31T14:59:59.999Z'))).toBe(false)
    expect(isWithinPeriod(period, at('2025-03-31T15:00:00Z'))).toBe(true)
    expect(isWithinPeriod(period, at('2025-04-27T14:59:59.999Z'))).toBe(true)
    expect(isWithinPeriod(period, at('2025-04-27T15:00:00Z'))).toBe(false)
  })
})

describe('date formatting', () => {
  it('formats calendar dates in Japanese and English', () => {
    expect(formatCalendarDate('2025-05-10', 'ja')).toBe('2025年5月10日')
    expect(formatCalendarDate('2025-05-10', 'ja', { weekday: true })).toBe('2025年5月10日(土)')
    expect(formatCalendarDate('2025-05-10', 'en')).toBe('May 10, 2025')
    expect(formatCalendarDate('2025-05-10', 'en', { weekday: true })).toBe('Sat, May 10, 2025')
  })

  it('formats periods', () => {
    expect(formatDatePeriod({ from: '2025-02-21', to: '2025-03-07' }, 'ja')).toBe('2025年2月21日〜3月7日')
    expect(formatDatePeriod({ from: '2024-12-30', to: '2025-01-02' }, 'ja')).toBe(
      '2024年12月30日〜2025年1月2日',
    )
    expect(formatDatePeriod({ from: '2025-02-21', to: '2025-03-07' }, 'en')).toBe(
      'February 21\u2009–\u2009March 7, 2025',
    )
  })

  it('formats instants in Asia/Tokyo', () => {
    expect(supportsTimeZone('Asia/Tokyo')).toBe(true)
    expect(supportsTimeZone('Not/AZone')).toBe(false)
    const deadline = Date.parse('2025-05-01T23:59:59+09:00')
    expect(formatInstant(deadline, 'ja')).toBe('2025年5月1日 23:59:59（日本時間）')
    expect(formatInstant(deadline, 'en')).toBe('May 1, 2025 at 23:59:59 (Japan time)')
    expect(formatInstant(deadline, 'en', { zoneInHeader: true })).toBe('May 1, 2025 at 23:59:59')
  })

  it('adds the Japanese suffixes まで, から and 以降, and their English equivalents', () => {
    expect(dateRelations).toEqual(['until', 'since', 'after'])
    expect(japaneseDateSuffixes).toEqual({ until: 'まで', since: 'から', after: '以降' })
    expect(dateRelations.map((relation) => formatDateRelation('2025-03-14', relation, 'ja'))).toEqual([
      '2025年3月14日まで',
      '2025年3月14日から',
      '2025年3月14日以降',
    ])
    expect(dateRelations.map((relation) => formatDateRelation('2025-03-14', relation, 'en'))).toEqual([
      'until March 14, 2025',
      'from March 14, 2025',
      'after March 14, 2025',
    ])
  })
})
