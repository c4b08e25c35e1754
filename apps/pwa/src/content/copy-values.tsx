import type { Language } from '@furfes/core'
import type domainJa from '@furfes/core/locales/ja/domain.json'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { useEditionPart } from '../app/useEdition.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import { commerceValues } from './commerce.ts'
import { type CopyLoaders, pageWithCopy } from './Page.tsx'
import { richText } from './RichText.tsx'
import { scheduleValues } from './values.ts'

/**
 * Core's `domain` labels (tier, benefit, card and refund names) of one language: a content page carries those of
 * the language it shows only (decision 209).
 */
const domainLabels: Readonly<Record<Language, () => Promise<{ default: typeof domainJa }>>> = {
  ja: () => import('@furfes/core/locales/ja/domain.json'),
  en: () => import('@furfes/core/locales/en/domain.json'),
}

/** Everything the copy may name: the current edition's schedule and prices, the cards, and the limits. */
function usePageValues(language: Language, domain: (key: string) => string) {
  // The parts the values are made of, each kept by the store while unchanged: judging the phase on this visit's
  // answer renders no copy page again (docs/decisions/203).
  const edition = useEditionPart((state) => state.edition)
  const fromBuild = useEditionPart((state) => state.fromBuild)
  return { ...scheduleValues(language, { edition, fromBuild }), ...commerceValues(language, domain, edition) }
}

/**
 * A page's copy in one language, the values it may name, `text` to render one string of it as rich text with those
 * values, and `domain` for core's labels, which `pageWithLabels` added in the page's language.
 */
export function useCopyValues<T>(content: T) {
  const language = useLanguage()
  const { t: domain } = useTranslation('domain')
  const values = usePageValues(language, domain)
  const text = (value: string) => richText(value, values, language)
  return { content, language, values, text, domain }
}

/**
 * Binds a page of copy to core's labels in the address's language, loaded before the page renders (so the
 * prerendered HTML and the first render match, decision 203); they join i18next's `domain` namespace as the page
 * renders. The loader is here, in the chunk the content pages share, not in the entry (decision 209).
 */
export const pageWithLabels =
  (Page: ComponentType) =>
  (language: Language): Promise<ComponentType> =>
    domainLabels[language]().then(
      ({ default: labels }) =>
        function WithDomainLabels() {
          const { i18n } = useTranslation()
          if (!i18n.hasResourceBundle(language, 'domain')) i18n.addResourceBundle(language, 'domain', labels)
          return <Page />
        },
    )

/**
 * `pageWithCopy` (Page.tsx) and `pageWithLabels` together, for a page whose copy is one JSON file per language:
 * the copy and the labels of the address's language load at once.
 */
export const pageWithCopyValues =
  <T,>(Page: ComponentType<{ copy: T }>, copy: CopyLoaders<T>) =>
  (language: Language): Promise<ComponentType> =>
    pageWithCopy(Page, copy)(language).then((Bound) => pageWithLabels(Bound)(language))
