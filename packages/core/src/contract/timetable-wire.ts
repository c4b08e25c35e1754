import type { TimetableSession } from '../domain/timetable.ts'
import type { PublishedTimetable, PublishedTimetableWire } from './timetable.ts'
import { matchesWireShape, type WireShape } from './wire-shape.ts'

/*
 * The timetable's renaming between the wire and the apps, without zod: the codecs use it, and so does the
 * timetable page, which checks an answer's types against the wire shape rather than load zod (as the edition
 * does, docs/decisions/160-the-site-reads-the-edition.md).
 */

type TimetableSessionWire = PublishedTimetableWire['sessions'][number]

const toIso = (ms: number) => new Date(ms).toISOString()

export const sessionFromWire = ({ starts_at, ends_at, ...rest }: TimetableSessionWire): TimetableSession => ({
  ...rest,
  startsAt: Date.parse(starts_at),
  endsAt: Date.parse(ends_at),
})

export const sessionToWire = ({ startsAt, endsAt, ...rest }: TimetableSession): TimetableSessionWire => ({
  ...rest,
  starts_at: toIso(startsAt),
  ends_at: toIso(endsAt),
})

export function publishedTimetableFromWire(wire: PublishedTimetableWire): PublishedTimetable {
  return {
    editionId: wire.edition_id,
    version: wire.version,
    publishedAt: Date.parse(wire.published_at),
    sessions: wire.sessions.map(sessionFromWire),
  }
}

/**
 * GET /timetable's answer as a page gets it: its types checked against `shape` (`wireShapeOf` of
 * `publishedTimetableWireSchema`), then renamed. Undefined when the answer is not of that shape or names an
 * instant that is not one. The rules of a timetable are the API's to check when the committee saves it.
 */
export function publishedTimetableFromJson(shape: WireShape, json: unknown): PublishedTimetable | undefined {
  if (!matchesWireShape(shape, json)) return undefined
  const timetable = publishedTimetableFromWire(json as PublishedTimetableWire)
  const instants = [
    timetable.publishedAt,
    ...timetable.sessions.flatMap((item) => [item.startsAt, item.endsAt]),
  ]
  return instants.every(Number.isFinite) ? timetable : undefined
}
