import type { ReactNode } from 'react'
import type { PageId } from '../pages.ts'
import { useCopyValues } from './copy-values.tsx'
import { type LocalizedContent, Page, PageHeading, useContent } from './Page.tsx'
import { type ContentSection, Sections } from './Sections.tsx'

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

/**
 * A page's copy in the reader's language, the values it may name, and `text` to render one string of it as rich
 * text with those values. The page's module binds it to core's labels (`pageWithLabels` in copy-values.tsx).
 */
export function usePageCopy<T>(copy: LocalizedContent<T>) {
  return useCopyValues(useContent(copy).content)
}
