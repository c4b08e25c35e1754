import { ContentPage } from '../content/ContentPage.tsx'
import { pageWithLabels } from '../content/copy-values.tsx'
import type { LocalizedContent } from '../content/Page.tsx'
import en from '../locales/en/participation-rules.json'
import ja from '../locales/ja/participation-rules.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

function ParticipationRulesPage() {
  return <ContentPage pageId="participation-rules" copy={copy} />
}

export const withCopy = pageWithLabels(ParticipationRulesPage)
