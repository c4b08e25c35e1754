import { LocalizedImage } from '../content/LocalizedImage.tsx'
import { type LocalizedContent, Page, PageHeading, useContent } from '../content/Page.tsx'
import en from '../locales/en/venue-map.json'
import ja from '../locales/ja/venue-map.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

/** The floor map in the page's language and a numbered list of its places (the numbers on the map). */
export default function VenueMapPage() {
  const { content, language } = useContent(copy)
  return (
    <Page>
      <PageHeading pageId="venue-map" lead={content.lead} />
      <LocalizedImage
        name="venueMap"
        language={language}
        alt={content.imageAlt}
        scroller={{ label: content.mapRegion, fullSize: content.fullSize }}
      />
      <h2>{content.listHeading}</h2>
      <ol>
        {content.areas.map((area) => (
          <li key={area.id}>
            <strong>{area.name}</strong>
            {area.description && `${language === 'ja' ? '：' : ': '}${area.description}`}
          </li>
        ))}
      </ol>
      <p>{content.note}</p>
    </Page>
  )
}
