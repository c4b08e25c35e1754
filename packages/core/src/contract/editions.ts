import { z } from 'zod'
import { type Edition, editionPhases, editionSchema } from '../domain/edition.ts'
import { perTier } from '../domain/registration-tier.ts'
import { listCodec, toIso } from './codecs.ts'
import { editionFromWire, editionToWire } from './edition-wire.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, listComponent } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/*
 * Editions over HTTP (docs/decisions/155-editions.md): the public read of the current edition, which the sites
 * cache by its ETag, and the committee's settings (list, read, save over a version, prepare the next one,
 * publish, history). The edition is snake_case on the wire at every depth, like every other answer; the tier
 * names stay as they are, since they are values of the tier enumeration, not field names.
 *
 * The wire shape checks only the types: the rules of an edition (dates in order, whole yen, capacities) are
 * core's `editionSchema`, which the API applies to a save and answers with `editionInvalid` and each issue on its
 * field, named by its path in the edition as the reception's form names it (`tiers.member.capacity`).
 */

const text = z.string().max(2000)
const localText = z.object({ ja: text, en: text })
const dateWire = z.iso.date().describe('A day in Japan (Asia/Tokyo)')
const timeWire = z.string().describe('HH:MM in Japan')
const periodWire = z.object({ from: dateWire, to: dateWire })
const count = z.number()

const linkWire = z.object({
  url: z.string().max(2000).describe('https, or empty while there is none yet'),
  opens_on: dateWire.optional().describe('Shown from this day in Japan'),
})

const tierWire = z.object({
  price_jpy: z.number().describe('The fee in whole yen'),
  capacity: count,
  on_sale: z.boolean(),
})

const editionVenueWireSchema = z.object({
  name: localText,
  address: localText,
  access: localText,
  map_url: z.string().max(2000),
  entry_time: timeWire,
})

/** Everything of an edition the public site may show: all but the venue of paid participants. */
const publicEditionShape = {
  id: z.string().describe('The edition\'s short name, such as "2025"'),
  name: localText,
  event_date: dateWire,
  start_time: timeWire,
  end_time: timeWire,
  public_place: localText,
  registration: z.object({ opens_on: dateWire, closes_on: dateWire }),
  club_activity_application: periodWire,
  discord_invitations_by: dateWire,
  club_activity_preparation: periodWire,
  journalism_club_submissions: periodWire,
  deadline: dateWire,
  tiers: z.object(perTier(() => tierWire)),
  refund_policy: z.object({
    early_until: dateWire,
    late_until: dateWire,
    early_percent: count,
    late_percent: count,
  }),
  checkout_minutes: count.describe('How long a checkout holds its spot'),
  offer_hours: count.describe('How long a waiting-list offer holds its spot'),
  expected_participants: count,
  links: z.object({
    survey: linkWire,
    photo_album: linkWire,
    inquiry_form: linkWire,
    new_club_form: linkWire,
  }),
  retention_days: count.describe('Days after the event day that personal data is kept'),
  badge_artwork: z
    .object(perTier(() => z.string().max(40).optional()))
    .describe('Badge picture keys per tier; a tier left out has none'),
}

export const editionWireSchema = component(
  z.object({
    ...publicEditionShape,
    venue: editionVenueWireSchema
      .nullable()
      .describe('The venue paid participants are told; null until announced'),
  }),
  { id: 'Edition', description: 'One festival as the committee sets it up' },
)
export type EditionWire = z.infer<typeof editionWireSchema>

export const publicEditionWireSchema = component(
  z.object({
    ...publicEditionShape,
    phase: z
      .enum(editionPhases)
      .describe('Where the edition is now: announced, onSale, closed, eventDay or over (the API clock)'),
  }),
  {
    id: 'PublicEdition',
    description: 'The current edition as the public site shows it, without the venue of paid participants',
  },
)
export type PublicEditionWire = z.infer<typeof publicEditionWireSchema>

/** An edition on the wire and in the apps; decoding applies every rule of an edition. */
export const editionCodec = z.codec(editionWireSchema, editionSchema, {
  decode: (wire) => editionFromWire(wire),
  encode: (edition) => editionToWire(edition),
})

/** The public read: the current edition with its venue left out (null), and its phase at the API's clock. */
const publicEditionSchema = z.object({ edition: editionSchema, phase: z.enum(editionPhases) })
export type PublicEdition = z.output<typeof publicEditionSchema>

export const publicEditionCodec = z.codec(publicEditionWireSchema, publicEditionSchema, {
  decode: ({ phase, ...wire }) => ({ edition: editionFromWire({ ...wire, venue: null }), phase }),
  encode: ({ edition, phase }) => {
    const { venue: _, ...wire } = editionToWire(edition)
    return { ...wire, phase }
  },
})

export const editionStatuses = ['draft', 'published'] as const

export const storedEditionWireSchema = component(
  z.object({
    edition: editionWireSchema,
    status: z.enum(editionStatuses).describe('draft while prepared, published once made current'),
    version: z
      .number()
      .int()
      .positive()
      .describe('Counts the saves; a save names the version it was made on'),
    current: z.boolean().describe('The edition the site and the API run on'),
    updated_at: z.iso.datetime({ offset: true }),
    updated_by: z.string().nullable().describe('The staff member who saved last; null when seeded'),
  }),
  { id: 'StoredEdition', description: 'An edition with its status, version and whether it is current' },
)
export type StoredEditionWire = z.infer<typeof storedEditionWireSchema>

const storedEditionSchema = z.object({
  edition: editionSchema,
  status: z.enum(editionStatuses),
  version: z.number(),
  current: z.boolean(),
  updatedAt: z.number(),
  updatedBy: z.string().nullable(),
})
export type StoredEditionView = z.output<typeof storedEditionSchema>

const storedFromWire = (wire: StoredEditionWire): z.input<typeof storedEditionSchema> => ({
  ...toClientNames(wire),
  edition: editionFromWire(wire.edition),
  updatedAt: Date.parse(wire.updated_at),
})
const storedToWire = (stored: z.input<typeof storedEditionSchema>): StoredEditionWire => ({
  ...toWireNames(stored),
  edition: editionToWire(stored.edition as Edition),
  updated_at: toIso(stored.updatedAt),
})

export const storedEditionCodec = z.codec(storedEditionWireSchema, storedEditionSchema, {
  decode: storedFromWire,
  encode: storedToWire,
})

export const storedEditionListWireSchema = listComponent(storedEditionWireSchema, {
  id: 'StoredEditionList',
  description: 'Every edition, the latest event first',
})

export const storedEditionListCodec = listCodec(
  storedEditionListWireSchema,
  storedEditionSchema,
  storedFromWire,
  storedToWire,
)

export const editionSaveWireSchema = component(
  z.object({
    edition: editionWireSchema,
    version: z.number().int().positive().describe('The version the edition was read at'),
  }),
  { id: 'EditionSave', description: 'A change to an edition, made on the version it was read at' },
)
export type EditionSaveWire = z.infer<typeof editionSaveWireSchema>

/** A save as the reception makes it: the edition and the version it was read at. */
export const editionSaveCodec = z.codec(
  editionSaveWireSchema,
  z.object({ edition: editionSchema, version: z.number() }),
  {
    decode: (wire) => ({ edition: editionFromWire(wire.edition), version: wire.version }),
    encode: (save) => ({ edition: editionToWire(save.edition), version: save.version }),
  },
)

export const editionPublishWireSchema = component(
  z.object({ version: z.number().int().positive().describe('The version that was reviewed') }),
  { id: 'EditionPublish', description: 'Makes the edition current, at the version it was reviewed at' },
)

/** Publishing names the version that was reviewed. */
export const editionPublishCodec = z.codec(editionPublishWireSchema, z.object({ version: z.number() }), {
  decode: (wire) => wire,
  encode: (publish) => publish,
})

export const editionChangeActions = ['seeded', 'created', 'updated', 'published', 'made_current'] as const

export const editionChangeWireSchema = component(
  z.object({
    action: z.enum(editionChangeActions),
    staff_user_id: z.string().nullable().describe('Who made it; null when seeded from configuration'),
    changed_at: z.iso.datetime({ offset: true }),
    before: editionWireSchema.nullable().describe('The edition before; null when it was created'),
    after: editionWireSchema,
  }),
  { id: 'EditionChange', description: 'One recorded change of an edition: who, when, before and after' },
)
export type EditionChangeWire = z.infer<typeof editionChangeWireSchema>

export const editionChangeListWireSchema = listComponent(editionChangeWireSchema, {
  id: 'EditionChangeList',
  description: 'The changes of an edition, oldest first',
})

const editionChangeSchema = z.object({
  action: z.enum(editionChangeActions),
  staffUserId: z.string().nullable(),
  changedAt: z.number(),
  /** As recorded: a record from older rules is shown as it was, not checked again. */
  before: z.custom<Edition>().nullable(),
  after: z.custom<Edition>(),
})
export type EditionChange = z.output<typeof editionChangeSchema>

export const editionChangeListCodec = listCodec(
  editionChangeListWireSchema,
  editionChangeSchema,
  (wire) => ({
    action: wire.action,
    staffUserId: wire.staff_user_id,
    changedAt: Date.parse(wire.changed_at),
    before: wire.before && (editionFromWire(wire.before) as Edition),
    after: editionFromWire(wire.after) as Edition,
  }),
  (change) => ({
    action: change.action,
    staff_user_id: change.staffUserId,
    changed_at: toIso(change.changedAt),
    before: change.before && editionToWire(change.before),
    after: editionToWire(change.after),
  }),
)

const editionIdWireSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/)
const editionIdParams = z.object({ edition_id: editionIdWireSchema })

/**
 * The edition a staff read is about (decision 158): any edition by its id, the current one without it. A past
 * edition is read only: a write that names it, or acts on one of its registrations, answers 409
 * editionNotCurrent.
 */
export const editionQueryWireSchema = z.object({
  edition: editionIdWireSchema.optional().describe('An edition id; without it, the current edition'),
})
export type EditionQueryWire = z.infer<typeof editionQueryWireSchema>

const open = routeGroup('none', 'editions')
const admin = routeGroup('admin', 'admin')

/** The edition routes. The admin ones are the committee's settings (staff action editEditions, decision 156). */
export const editionRoutes = {
  getEdition: open.get('/edition', {
    summary: 'Read the current edition',
    description:
      'Everything the public site shows of the current edition (names, date, hours, place, schedule, tier ' +
      'prices, capacities and sales, refund policy, outside links, retention), and its phase at the time of ' +
      'the request; never the venue of paid participants (GET /venue). Answered with a strong ETag and ' +
      '`Cache-Control: public, max-age=60`; `If-None-Match` with the same ETag answers 304 without a body.',
    responses: {
      200: { description: 'The current edition', schema: publicEditionWireSchema },
      304: { description: 'Not modified since the ETag sent in If-None-Match' },
    },
  }),
  getAdminEditions: admin.get('/admin/editions', {
    summary: 'List the editions',
    staff: 'editEditions',
    responses: { 200: { description: 'Every edition', schema: storedEditionListWireSchema } },
  }),
  getAdminEdition: admin.get('/admin/editions/{edition_id}', {
    summary: 'Read an edition',
    staff: 'editEditions',
    request: { params: editionIdParams },
    responses: { 200: { description: 'The edition', schema: storedEditionWireSchema } },
  }),
  putAdminEdition: admin.put('/admin/editions/{edition_id}', {
    summary: 'Save a change to an edition',
    description:
      'Made on the version it was read at: 409 editionChanged when someone saved in between (nothing ' +
      'changes). 400 editionInvalid with each issue on its field (its path in the edition, such as ' +
      'tiers.member.capacity) when a rule is broken, including a capacity below the spots already taken.',
    staff: 'editEditions',
    request: { params: editionIdParams, body: editionSaveWireSchema },
    responses: { 200: { description: 'The edition as saved', schema: storedEditionWireSchema } },
  }),
  postAdminEditionNext: admin.post('/admin/editions/next', {
    summary: 'Prepare the next edition',
    description:
      'A draft copied from the current edition with every date a year later and sales off, for review. ' +
      '409 editionExists when it was prepared already.',
    staff: 'editEditions',
    responses: { 201: { description: 'The draft', schema: storedEditionWireSchema } },
  }),
  postAdminEditionPublish: admin.post('/admin/editions/{edition_id}/publish', {
    summary: 'Publish an edition and make it current',
    description: 'At the version that was reviewed: 409 editionChanged when it was saved since.',
    staff: 'editEditions',
    request: { params: editionIdParams, body: editionPublishWireSchema },
    responses: { 200: { description: 'The edition, now current', schema: storedEditionWireSchema } },
  }),
  getAdminEditionChanges: admin.get('/admin/editions/{edition_id}/changes', {
    summary: "Read an edition's history",
    staff: 'editEditions',
    request: { params: editionIdParams },
    responses: { 200: { description: 'Its changes, oldest first', schema: editionChangeListWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>
