import { type PublishedTimetable, publishedTimetableFromJson, type WireShape } from '@furfes/core'

/*
 * GET /timetable as the timetable page reads it (docs/decisions/172-timetable-as-data.md): by a plain fetch, its
 * types checked against this wire shape rather than with zod, as the edition is (decision 160). A test keeps the
 * shape equal to the one derived from the contract's zod schema.
 */

const localText = { ja: 'string', en: 'string' }

export const publishedTimetableShape: WireShape = {
  edition_id: 'string',
  version: 'number',
  published_at: 'string',
  sessions: {
    '[]': {
      id: 'string',
      starts_at: 'string',
      ends_at: 'string',
      stage: localText,
      title: localText,
      description: localText,
      tags: {
        '[]': [
          'stage',
          'ceremony',
          'clubActivity',
          'fursuit',
          'workshop',
          'music',
          'photo',
          'dealers',
          'break',
        ],
      },
      notes: localText,
    },
  },
}

/** What the page can show: the latest published version, or that nothing is published yet. */
export type TimetableAnswer = { kind: 'published'; timetable: PublishedTimetable } | { kind: 'none' }

/**
 * Reads the current edition's published timetable. 404 means nothing is published; any other failure (offline
 * with no kept copy, an answer of another shape) throws, for the caller to report.
 */
export async function readPublishedTimetable(
  fetchPublic: (path: string) => Promise<Response>,
): Promise<TimetableAnswer> {
  const response = await fetchPublic('timetable')
  if (response.status === 404) return { kind: 'none' }
  if (!response.ok) throw new Error(`GET /timetable answered HTTP ${response.status}`)
  const timetable = publishedTimetableFromJson(publishedTimetableShape, await response.json())
  if (!timetable) throw new Error('GET /timetable answered something that is not a timetable')
  return { kind: 'published', timetable }
}
