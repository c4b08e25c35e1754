import { ContentPage } from '../content/ContentPage.tsx'
import { pageWithLabels } from '../content/copy-values.tsx'
import type { LocalizedContent } from '../content/Page.tsx'
import en from '../locales/en/for-investigation.json'
import ja from '../locales/ja/for-investigation.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

/** For payment providers' reviewers: what is sold, for how much, and on what terms. No navigation. */
function ForInvestigationPage() {
  return <ContentPage pageId="for-investigation" copy={copy} />
}

export const withCopy = pageWithLabels(ForInvestigationPage)
