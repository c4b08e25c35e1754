import type {
  Announcement,
  AnnouncementWire,
  PublicAnnouncements,
  PublicAnnouncementsWire,
} from './announcements.ts'
import { matchesWireShape, type WireShape } from './wire-shape.ts'

/*
 * The announcements' renaming between the wire and the apps, without zod: the codecs use it, and so does the
 * participant site, which checks an answer's types against the wire shape rather than load zod (as for the
 * timetable, docs/decisions/173-announcements.md).
 */

export function announcementFromWire(wire: AnnouncementWire): Announcement {
  return {
    id: wire.id,
    title: wire.title,
    body: wire.body,
    urgency: wire.urgency,
    publishedAt: Date.parse(wire.published_at),
    updatedAt: Date.parse(wire.updated_at),
  }
}

/**
 * GET /announcements' answer as a page gets it: its types checked against `shape` (`wireShapeOf` of
 * `publicAnnouncementsWireSchema`), then renamed. Undefined when the answer is not of that shape or names an
 * instant that is not one.
 */
export function publicAnnouncementsFromJson(
  shape: WireShape,
  json: unknown,
): PublicAnnouncements | undefined {
  if (!matchesWireShape(shape, json)) return undefined
  const wire = json as PublicAnnouncementsWire
  const announcements = wire.announcements.map(announcementFromWire)
  const instants = announcements.flatMap((item) => [item.publishedAt, item.updatedAt])
  return instants.every(Number.isFinite) ? { editionId: wire.edition_id, announcements } : undefined
}
