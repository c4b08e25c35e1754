import { coreDomainResources, type Language } from '@furfes/core'
import type { ReactNode } from 'react'
import type { EditionState } from '../app/edition.ts'
import { useEdition } from '../app/useEdition.ts'
import type { PageId } from '../pages.ts'
import { commerceValues } from './commerce.ts'
import { type LocalizedContent, Page, PageHeading, useContent } from './Page.tsx'
import { RichText } from './RichText.tsx'
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
function usePageValues(language: Language, edition: EditionState) {
  const { t } = useCoreTranslation('domain', coreDomainResources)
  return { ...scheduleValues(language, edition), ...commerceValues(language, t, edition.edition) }
}

/**
 * A page's copy in the reader's language, the values it may name, and `text` to render one string of it as rich
 * text with those values.
 */
export function usePageCopy<T>(copy: LocalizedContent<T>) {
  const { content, language } = useContent(copy)
  const edition = useEdition()
  const values = usePageValues(language, edition)
  const text = (value: string) => <RichText text={value} values={values} language={language} />
  return { content, language, values, text, edition }
}
