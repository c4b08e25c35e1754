import { googleCalendarUrl, type Language } from '@furfes/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditionState } from '../app/edition.ts'
import { ExternalLink } from './ExternalLink.tsx'

/**
 * "Add to calendar": the event's .ics file and Google Calendar's form filled in, both in the page's language. For
 * the edition the site was built with, the file is the one written at build time (tooling/event-calendar.ts) and
 * no calendar code runs in the browser; for another one (the API's current edition, docs/decisions/160) the file
 * is written here, the calendar code loaded only then.
 */
export function AddToCalendar({ language, edition: state }: { language: Language; edition: EditionState }) {
  const { t } = useTranslation('pwa')
  const { edition, fromBuild } = state
  const builtFile = `/furfes.${language}.ics`
  const [file, setFile] = useState<string>(builtFile)
  useEffect(() => {
    if (fromBuild) {
      setFile(builtFile)
      return
    }
    let current = true
    void import('@furfes/core/calendar').then(({ eventCalendar }) => {
      const ics = eventCalendar({
        language,
        date: edition.eventDate,
        details: edition,
        stampedAt: state.judgedAt,
      })
      if (current) setFile(`data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`)
    })
    return () => {
      current = false
    }
  }, [builtFile, edition, fromBuild, language, state.judgedAt])
  return (
    <ul className="add-to-calendar" aria-label={t('calendar.label')}>
      <li>
        <a href={file} download={`furfes.${language}.ics`} type="text/calendar">
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
