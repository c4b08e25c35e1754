import type { Language } from '@furfes/core'
import { useTranslation } from 'react-i18next'
import { type EditionState, linkShown } from '../app/edition.ts'
import { ExternalLink } from './ExternalLink.tsx'
import { scheduleValues } from './values.ts'

/**
 * Whether registration is open, as the edition's phase and the registration flag say (the flag only when the
 * page reads the flags: `undefined` leaves it out). After the event, the thanks and the survey and album once
 * they are open. Never a fixed sentence: the pages that state it all render this.
 */
export function RegistrationPhase({
  language,
  edition: state,
  registrationAvailable,
}: {
  language: Language
  edition: EditionState
  registrationAvailable?: boolean | undefined
}) {
  const { t } = useTranslation('pwa')
  const { edition, phase, judgedAt } = state
  const values = scheduleValues(language, state)
  const named = (name: string) => {
    const value = values[name]
    return typeof value === 'function' ? value() : String(value ?? '')
  }
  const paused = registrationAvailable === false && (phase === 'announced' || phase === 'onSale')
  if (phase !== 'over') {
    const key = paused ? 'paused' : phase
    return (
      <p className="registration-phase" data-phase={phase}>
        {t(`phase.${key}`, {
          opensOn: named('registrationOpensOn'),
          closesUntil: named('registrationClosesUntil'),
        })}
      </p>
    )
  }
  const links = [
    { link: edition.links.survey, name: t('phase.survey'), open: t('phase.surveyOpen') },
    { link: edition.links.photoAlbum, name: t('phase.album'), open: t('phase.albumOpen') },
  ].filter(({ link }) => linkShown(link, judgedAt))
  return (
    <p className="registration-phase" data-phase={phase}>
      {t('phase.over')}
      {links.map(({ link, name, open }) => (
        <span key={link.url}>
          {language === 'en' && ' '}
          <ExternalLink href={link.url}>{name}</ExternalLink>
          {open}
        </span>
      ))}
    </p>
  )
}
