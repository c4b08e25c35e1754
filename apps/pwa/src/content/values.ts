import {
  dataRetentionAfterEvent,
  defaultEventSchedule,
  formatCalendarDate,
  formatDatePeriod,
  formatDateRelation,
  type Language,
} from '@furfes/core'
import type { ContentValues } from './RichText.tsx'

/**
 * 10,000: Japanese and English both group digits in threes with a comma. Done by hand because the first Intl
 * formatter a page makes loads locale data, which costs a phone tens of milliseconds while the page starts.
 */
export function formatNumber(value: number, _language: Language): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number: ${value}`)
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** An amount in yen as each language writes it: 3,000円 / ¥3,000. */
export function formatYen(amount: number, language: Language): string {
  const digits = formatNumber(amount, language)
  return language === 'ja' ? `${digits}円` : `¥${digits}`
}

/**
 * The event's dates as the copy names them (`{{eventDate}}`, `{{clubApplicationPeriod}}`…), formatted as days in
 * Japan with the spec's suffixes: まで (until), から (since) and 以降 (after). The dates come from
 * @furfes/core, so the site, the API and next year's configuration agree.
 */
export function scheduleValues(language: Language): ContentValues {
  const cached = scheduleValuesByLanguage.get(language)
  if (cached) return cached
  const values = lazyValues(scheduleFormatters(language, defaultEventSchedule))
  scheduleValuesByLanguage.set(language, values)
  return values
}

const scheduleValuesByLanguage = new Map<Language, ContentValues>()

/** Formatting a date builds an Intl formatter, which is slow on a phone: each is made once, when first named. */
export function lazyValues(formatters: Record<string, () => string | number>): ContentValues {
  const values: Record<string, () => string> = {}
  for (const [name, format] of Object.entries(formatters)) {
    let value: string | undefined
    values[name] = () => {
      value ??= String(format())
      return value
    }
  }
  return values
}

function scheduleFormatters(language: Language, schedule: typeof defaultEventSchedule) {
  return {
    eventDate: () => formatCalendarDate(schedule.eventDate, language, { weekday: true }),
    eventDateAfter: () => formatDateRelation(schedule.eventDate, 'after', language),
    registrationOpensSince: () => formatDateRelation(schedule.registrationOpensOn, 'since', language),
    clubApplicationPeriod: () => formatDatePeriod(schedule.clubActivityApplication, language),
    clubApplicationSince: () => formatDateRelation(schedule.clubActivityApplication.from, 'since', language),
    clubApplicationUntil: () => formatDateRelation(schedule.clubActivityApplication.to, 'until', language),
    discordInvitationsUntil: () => formatDateRelation(schedule.discordInvitationsBy, 'until', language),
    preparationPeriod: () => formatDatePeriod(schedule.clubActivityPreparation, language),
    preparationSince: () => formatDateRelation(schedule.clubActivityPreparation.from, 'since', language),
    journalismPeriod: () => formatDatePeriod(schedule.journalismClubSubmissions, language),
    journalismSince: () => formatDateRelation(schedule.journalismClubSubmissions.from, 'since', language),
    journalismUntil: () => formatDateRelation(schedule.journalismClubSubmissions.to, 'until', language),
    dataRetentionYears: () => dataRetentionAfterEvent.years,
  }
}
