import { ContentPage } from '../content/ContentPage.tsx'
import type { LocalizedContent } from '../content/Page.tsx'
import en from '../locales/en/participation-rules.json'
import ja from '../locales/ja/participation-rules.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

export default function ParticipationRulesPage() {
  return <ContentPage pageId="participation-rules" copy={copy} />
}
