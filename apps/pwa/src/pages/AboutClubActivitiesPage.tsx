import { ContentPage, type SectionedCopy } from '../content/ContentPage.tsx'
import { pageWithCopy } from '../content/Page.tsx'

function AboutClubActivitiesPage({ copy }: { copy: SectionedCopy }) {
  return <ContentPage pageId="about-club-activities" copy={copy} />
}

export const withCopy = pageWithCopy(AboutClubActivitiesPage)
