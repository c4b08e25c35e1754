import { formatJapanDateTime, type Language } from '@furfes/core'
import en from '../locales/en/announcements.json'
import ja from '../locales/ja/announcements.json'
import { useAnnouncements } from './useAnnouncements.ts'

const copy = { ja, en }

const instant = (epochMs: number) => (
  <time dateTime={new Date(epochMs).toISOString()}>{formatJapanDateTime(epochMs)}</time>
)

/**
 * Every current announcement, newest first, as a section of the event-day page (docs/decisions/
 * 173-announcements.md); offline, the last list the service worker kept.
 */
export function AnnouncementList({ language }: { language: Language }) {
  const words = copy[language]
  const announcements = useAnnouncements()
  if (!announcements) return null
  return (
    <section aria-labelledby="announcements">
      <h2 id="announcements">{words.heading}</h2>
      {announcements.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <ul>
          {announcements.map((announcement) => (
            <li key={announcement.id} aria-labelledby={`announcement-${announcement.id}`}>
              <h3 id={`announcement-${announcement.id}`}>
                {announcement.urgency === 'urgent' && `${words.urgent}: `}
                {announcement.title[language]}
              </h3>
              <p style={{ whiteSpace: 'pre-line' }}>{announcement.body[language]}</p>
              <p>
                {words.publishedAt.split('{{at}}')[0]}
                {instant(announcement.publishedAt)}
                {words.publishedAt.split('{{at}}')[1]}
                {announcement.updatedAt !== announcement.publishedAt && (
                  <>
                    {words.updatedAt.split('{{at}}')[0]}
                    {instant(announcement.updatedAt)}
                    {words.updatedAt.split('{{at}}')[1]}
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
