import { coreDomainResources, type Language } from '@furfes/core'
import type { ReactNode } from 'react'
import { useEditionPart } from '../app/useEdition.ts'
import { useLanguage } from '../layout/useLanguage.ts'
import type { PageId } from '../pages.ts'
import { commerceValues } from './commerce.ts'
import { type LocalizedContent, Page, PageHeading, useContent } from './Page.tsx'
import { richText } from './RichText.tsx'
import { type ContentSection, Sections } from './Sections.tsx'
import { useCoreTranslation } from './useCoreTranslation.ts'
import { scheduleValues } from './values.ts'

/** The shape of a page that is all copy: a lead paragraph and sections. */
export interface SectionedCopy {
  lead: string
  sections: readonly ContentSection[]
}

/**
 * A page made only of its content file: heading, lead and sections, with the event's dates, prices and limits
 * available to the copy as `{{name}}`.
 */
export function ContentPage({
  pageId,
  copy,
  children,
}: {
  pageId: PageId
  copy: LocalizedContent<SectionedCopy>
  children?: ReactNode
}) {
  const { content, language, values } = usePageCopy(copy)
  return (
    <Page>
      <PageHeading pageId={pageId} lead={content.lead} values={values} />
      {children}
      <Sections sections={content.sections} values={values} language={language} />
    </Page>
  )
}

/** Everything the copy may name: the current edition's schedule and prices, the cards, and the limits. */
function usePageValues(language: Language) {
  const { t } = useCoreTranslation('domain', coreDomainResources)
  // The parts the values are made of, each kept by the store while unchanged: judging the phase on this visit's
  // answer renders no copy page again (docs/decisions/203).
  const edition = useEditionPart((state) => state.edition)
  const fromBuild = useEditionPart((state) => state.fromBuild)
  return { ...scheduleValues(language, { edition, fromBuild }), ...commerceValues(language, t, edition) }
}

/**
 * A page's copy in the reader's language, the values it may name, and `text` to render one string of it as rich
 * text with those values.
 */
export function usePageCopy<T>(copy: LocalizedContent<T>) {
  return useCopyValues(useContent(copy).content)
}

/**
 * The same for a page bound to its copy in the reader's language only (`pageWithCopy` in Page.tsx, decision 209).
 */
export function useCopyValues<T>(content: T) {
  const language = useLanguage()
  const values = usePageValues(language)
  const text = (value: string) => richText(value, values, language)
  return { content, language, values, text }
}
