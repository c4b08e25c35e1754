import { usePageCopy } from '../content/ContentPage.tsx'
import { type LocalizedContent, Page, PageHeading } from '../content/Page.tsx'
import { Blocks } from '../content/Sections.tsx'
import en from '../locales/en/faq.json'
import ja from '../locales/ja/faq.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

/** Questions grouped by topic; each answer opens under its question (native disclosure, no script). */
export default function FaqPage() {
  const { content, language, values } = usePageCopy(copy)
  return (
    <Page>
      <PageHeading pageId="faq" lead={content.lead} values={values} />
      {content.groups.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-heading`}>
          <h2 id={`${group.id}-heading`}>{group.heading}</h2>
          {group.items.map((item) => (
            <details key={item.q}>
              <summary>{item.q}</summary>
              <Blocks blocks={item.a} values={values} language={language} />
            </details>
          ))}
        </section>
      ))}
    </Page>
  )
}
