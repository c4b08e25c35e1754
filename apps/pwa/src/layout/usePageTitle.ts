import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useEditionPart } from '../app/useEdition.ts'
import type { PageId } from '../pages.ts'

/**
 * `トップ | 東京ふぁーりーフェス 2025`: a page's name and the edition's (docs/decisions/163-the-edition-names-the-sites.md).
 * The document title is always the Japanese one, whatever the page's language (docs/requirements.md SITE-3).
 */
export function documentTitle(pageTitle: string, editionName: string): string {
  return `${pageTitle} | ${editionName}`
}

/**
 * Sets the document title of a page; prerendered pages already carry the built edition's, and the title follows
 * the served edition once GET /edition answers another name.
 */
export function usePageTitle(pageId: PageId) {
  const { i18n } = useTranslation('pwa')
  const editionName = useEditionPart((state) => state.edition.name.ja)
  useEffect(() => {
    document.title = documentTitle(i18n.getFixedT('ja', 'pwa')(`pages.${pageId}.title`), editionName)
  }, [i18n, pageId, editionName])
}
