import { z } from 'zod'
import { type TimetableSession, timetableTags } from '../domain/timetable.ts'
import { toIso } from './codecs.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component } from './schemas.ts'
import { publishedTimetableFromWire, sessionFromWire, sessionToWire } from './timetable-wire.ts'

/*
 * The timetable over HTTP (docs/decisions/172-timetable-as-data.md): the public read of the current edition's
 * latest published version, which the site and its service worker cache by ETag, and the committee's draft,
 * publication and list of versions. Instants are ISO 8601 on the wire and epoch milliseconds in the apps.
 */

const localText = z.object({ ja: z.string().max(2000), en: z.string().max(2000) })
const instantWire = z.iso.datetime({ offset: true })

export const timetableSessionWireSchema = component(
  z.object({
    id: z.string().max(40).describe('Kept across versions, so favourites on the devices follow the session'),
    starts_at: instantWire,
    ends_at: instantWire,
    stage: localText.describe('The stage or room'),
    title: localText,
    description: localText,
    tags: z.array(z.enum(timetableTags)),
    notes: localText.describe('Practical notes, such as step-free access'),
  }),
  { id: 'TimetableSession', description: 'One session of the timetable' },
)

const sessionsWire = z.array(timetableSessionWireSchema)

/** A session in the apps. Read as the API stored it: the rules are checked when the committee saves. */
const sessionSchema = z.custom<TimetableSession>()

export const publishedTimetableWireSchema = component(
  z.object({
    edition_id: z.string(),
    version: z.number().int().positive().describe('Counts the publications of this edition'),
    published_at: instantWire,
    sessions: sessionsWire,
  }),
  {
    id: 'PublishedTimetable',
    description: "The current edition's timetable as last published, sessions by start time",
  },
)
export type PublishedTimetableWire = z.infer<typeof publishedTimetableWireSchema>

const publishedTimetableSchema = z.object({
  editionId: z.string(),
  version: z.number(),
  publishedAt: z.number(),
  sessions: z.array(sessionSchema),
})
export type PublishedTimetable = z.output<typeof publishedTimetableSchema>

export const publishedTimetableCodec = z.codec(publishedTimetableWireSchema, publishedTimetableSchema, {
  decode: publishedTimetableFromWire,
  encode: (timetable) => ({
    edition_id: timetable.editionId,
    version: timetable.version,
    published_at: toIso(timetable.publishedAt),
    sessions: timetable.sessions.map(sessionToWire),
  }),
})

export const adminTimetableWireSchema = component(
  z.object({
    edition_id: z.string(),
    draft: z.object({
      sessions: sessionsWire,
      revision: z.number().int().nonnegative().describe('Counts the saves of the draft; 0 before the first'),
      updated_at: instantWire.nullable(),
      updated_by: z.string().nullable().describe('The staff member who saved last; null when seeded'),
    }),
    versions: z
      .array(
        z.object({
          version: z.number().int().positive(),
          published_at: instantWire,
          published_by: z.string().nullable().describe('Who published it; null when seeded'),
          session_count: z.number().int().nonnegative(),
        }),
      )
      .describe('Every published version, the latest first'),
  }),
  { id: 'AdminTimetable', description: "An edition's timetable draft and its published versions" },
)
export type AdminTimetableWire = z.infer<typeof adminTimetableWireSchema>

const adminTimetableSchema = z.object({
  editionId: z.string(),
  draft: z.object({
    sessions: z.array(sessionSchema),
    revision: z.number(),
    updatedAt: z.number().nullable(),
    updatedBy: z.string().nullable(),
  }),
  versions: z.array(
    z.object({
      version: z.number(),
      publishedAt: z.number(),
      publishedBy: z.string().nullable(),
      sessionCount: z.number(),
    }),
  ),
})
export type AdminTimetable = z.output<typeof adminTimetableSchema>

export const adminTimetableCodec = z.codec(adminTimetableWireSchema, adminTimetableSchema, {
  decode: (wire): AdminTimetable => ({
    editionId: wire.edition_id,
    draft: {
      sessions: wire.draft.sessions.map(sessionFromWire),
      revision: wire.draft.revision,
      updatedAt: wire.draft.updated_at === null ? null : Date.parse(wire.draft.updated_at),
      updatedBy: wire.draft.updated_by,
    },
    versions: wire.versions.map((version) => ({
      version: version.version,
      publishedAt: Date.parse(version.published_at),
      publishedBy: version.published_by,
      sessionCount: version.session_count,
    })),
  }),
  encode: (timetable): AdminTimetableWire => ({
    edition_id: timetable.editionId,
    draft: {
      sessions: timetable.draft.sessions.map(sessionToWire),
      revision: timetable.draft.revision,
      updated_at: timetable.draft.updatedAt === null ? null : toIso(timetable.draft.updatedAt),
      updated_by: timetable.draft.updatedBy,
    },
    versions: timetable.versions.map((version) => ({
      version: version.version,
      published_at: toIso(version.publishedAt),
      published_by: version.publishedBy,
      session_count: version.sessionCount,
    })),
  }),
})

export const timetableSaveWireSchema = component(
  z.object({
    sessions: sessionsWire,
    revision: z.number().int().nonnegative().describe('The revision of the draft the change was made on'),
  }),
  { id: 'TimetableSave', description: 'The whole draft, saved over the revision it was read at' },
)

/** A save as the reception makes it. The sessions' rules are the API's to check (timetableInvalid). */
export const timetableSaveCodec = z.codec(
  timetableSaveWireSchema,
  z.object({ sessions: z.array(sessionSchema), revision: z.number() }),
  {
    decode: (wire) => ({ sessions: wire.sessions.map(sessionFromWire), revision: wire.revision }),
    encode: (save) => ({ sessions: save.sessions.map(sessionToWire), revision: save.revision }),
  },
)

export const timetablePublishWireSchema = component(
  z.object({
    revision: z.number().int().nonnegative().describe('The revision of the draft that was previewed'),
  }),
  { id: 'TimetablePublish', description: 'Publishes the draft as it was previewed' },
)

export const timetablePublishCodec = z.codec(timetablePublishWireSchema, z.object({ revision: z.number() }), {
  decode: (wire) => wire,
  encode: (publish) => publish,
})

const editionIdParams = z.object({ edition_id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/) })

const open = routeGroup('none', 'timetable')
const admin = routeGroup('admin', 'admin')

/** The timetable routes; the admin ones are the committee's (staff action editTimetable, decision 156). */
export const timetableRoutes = {
  getTimetable: open.get('/timetable', {
    summary: "Read the current edition's published timetable",
    description:
      'The latest published version, with its number and publication time. Answered with a strong ETag and ' +
      '`Cache-Control: public, max-age=60`; `If-None-Match` with the same ETag answers 304 without a body. ' +
      '404 while nothing is published.',
    responses: {
      200: { description: 'The published timetable', schema: publishedTimetableWireSchema },
      304: { description: 'Not modified since the ETag sent in If-None-Match' },
    },
    noneOn404: { description: 'Nothing is published yet' },
  }),
  getAdminTimetable: admin.get('/admin/editions/{edition_id}/timetable', {
    summary: "Read an edition's timetable draft and versions",
    staff: 'editTimetable',
    request: { params: editionIdParams },
    responses: { 200: { description: 'The draft and the versions', schema: adminTimetableWireSchema } },
  }),
  putAdminTimetable: admin.put('/admin/editions/{edition_id}/timetable', {
    summary: "Save an edition's timetable draft",
    description:
      'The whole draft (the form and the CSV import both send it whole), over the revision it was read at: ' +
      '409 timetableChanged when someone saved in between. 400 timetableInvalid with each issue on its field ' +
      '(the session index, then the field) when a rule is broken; nothing is saved then.',
    staff: 'editTimetable',
    request: { params: editionIdParams, body: timetableSaveWireSchema },
    responses: { 200: { description: 'The draft as saved', schema: adminTimetableWireSchema } },
  }),
  postAdminTimetablePublish: admin.post('/admin/editions/{edition_id}/timetable/publish', {
    summary: "Publish an edition's timetable draft",
    description:
      'Keeps the draft as the next numbered version, with the time and the staff member. 409 timetableChanged ' +
      'when the draft was saved since it was previewed.',
    staff: 'editTimetable',
    request: { params: editionIdParams, body: timetablePublishWireSchema },
    responses: { 200: { description: 'The draft and the versions', schema: adminTimetableWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>
