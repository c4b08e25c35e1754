import { ContentPage } from '../content/ContentPage.tsx'
import { pageWithLabels } from '../content/copy-values.tsx'
import type { LocalizedContent } from '../content/Page.tsx'
import en from '../locales/en/privacy-policy.json'
import ja from '../locales/ja/privacy-policy.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

function PrivacyPolicyPage() {
  return <ContentPage pageId="privacy-policy" copy={copy} />
}

export const withCopy = pageWithLabels(PrivacyPolicyPage)
