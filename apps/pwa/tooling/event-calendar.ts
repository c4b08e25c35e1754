// Build plugin: the event as an iCalendar file per language (/furfes.ja.ics, /furfes.en.ics), written when the
// site is built, so the "add to calendar" link costs the browser no calendar library (docs/decisions/103).
import { firstEdition, startOfDayInTokyo } from '@furfes/core'
import { eventCalendar } from '@furfes/core/calendar'
import { type Language, languageFilesPlugin } from './language-files.ts'

export const eventCalendarHref = (language: Language) => `/furfes.${language}.ics`

/**
 * The edition the site is built with (tooling/build-edition.ts), the same file every build: stamped with the day
 * registration opens rather than the build's time.
 */
export const eventCalendarSource = (language: Language) =>
  eventCalendar({
    language,
    date: firstEdition.eventDate,
    details: firstEdition,
    stampedAt: startOfDayInTokyo(firstEdition.registration.opensOn),
  })

export function eventCalendarPlugin() {
  return languageFilesPlugin({
    name: 'furfes-event-calendar',
    href: eventCalendarHref,
    contentType: 'text/calendar; charset=utf-8',
    source: eventCalendarSource,
  })
}
