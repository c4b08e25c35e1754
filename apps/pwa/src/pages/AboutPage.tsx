import { useEdition } from '../app/useEdition.ts'
import { AddToCalendar } from '../content/AddToCalendar.tsx'
import { ContentPage, type SectionedCopy } from '../content/ContentPage.tsx'
import { pageWithCopy } from '../content/Page.tsx'
import { useLanguage } from '../layout/useLanguage.ts'

function AboutPage({ copy }: { copy: SectionedCopy }) {
  const language = useLanguage()
  return (
    <ContentPage pageId="about" copy={copy}>
      <AddToCalendar language={language} edition={useEdition()} />
    </ContentPage>
  )
}

export const withCopy = pageWithCopy(AboutPage)
