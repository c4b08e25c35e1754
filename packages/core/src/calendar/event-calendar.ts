import { TZDate } from '@date-fns/tz'
import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import ical, { ICalCalendarMethod } from 'ical-generator'
import { type CalendarDate, eventTimeZone } from '../domain/date.ts'
import { defaultEventDetails, type EventDetails, eventPeriod } from '../domain/event.ts'
import type { Language } from '../domain/language.ts'
import type { TimetableSession } from '../domain/timetable.ts'

/*
 * The event as an iCalendar file (RFC 5545), made with ical-generator: the same entry for the site's "add to
 * calendar" link (written at build time) and the receipt mail's attachment (written by the API). Kept out of the
 * package's main entry (`@furfes/core/calendar`), so no browser bundle carries a calendar library.
 */

export interface EventCalendarOptions {
  language: Language
  date?: CalendarDate
  details?: EventDetails
  /** The place as this calendar may name it: the public text by default, the venue for participants. */
  place?: string
  /** A page about the event, linked from the entry. */
  url?: string
  description?: string
  /**
   * Stable across files and languages, so a calendar that imports the site's file and then the mail's updates
   * one entry instead of adding a second.
   */
  uid?: string
  /** DTSTAMP: when this file was made (epoch ms); a fixed value keeps build output reproducible. */
  stampedAt: number
}

export const eventCalendarUid = 'event@furfes'

/** The .ics text: one VEVENT whose DTSTART and DTEND are wall-clock times with TZID=Asia/Tokyo, plus its VTIMEZONE. */
export function eventCalendar(options: EventCalendarOptions): string {
  const details = options.details ?? defaultEventDetails
  const { start, end } = eventPeriod(options.date, details)
  const calendar = ical({
    name: details.name[options.language],
    prodId: { company: 'furfes', product: 'event', language: options.language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: eventTimeZone, generator: getVtimezoneComponent },
  })
  calendar.createEvent({
    id: options.uid ?? eventCalendarUid,
    // TZDate carries the zone, so ical-generator writes the wall-clock time in Japan rather than in the zone of
    // the machine that happens to build the file.
    start: new TZDate(start, eventTimeZone),
    end: new TZDate(end, eventTimeZone),
    timezone: eventTimeZone,
    stamp: new Date(options.stampedAt),
    summary: details.name[options.language],
    location: options.place ?? details.publicPlace[options.language],
    ...(options.description === undefined ? {} : { description: options.description }),
    ...(options.url === undefined ? {} : { url: options.url }),
  })
  return withUtcStamp(calendar.toString(), options.stampedAt)
}

/**
 * RFC 5545 wants DTSTAMP in UTC, but ical-generator writes it in the calendar's zone without the `Z` once the
 * calendar names a zone, which it must for the VTIMEZONE that DTSTART's TZID points at. So the stamp is written
 * again here, in UTC.
 */
function withUtcStamp(ics: string, stampedAt: number): string {
  const utc = new Date(stampedAt)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
  return ics.replace(/^DTSTAMP:[^\r\n]*/m, `DTSTAMP:${utc}`)
}

export interface TimetableCalendarOptions {
  language: Language
  /** The calendar's name, such as the edition's name. */
  name: string
  sessions: readonly TimetableSession[]
  /** DTSTAMP: when this file was made (epoch ms). */
  stampedAt: number
  /** The timetable page, linked from each entry. */
  url?: string
}

/**
 * Timetable sessions as an iCalendar file (docs/decisions/172-timetable-as-data.md): one VEVENT per session, its
 * UID the session's id, so importing the file again (or a newer one) updates the entries instead of adding new
 * ones. Every instant, DTSTAMP included, is written in UTC (`Z`), as RFC 5545 requires of DTSTAMP; calendars show
 * them in the reader's zone.
 */
export function timetableCalendar(options: TimetableCalendarOptions): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'furfes', product: 'timetable', language: options.language.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
  })
  for (const session of options.sessions) {
    const description = [session.description[options.language], session.notes[options.language]]
      .filter(Boolean)
      .join('\n\n')
    calendar.createEvent({
      id: `${session.id}@timetable.furfes`,
      start: new Date(session.startsAt),
      end: new Date(session.endsAt),
      stamp: new Date(options.stampedAt),
      summary: session.title[options.language],
      location: session.stage[options.language],
      ...(description ? { description } : {}),
      ...(options.url === undefined ? {} : { url: options.url }),
    })
  }
  return calendar.toString()
}
