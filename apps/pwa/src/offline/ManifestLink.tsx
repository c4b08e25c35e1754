import { isLanguage } from '@furfes/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Points the page's manifest link at the manifest of the language shown, so installing from an English page
 * gives an app that opens in English. Prerendered pages and index.html carry their language's link already.
 */
export function ManifestLink() {
  const { i18n } = useTranslation()
  const language = i18n.language
  useEffect(() => {
    if (!isLanguage(language)) return
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
    const href = `/manifest.${language}.webmanifest`
    if (link && link.getAttribute('href') !== href) link.setAttribute('href', href)
  }, [language])
  return null
}
