import { usePageCopy } from '../content/ContentPage.tsx'
import { pageWithLabels } from '../content/copy-values.tsx'
import { type LocalizedContent, Page, PageHeading } from '../content/Page.tsx'
import en from '../locales/en/club-activities-list.json'
import ja from '../locales/ja/club-activities-list.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

function ClubActivitiesListPage() {
  const { content, values, text } = usePageCopy(copy)
  return (
    <Page>
      <PageHeading pageId="club-activities-list" lead={content.lead} values={values} />
      <div className="grid">
        {content.clubs.map((club) => (
          <article key={club.id} id={club.id} className="card" aria-labelledby={`${club.id}-name`}>
            <h2 id={`${club.id}-name`} style={{ marginTop: 0 }}>
              {club.name}
            </h2>
            <p>{text(club.description)}</p>
            <ul>
              {club.details.map((detail) => (
                <li key={detail}>{text(detail)}</li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </Page>
  )
}

export const withCopy = pageWithLabels(ClubActivitiesListPage)
