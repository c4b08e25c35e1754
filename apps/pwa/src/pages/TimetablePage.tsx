import { AnnouncementList } from '../announcements/AnnouncementList.tsx'
import { images } from '../content/images.ts'
import { LocalizedImage } from '../content/LocalizedImage.tsx'
import { Page, PageHeading, pageWithCopy } from '../content/Page.tsx'
import { TableRegion } from '../content/TableRegion.tsx'
import { useLanguage } from '../layout/useLanguage.ts'
import type ja from '../locales/ja/timetable.json'
import { TimetableSessions } from '../timetable/TimetableSessions.tsx'
import { usePublishedTimetable } from '../timetable/useTimetable.ts'

/** The copy in the page's language (pages.ts loads that one only); the English file keeps this shape. */
type TimetableCopy = typeof ja

/**
 * The timetable, after the committee's announcements (decision 173): the committee's published sessions as text once this visit has read them (docs/decisions/
 * 172-timetable-as-data.md), with the timetable image a link away. Until then, and when nothing is published or
 * nothing could be read, the timetable image and the same programme as tables, as the page was prerendered.
 */
function TimetablePage({ copy: content }: { copy: TimetableCopy }) {
  const language = useLanguage()
  const answer = usePublishedTimetable()
  return (
    <Page>
      <PageHeading pageId="timetable" lead={content.lead} />
      <AnnouncementList language={language} />
      {answer.kind === 'published' ? (
        <>
          <p>
            <a href={images.timetable.src(language)}>{content.imageLink}</a>
          </p>
          <TimetableSessions timetable={answer.timetable} language={language} copy={content} />
        </>
      ) : (
        <>
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
        </>
      )}
    </Page>
  )
}

export const withCopy = pageWithCopy(TimetablePage, {
  ja: () => import('../locales/ja/timetable.json'),
  en: () => import('../locales/en/timetable.json'),
})
