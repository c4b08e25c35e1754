import { LocalizedImage } from '../content/LocalizedImage.tsx'
import { type LocalizedContent, Page, PageHeading, useContent } from '../content/Page.tsx'
import { TableRegion } from '../content/TableRegion.tsx'
import en from '../locales/en/timetable.json'
import ja from '../locales/ja/timetable.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

/** The timetable image in the page's language, and the same programme as tables for screen readers and search. */
export default function TimetablePage() {
  const { content, language } = useContent(copy)
  return (
    <Page>
      <PageHeading pageId="timetable" lead={content.lead} />
      <LocalizedImage name="timetable" language={language} alt={content.imageAlt} />
      <h2>{content.textHeading}</h2>
      {content.tracks.map((track) => (
        <TableRegion key={track.id} label={track.name}>
          <table>
            <caption>{track.name}</caption>
            <thead>
              <tr>
                <th scope="col">{content.time}</th>
                <th scope="col">{content.programme}</th>
              </tr>
            </thead>
            <tbody>
              {track.slots.map((slot) => (
                <tr key={slot.start}>
                  <th scope="row" style={{ whiteSpace: 'nowrap' }}>
                    {slot.start}–{slot.end}
                  </th>
                  <td>{slot.title}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ))}
      <p>{content.note}</p>
    </Page>
  )
}
