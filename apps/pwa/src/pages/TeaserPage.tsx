import { Button } from '@mui/material'
import { useEdition } from '../app/useEdition.ts'
import { type LocalizedContent, Page, useContent } from '../content/Page.tsx'
import { RichText, richText } from '../content/RichText.tsx'
import { scheduleValues } from '../content/values.ts'
import { localizedPath } from '../language.ts'
import { SocialLinks } from '../layout/SocialLinks.tsx'
import en from '../locales/en/teaser.json'
import ja from '../locales/ja/teaser.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

/** The announcement shown before the full site opens: the date, and where news will come. */
export default function TeaserPage() {
  const { content, language } = useContent(copy)
  const values = scheduleValues(language, useEdition())
  return (
    <Page width="sm">
      <h1>{richText(content.heading, values, language)}</h1>
      {content.body.map((paragraph) => (
        <p key={paragraph} className="lead">
          <RichText text={paragraph} values={values} language={language} />
        </p>
      ))}
      <SocialLinks />
      <Button variant="contained" href={localizedPath(language)}>
        {content.toTop}
      </Button>
    </Page>
  )
}
