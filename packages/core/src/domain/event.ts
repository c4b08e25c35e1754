import { type CalendarDate, eventTimeZone, startOfDayInTokyo } from './date.ts'
import type { Language } from './language.ts'
import { defaultEventSchedule } from './schedule.ts'

/**
 * What a calendar entry for the event says, beside its date (the schedule's `eventDate`): its name, its hours in
 * Japan and the place as the public may know it. The venue's exact address goes only to registered participants
 * (the API's receipt mail reads it from its configuration), so the public text names the city alone.
 */
export interface EventDetails {
  name: Readonly<Record<Language, string>>
  /** `HH:MM` in Japan. */
  startTime: string
  endTime: string
  publicPlace: Readonly<Record<Language, string>>
}

export const defaultEventDetails: Readonly<EventDetails> = {
  name: { ja: '東京ふぁーりーフェス 2025', en: 'Tokyo Furry Fes 2025' },
  startTime: '10:00',
  endTime: '18:00',
  publicPlace: { ja: '東京都内', en: 'Tokyo, Japan' },
}

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/

function minutesOf(time: string): number {
  const match = timePattern.exec(time)
  if (!match) throw new RangeError(`Not a time of day (HH:MM): ${time}`)
  return Number(match[1]) * 60 + Number(match[2])
}

/** The event's start and end as instants (epoch ms), from its date and its hours in Japan. */
export function eventPeriod(
  date: CalendarDate = defaultEventSchedule.eventDate,
  details: Pick<EventDetails, 'startTime' | 'endTime'> = defaultEventDetails,
): { start: number; end: number } {
  const day = startOfDayInTokyo(date)
  return {
    start: day + minutesOf(details.startTime) * 60_000,
    end: day + minutesOf(details.endTime) * 60_000,
  }
}

/** `20250510T100000`: a wall-clock time in Japan, as Google Calendar's `dates` parameter takes it with `ctz`. */
function tokyoWallClock(epochMs: number): string {
  return new Date(epochMs + 9 * 60 * 60 * 1000).toISOString().replace(/[-:]/g, '').slice(0, 15)
}

/**
 * A link that opens Google Calendar's "add event" form filled with the event, in Japan's time zone. Plain string
 * work, so the site can build it without any calendar library.
 */
export function googleCalendarUrl(
  language: Language,
  options: { date?: CalendarDate; details?: EventDetails; pageUrl?: string } = {},
): string {
  const details = options.details ?? defaultEventDetails
  const { start, end } = eventPeriod(options.date, details)
  const url = new URL('https://calendar.google.com/calendar/render')
  url.searchParams.set('action', 'TEMPLATE')
  url.searchParams.set('text', details.name[language])
  url.searchParams.set('dates', `${tokyoWallClock(start)}/${tokyoWallClock(end)}`)
  url.searchParams.set('ctz', eventTimeZone)
  url.searchParams.set('location', details.publicPlace[language])
  if (options.pageUrl) url.searchParams.set('details', options.pageUrl)
  return url.href
}
