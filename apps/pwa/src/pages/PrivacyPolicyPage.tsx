import { ContentPage } from '../content/ContentPage.tsx'
import type { LocalizedContent } from '../content/Page.tsx'
import en from '../locales/en/privacy-policy.json'
import ja from '../locales/ja/privacy-policy.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

export default function PrivacyPolicyPage() {
  return <ContentPage pageId="privacy-policy" copy={copy} />
}
