import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** The "opens elsewhere" mark (Material's open_in_new), drawn inline so plain links need no icon component. */
function OpenInNewMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M19 19H5V5h7V3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2v-7h-2zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3z" />
    </svg>
  )
}

/**
 * A link that leaves the site in a new tab, saying so to screen readers and with a mark to everyone else.
 * Plain markup: it sits inside prose (content/prose.ts), which styles it.
 */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation('pwa')
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <OpenInNewMark />
      <span className="visually-hidden">{t('site.opensInNewTab')}</span>
    </a>
  )
}
