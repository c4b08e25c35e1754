import type { Clock } from '../clock.ts'
import datesEn from '../locales/en/dates.json' with { type: 'json' }
import datesJa from '../locales/ja/dates.json' with { type: 'json' }
import { type Language, languageLocales } from './language.ts'

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

function partsOf(date: CalendarDate): CalendarDateParts {
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

/**
 * Whether this runtime's Intl knows a time zone. Dates display in Asia/Tokyo when the browser supports it
 * (docs/requirements.md DOM-4); otherwise instants fall back to the device's zone.
 */
export function supportsTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

export interface DateFormatOptions {
  /** Adds the day of the week: 2025年5月10日(土), Sat, May 10, 2025. */
  weekday?: boolean
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** Formatters are kept: creating one costs a phone milliseconds (locale data), formatting with one does not. */
function dateFormat(
  language: Language,
  options: DateFormatOptions,
  timeZone: string,
  withYear = true,
): Intl.DateTimeFormat {
  const key = `${language}|${options.weekday === true}|${timeZone}|${withYear}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(languageLocales[language], {
      ...(withYear ? { year: 'numeric' } : {}),
      month: 'long',
      day: 'numeric',
      ...(options.weekday ? { weekday: 'short' } : {}),
      timeZone,
    })
    dateFormats.set(key, format)
  }
  return format
}

/**
 * Formats a calendar date. A calendar date names a day rather than an instant, so it is formatted as that
 * day in UTC, which every runtime supports and which gives the same day as Asia/Tokyo would.
 */
export function formatCalendarDate(
  date: CalendarDate,
  language: Language,
  options: DateFormatOptions = {},
): string {
  const { year, month, day } = partsOf(date)
  return dateFormat(language, options, 'UTC').format(Date.UTC(year, month - 1, day))
}

/**
 * Formats an inclusive period: 2025年2月21日〜3月7日, February 21 – March 7, 2025. Japanese is joined by hand
 * because ICU's Japanese ranges fall back to numeric dates (2025/02/21～2025/03/07).
 */
export function formatDatePeriod(
  period: DatePeriod,
  language: Language,
  options: DateFormatOptions = {},
): string {
  const from = partsOf(period.from)
  const to = partsOf(period.to)
  const fromMs = Date.UTC(from.year, from.month - 1, from.day)
  const toMs = Date.UTC(to.year, to.month - 1, to.day)
  if (language === 'en') return dateFormat(language, options, 'UTC').formatRange(fromMs, toMs)
  const sameYear = from.year === to.year
  return `${dateFormat(language, options, 'UTC').format(fromMs)}〜${dateFormat(language, options, 'UTC', !sameYear).format(toMs)}`
}

/** Formats an instant with its time of day in Asia/Tokyo, or in the device's zone when that is unknown. */
export function formatInstant(epochMs: number, language: Language, options: DateFormatOptions = {}): string {
  const timeZone = supportsTimeZone(eventTimeZone) ? eventTimeZone : undefined
  return new Intl.DateTimeFormat(languageLocales[language], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(options.weekday ? { weekday: 'short' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(epochMs)
}

/** How a date relates to something: until (まで), since (から) or after (以降) it. */
export const dateRelations = ['until', 'since', 'after'] as const
export type DateRelation = (typeof dateRelations)[number]

/** The Japanese suffixes the published schedule puts after its dates (docs/requirements.md PAGE-4). */
export const japaneseDateSuffixes: Readonly<Record<DateRelation, string>> = {
  until: 'まで',
  since: 'から',
  after: '以降',
}

const relationTemplates: Readonly<Record<Language, Readonly<Record<DateRelation, string>>>> = {
  ja: datesJa,
  en: datesEn,
}

/** 2025年5月10日まで / until May 10, 2025. The templates are the `dates` namespace of the core resources. */
export function formatDateRelation(
  date: CalendarDate,
  relation: DateRelation,
  language: Language,
  options: DateFormatOptions = {},
): string {
  return relationTemplates[language][relation].replace(
    '{{date}}',
    formatCalendarDate(date, language, options),
  )
}
