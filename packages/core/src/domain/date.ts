import type { Clock } from '../clock.ts'

/** A calendar date in Japan, written `YYYY-MM-DD`. */
export type CalendarDate = `${number}-${number}-${number}`

export interface CalendarDateParts {
  year: number
  month: number
  day: number
}

/** Gregorian leap years: every fourth year, except centuries not divisible by 400. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

const monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const

/** Days in a month (1 to 12) of a year; February has 29 in leap years. */
export function daysInMonth(year: number, month: number): number {
  const length = monthLengths[month - 1]
  if (!Number.isInteger(month) || length === undefined) throw new RangeError(`Invalid month: ${month}`)
  return month === 2 && isLeapYear(year) ? 29 : length
}

/** The month is 1 to 12 and the day fits the month, leap years included (docs/requirements.md VAL-10). */
export function isValidDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    year >= 1 &&
    year <= 9999 &&
    Number.isInteger(month) &&
    month >= 1 &&
    month <= 12 &&
    Number.isInteger(day) &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  )
}

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/

export function parseCalendarDate(value: string): CalendarDateParts | undefined {
  const match = calendarDatePattern.exec(value)
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  return isValidDate(year, month, day) ? { year, month, day } : undefined
}

export function isCalendarDate(value: unknown): value is CalendarDate {
  return typeof value === 'string' && parseCalendarDate(value) !== undefined
}

export function toCalendarDate({ year, month, day }: CalendarDateParts): CalendarDate {
  if (!isValidDate(year, month, day)) throw new RangeError(`Invalid date: ${year}-${month}-${day}`)
  const pad = (value: number, length: number) => String(value).padStart(length, '0')
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` as CalendarDate
}

export function partsOf(date: CalendarDate): CalendarDateParts {
  const parts = parseCalendarDate(date)
  if (!parts) throw new RangeError(`Invalid calendar date: ${date}`)
  return parts
}

/** Japan has had no daylight saving time since 1951, so its offset is fixed. */
const tokyoOffsetMs = 9 * 60 * 60 * 1000
export const eventTimeZone = 'Asia/Tokyo'

/** The instant a calendar date begins in Japan (00:00:00.000 JST). */
export function startOfDayInTokyo(date: CalendarDate): number {
  const { year, month, day } = partsOf(date)
  return Date.UTC(year, month - 1, day) - tokyoOffsetMs
}

/** The last millisecond of a calendar date in Japan (23:59:59.999 JST). */
export function endOfDayInTokyo(date: CalendarDate): number {
  return startOfDayInTokyo(date) + 24 * 60 * 60 * 1000 - 1
}

/** The calendar date in Japan at an instant. */
export function calendarDateInTokyo(epochMs: number): CalendarDate {
  const shifted = new Date(epochMs + tokyoOffsetMs)
  return toCalendarDate({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  })
}

/** The calendar date `days` days after `date` (before it when negative). */
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  return calendarDateInTokyo(startOfDayInTokyo(date) + days * 24 * 60 * 60 * 1000)
}

/** An inclusive range of calendar dates in Japan. */
export interface DatePeriod {
  from: CalendarDate
  to: CalendarDate
}

export function isWithinPeriod(period: DatePeriod, clock: Clock): boolean {
  const now = clock()
  return now >= startOfDayInTokyo(period.from) && now <= endOfDayInTokyo(period.to)
}

/** True from the first moment of the date in Japan. */
export function hasDateStarted(date: CalendarDate, clock: Clock): boolean {
  return clock() >= startOfDayInTokyo(date)
}

/** True once the whole date has passed in Japan. */
export function hasDatePassed(date: CalendarDate, clock: Clock): boolean {
  return clock() > endOfDayInTokyo(date)
}
