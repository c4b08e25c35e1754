import { googleCalendarUrl, type Language } from '@furfes/core'
import { useTranslation } from 'react-i18next'
import { ExternalLink } from './ExternalLink.tsx'

/**
 * "Add to calendar": the event's .ics file, written at build time (tooling/event-calendar.ts), and Google
 * Calendar's form filled in. Both in the page's language; no calendar code runs in the browser.
 */
export function AddToCalendar({ language }: { language: Language }) {
  const { t } = useTranslation('pwa')
  return (
    <ul className="add-to-calendar" aria-label={t('calendar.label')}>
      <li>
        <a href={`/furfes.${language}.ics`} download={`furfes.${language}.ics`} type="text/calendar">
          {t('calendar.ics')}
        </a>
      </li>
      <li>
        <ExternalLink href={googleCalendarUrl(language)}>{t('calendar.google')}</ExternalLink>
      </li>
    </ul>
  )
}
