import { ContentPage, type SectionedCopy } from '../content/ContentPage.tsx'
import { pageWithCopy } from '../content/Page.tsx'

function PrivacyPolicyPage({ copy }: { copy: SectionedCopy }) {
  return <ContentPage pageId="privacy-policy" copy={copy} />
}

export const withCopy = pageWithCopy(PrivacyPolicyPage)
