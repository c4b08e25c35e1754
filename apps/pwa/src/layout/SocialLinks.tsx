import { useTranslation } from 'react-i18next'
import { ExternalLink } from '../content/ExternalLink.tsx'
import site from '../content/site.json'

/** The convention's social accounts, as a row of pills (the footer, the top page, the teaser). */
export function SocialLinks() {
  const { t } = useTranslation('pwa')
  return (
    <ul className="pills">
      {site.social.map((account) => (
        <li key={account.id}>
          <ExternalLink href={account.url}>{t(`social.${account.id}`)}</ExternalLink>
        </li>
      ))}
    </ul>
  )
}
