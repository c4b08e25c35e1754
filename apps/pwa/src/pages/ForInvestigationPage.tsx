import { ContentPage, type SectionedCopy } from '../content/ContentPage.tsx'
import { pageWithCopy } from '../content/Page.tsx'

/** For payment providers' reviewers: what is sold, for how much, and on what terms. No navigation. */
function ForInvestigationPage({ copy }: { copy: SectionedCopy }) {
  return <ContentPage pageId="for-investigation" copy={copy} />
}

export const withCopy = pageWithCopy(ForInvestigationPage)
