import { ContentPage } from '../content/ContentPage.tsx'
import { pageWithLabels } from '../content/copy-values.tsx'
import type { LocalizedContent } from '../content/Page.tsx'
import en from '../locales/en/about-club-activities.json'
import ja from '../locales/ja/about-club-activities.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

function AboutClubActivitiesPage() {
  return <ContentPage pageId="about-club-activities" copy={copy} />
}

export const withCopy = pageWithLabels(AboutClubActivitiesPage)
