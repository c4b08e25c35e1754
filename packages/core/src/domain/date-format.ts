// Dates as people read them, through Intl. Apart from date.ts's arithmetic so that a page which only compares
// days does not carry the formatters and their templates (the top page's budget, docs/decisions/041).
import datesEn from '../locales/en/dates.json' with { type: 'json' }
import datesJa from '../locales/ja/dates.json' with { type: 'json' }
import { type CalendarDate, type DatePeriod, partsOf } from './date.ts'
import { type Language, languageLocales } from './language.ts'

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
