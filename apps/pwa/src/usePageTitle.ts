import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** Page titles are always Japanese (spec section 2), whatever the interface language. */
export function usePageTitle(key: string) {
  const { i18n } = useTranslation('pwa')
  useEffect(() => {
    const page = i18n.getFixedT('ja', 'pwa')(key)
    const site = i18n.getFixedT('ja', 'pwa')('event.name')
    document.title = `${page} | ${site}`
  }, [i18n, key])
}
