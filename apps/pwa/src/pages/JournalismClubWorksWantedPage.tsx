import { ContentPage } from '../content/ContentPage.tsx'
import { pageWithLabels } from '../content/copy-values.tsx'
import type { LocalizedContent } from '../content/Page.tsx'
import en from '../locales/en/journalism-club-works-wanted.json'
import ja from '../locales/ja/journalism-club-works-wanted.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

function JournalismClubWorksWantedPage() {
  return <ContentPage pageId="journalism-club-works-wanted" copy={copy} />
}

export const withCopy = pageWithLabels(JournalismClubWorksWantedPage)
