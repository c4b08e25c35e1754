import { eventTimeZone } from './date.ts'
import type { DateFormatOptions } from './date-format.ts'
import { supportsTimeZone } from './date-format.ts'
import { type Language, languageLocales } from './language.ts'

/*
 * Instants (a payment, a deadline, a check-in) as people read them. Apart from the dates the public pages show, so
 * the top page, which shows no instant, does not load it (decision 164).
 */

/** How the site names the event's zone after a time: one way in each language (docs/glossary.md). */
const japanTime: Readonly<Record<Language, string>> = { ja: '（日本時間）', en: ' (Japan time)' }

/**
 * Formats an instant with its time of day in Asia/Tokyo, followed by "Japan time" in the page's words rather than
 * ICU's abbreviation (JST in Japanese, GMT+9 in English); in the device's zone, with that zone's name, only where
 * the runtime does not know Asia/Tokyo.
 */
export function formatInstant(
  epochMs: number,
  language: Language,
  options: DateFormatOptions & {
    /** Leaves "Japan time" out, where a column's header already says it. */
    zoneInHeader?: boolean
  } = {},
): string {
  const known = supportsTimeZone(eventTimeZone)
  const text = new Intl.DateTimeFormat(languageLocales[language], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(options.weekday ? { weekday: 'short' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    ...(known ? { timeZone: eventTimeZone } : { timeZoneName: 'short' }),
  }).format(epochMs)
  return known && !options.zoneInHeader ? `${text}${japanTime[language]}` : text
}
