import { useEdition } from '../app/useEdition.ts'
import { AddToCalendar } from '../content/AddToCalendar.tsx'
import { ContentPage } from '../content/ContentPage.tsx'
import { pageWithLabels } from '../content/copy-values.tsx'
import { type LocalizedContent, useContent } from '../content/Page.tsx'
import en from '../locales/en/about.json'
import ja from '../locales/ja/about.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

function AboutPage() {
  const { language } = useContent(copy)
  return (
    <ContentPage pageId="about" copy={copy}>
      <AddToCalendar language={language} edition={useEdition()} />
    </ContentPage>
  )
}

export const withCopy = pageWithLabels(AboutPage)
