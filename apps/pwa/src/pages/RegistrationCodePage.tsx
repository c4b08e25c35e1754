import { Button } from '@mui/material'
import { type LocalizedContent, Page, PageHeading, useContent } from '../content/Page.tsx'
import { localizedPath } from '../language.ts'
import en from '../locales/en/registration-code.json'
import ja from '../locales/ja/registration-code.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

/**
 * The reception code page, shown without navigation so the QR code fills the screen at the desk. The code
 * itself (GET /registration/jwt) arrives with the My Page issue; until then the page says where to find it.
 */
export default function RegistrationCodePage() {
  const { content, language } = useContent(copy)
  return (
    <Page width="sm">
      <PageHeading pageId="registration-code" lead={content.body} />
      <Button variant="contained" href={localizedPath(language, 'mypage')}>
        {content.toMyPage}
      </Button>
    </Page>
  )
}
