import { pageWithCopyValues, useCopyValues } from '../content/copy-values.tsx'
import { Page, PageHeading } from '../content/Page.tsx'
import { Blocks } from '../content/Sections.tsx'
import type ja from '../locales/ja/faq.json'

/** Questions grouped by topic; each answer opens under its question (native disclosure, no script). */
function FaqPage({ copy }: { copy: typeof ja }) {
  const { content, language, values } = useCopyValues(copy)
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

export const withCopy = pageWithCopyValues(FaqPage, {
  ja: () => import('../locales/ja/faq.json'),
  en: () => import('../locales/en/faq.json'),
})
