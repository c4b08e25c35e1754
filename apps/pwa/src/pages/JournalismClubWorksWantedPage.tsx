import { ContentPage, type SectionedCopy } from '../content/ContentPage.tsx'
import { pageWithCopy } from '../content/Page.tsx'

function JournalismClubWorksWantedPage({ copy }: { copy: SectionedCopy }) {
  return <ContentPage pageId="journalism-club-works-wanted" copy={copy} />
}

export const withCopy = pageWithCopy(JournalismClubWorksWantedPage)
