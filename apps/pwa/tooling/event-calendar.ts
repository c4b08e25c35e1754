// Build plugin: the event as an iCalendar file per language (/furfes.ja.ics, /furfes.en.ics), written when the
// site is built, so the "add to calendar" link costs the browser no calendar library (docs/decisions/103).
import { defaultEventSchedule, startOfDayInTokyo } from '@furfes/core'
import { eventCalendar } from '@furfes/core/calendar'
import type { Plugin } from 'vite'

const languages = ['ja', 'en'] as const
type Language = (typeof languages)[number]

export const eventCalendarHref = (language: Language) => `/furfes.${language}.ics`

/** The same file every build: stamped with the day registration opens rather than the build's time. */
export const eventCalendarSource = (language: Language) =>
  eventCalendar({ language, stampedAt: startOfDayInTokyo(defaultEventSchedule.registrationOpensOn) })

const contentType = 'text/calendar; charset=utf-8'

export function eventCalendarPlugin(): Plugin {
  return {
    name: 'furfes-event-calendar',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const language = languages.find((candidate) => request.url === eventCalendarHref(candidate))
        if (!language) return next()
        response.setHeader('content-type', contentType)
        response.end(eventCalendarSource(language))
      })
    },
    generateBundle() {
      if (this.environment.name !== 'client') return
      for (const language of languages) {
        this.emitFile({
          type: 'asset',
          fileName: eventCalendarHref(language).slice(1),
          source: eventCalendarSource(language),
        })
      }
    },
  }
}
