import { type PublicAnnouncements, publicAnnouncementsFromJson, type WireShape } from '@furfes/core'

/*
 * GET /announcements as the site reads it (docs/decisions/173-announcements.md): by the plain fetch the timetable
 * uses, its types checked against this wire shape rather than with zod (decision 160). A test keeps the shape
 * equal to the one derived from the contract's zod schema.
 */

const localText = { ja: 'string', en: 'string' }

export const publicAnnouncementsShape: WireShape = {
  edition_id: 'string',
  announcements: {
    '[]': {
      id: 'string',
      title: localText,
      body: localText,
      urgency: ['normal', 'urgent'],
      published_at: 'string',
      updated_at: 'string',
    },
  },
}

/**
 * The current edition's announcements, newest first. Offline, the service worker answers the last list read;
 * any failure (offline with none kept, an answer of another shape) throws, for the caller to report.
 */
export async function readAnnouncements(
  fetchPublic: (path: string) => Promise<Response>,
): Promise<PublicAnnouncements> {
  const response = await fetchPublic('announcements')
  if (!response.ok) throw new Error(`GET /announcements answered HTTP ${response.status}`)
  const list = publicAnnouncementsFromJson(publicAnnouncementsShape, await response.json())
  if (!list) throw new Error('GET /announcements answered something that is not a list of announcements')
  return list
}
