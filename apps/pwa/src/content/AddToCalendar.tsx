import { googleCalendarUrl, type Language } from '@furfes/core'
import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditionState } from '../app/edition.ts'
import { useServices } from '../app/services.tsx'
import { ExternalLink } from './ExternalLink.tsx'

/**
 * "Add to calendar": the event's .ics file and Google Calendar's form filled in, both in the page's language. For
 * the edition the site was built with, the file is the one written at build time (tooling/event-calendar.ts) and
 * no calendar code runs in the browser. For another one (the API's current edition, docs/decisions/160) the file
 * is written when the link is followed, so the calendar code loads only for the reader who wants it.
 */
export function AddToCalendar({ language, edition: state }: { language: Language; edition: EditionState }) {
  const { t } = useTranslation('pwa')
  const { errors } = useServices()
  const { edition, fromBuild, judgedAt } = state
  const fileName = `furfes.${language}.ics`
  const writeFile = (event: MouseEvent<HTMLAnchorElement>) => {
    if (fromBuild) return
    event.preventDefault()
    import('@furfes/core/calendar')
      .then(({ eventCalendar }) => {
        const ics = eventCalendar({
          language,
          date: edition.eventDate,
          details: edition,
          stampedAt: judgedAt,
        })
        const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }))
        const download = Object.assign(document.createElement('a'), { href: url, download: fileName })
        download.click()
        URL.revokeObjectURL(url)
      })
      .catch((error: unknown) => errors.report(error, { where: 'calendar', edition: edition.id }))
  }
  return (
    <ul className="add-to-calendar" aria-label={t('calendar.label')}>
      <li>
        <a href={`/${fileName}`} download={fileName} type="text/calendar" onClick={writeFile}>
          {t('calendar.ics')}
        </a>
      </li>
      <li>
        <ExternalLink href={googleCalendarUrl(language, { date: edition.eventDate, details: edition })}>
          {t('calendar.google')}
        </ExternalLink>
      </li>
    </ul>
  )
}
