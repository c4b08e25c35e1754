import { RouterLink } from '@furfes/ui'
import { usePageCopy } from '../content/ContentPage.tsx'
import { pageWithLabels } from '../content/copy-values.tsx'
import { type LocalizedContent, Page, PageHeading } from '../content/Page.tsx'
import { localizedPath } from '../language.ts'
import en from '../locales/en/wanted-list.json'
import ja from '../locales/ja/wanted-list.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

function WantedListPage() {
  const { content, language, values, text } = usePageCopy(copy)
  return (
    <Page>
      <PageHeading pageId="wanted-list" lead={content.lead} values={values} />
      <div className="grid">
        {content.items.map((item) => (
          <article key={item.title} className="card" aria-label={item.title}>
            <h2 style={{ marginTop: 0 }}>{item.title}</h2>
            <dl>
              <dt>{content.whoLabel}</dt>
              <dd>{text(item.who)}</dd>
              <dt>{content.periodLabel}</dt>
              <dd>{text(item.period)}</dd>
            </dl>
            <p>{text(item.text)}</p>
            <p>
              <RouterLink href={localizedPath(language, item.link)}>{item.linkLabel}</RouterLink>
            </p>
          </article>
        ))}
      </div>
    </Page>
  )
}

export const withCopy = pageWithLabels(WantedListPage)
