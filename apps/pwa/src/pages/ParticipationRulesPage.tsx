import { ContentPage, type SectionedCopy } from '../content/ContentPage.tsx'
import { pageWithCopy } from '../content/Page.tsx'

function ParticipationRulesPage({ copy }: { copy: SectionedCopy }) {
  return <ContentPage pageId="participation-rules" copy={copy} />
}

export const withCopy = pageWithCopy(ParticipationRulesPage)
