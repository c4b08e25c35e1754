import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { PageId } from '../pages.ts'

/** `トップ | 東京ふぁーりーフェス 2025`: always Japanese, whatever the page's language (docs/requirements.md SITE-3). */
export function japaneseTitle(ja: (key: string) => string, pageId: PageId): string {
  return `${ja(`pages.${pageId}.title`)} | ${ja('event.name')}`
}

/** Sets the document title of a page; prerendered pages already carry it in their HTML. */
export function usePageTitle(pageId: PageId) {
  const { i18n } = useTranslation('pwa')
  useEffect(() => {
    document.title = japaneseTitle(i18n.getFixedT('ja', 'pwa'), pageId)
  }, [i18n, pageId])
}
