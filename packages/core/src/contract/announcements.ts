import { z } from 'zod'
import { type AnnouncementUrgency, announcementUrgencies } from '../domain/announcement.ts'
import { type RegistrationTier, registrationTiers } from '../domain/registration-tier.ts'
import { announcementFromWire } from './announcement-wire.ts'
import { listCodec, toIso } from './codecs.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, listComponent } from './schemas.ts'

/*
 * Announcements over HTTP (docs/decisions/173-announcements.md): the public list of the current edition, which
 * the site and its service worker keep by ETag as they keep the timetable, and the committee's publication,
 * correction, withdrawal and mail to paid participants. Instants are ISO 8601 on the wire, epoch ms in the apps.
 */

const instantWire = z.iso.datetime({ offset: true })
// Generous bounds on the wire; the content's own rules are checked by the API (announcementInvalid, each issue
// on its field) with core's `announcementContentSchema`, as the form checks them while typed.
const localText = z.object({ ja: z.string().max(4000), en: z.string().max(4000) })
const urgencyWire = z.enum(announcementUrgencies)
const tiersWire = z
  .array(z.enum(registrationTiers))
  .max(registrationTiers.length)
  .describe('The tiers whose paid participants are mailed; empty for every tier')

const announcementFields = {
  id: z.uuid(),
  title: localText,
  body: localText.describe('Plain text; line breaks are kept'),
  urgency: urgencyWire.describe('Urgent ones are shown as a banner on every page of the site'),
  published_at: instantWire,
  updated_at: instantWire.describe('The last correction; the publication when never corrected'),
}

export const announcementWireSchema = component(z.object(announcementFields), {
  id: 'Announcement',
  description: 'An announcement of the committee, as participants read it',
})
export type AnnouncementWire = z.infer<typeof announcementWireSchema>

export const publicAnnouncementsWireSchema = component(
  z.object({ edition_id: z.string(), announcements: z.array(announcementWireSchema) }),
  {
    id: 'PublicAnnouncements',
    description: "The current edition's announcements that are published and not withdrawn, newest first",
  },
)
export type PublicAnnouncementsWire = z.infer<typeof publicAnnouncementsWireSchema>

/** An announcement in the apps. */
export interface Announcement {
  id: string
  title: { ja: string; en: string }
  body: { ja: string; en: string }
  urgency: AnnouncementUrgency
  publishedAt: number
  updatedAt: number
}

const announcementSchema = z.custom<Announcement>()

function announcementToWire(announcement: Announcement): AnnouncementWire {
  return {
    id: announcement.id,
    title: announcement.title,
    body: announcement.body,
    urgency: announcement.urgency,
    published_at: toIso(announcement.publishedAt),
    updated_at: toIso(announcement.updatedAt),
  }
}

export interface PublicAnnouncements {
  editionId: string
  announcements: Announcement[]
}

export const publicAnnouncementsCodec = z.codec(
  publicAnnouncementsWireSchema,
  z.object({ editionId: z.string(), announcements: z.array(announcementSchema) }),
  {
    decode: (wire): PublicAnnouncements => ({
      editionId: wire.edition_id,
      announcements: wire.announcements.map(announcementFromWire),
    }),
    encode: (list) => ({
      edition_id: list.editionId,
      announcements: list.announcements.map(announcementToWire),
    }),
  },
)

export const adminAnnouncementWireSchema = component(
  z.object({
    ...announcementFields,
    edition_id: z.string(),
    revision: z
      .number()
      .int()
      .positive()
      .describe('Counts the saves: 1 when published, one more per correction'),
    published_by: z.string(),
    withdrawn_at: instantWire.nullable(),
    mail: z
      .object({
        tiers: tiersWire,
        queued: z.number().int().nonnegative().describe('Mails still to send'),
        sent: z.number().int().nonnegative(),
        failed: z.number().int().nonnegative().describe('Refused by the mail server for good'),
        skipped: z
          .number()
          .int()
          .nonnegative()
          .describe('No longer sent: the registration was cancelled or the announcement withdrawn first'),
      })
      .nullable()
      .describe('The mail to participants and its progress; null while it was not sent by mail'),
  }),
  { id: 'AdminAnnouncement', description: 'An announcement as the committee manages it' },
)
export type AdminAnnouncementWire = z.infer<typeof adminAnnouncementWireSchema>

export interface AdminAnnouncement extends Announcement {
  editionId: string
  revision: number
  publishedBy: string
  withdrawnAt: number | null
  mail: { tiers: RegistrationTier[]; queued: number; sent: number; failed: number; skipped: number } | null
}

function adminAnnouncementFromWire(wire: AdminAnnouncementWire): AdminAnnouncement {
  return {
    ...announcementFromWire(wire),
    editionId: wire.edition_id,
    revision: wire.revision,
    publishedBy: wire.published_by,
    withdrawnAt: wire.withdrawn_at === null ? null : Date.parse(wire.withdrawn_at),
    mail: wire.mail,
  }
}

function adminAnnouncementToWire(announcement: AdminAnnouncement): AdminAnnouncementWire {
  return {
    ...announcementToWire(announcement),
    edition_id: announcement.editionId,
    revision: announcement.revision,
    published_by: announcement.publishedBy,
    withdrawn_at: announcement.withdrawnAt === null ? null : toIso(announcement.withdrawnAt),
    mail: announcement.mail,
  }
}

const adminAnnouncementSchema = z.custom<AdminAnnouncement>()

export const adminAnnouncementCodec = z.codec(adminAnnouncementWireSchema, adminAnnouncementSchema, {
  decode: adminAnnouncementFromWire,
  encode: adminAnnouncementToWire,
})

export const adminAnnouncementListWireSchema = listComponent(adminAnnouncementWireSchema, {
  id: 'AdminAnnouncementList',
  description: "The current edition's announcements, withdrawn ones included, newest first",
})
export const adminAnnouncementListCodec = listCodec(
  adminAnnouncementListWireSchema,
  adminAnnouncementSchema,
  adminAnnouncementFromWire,
  adminAnnouncementToWire,
)

const contentFields = { title: localText, body: localText, urgency: urgencyWire }
const identity = <T>(value: T): T => value

export const announcementPublicationWireSchema = component(
  z.object({
    id: z
      .uuid()
      .describe('Chosen by the reception, so a publication sent twice (a retry) publishes one announcement'),
    ...contentFields,
    mail: z
      .object({ tiers: tiersWire })
      .nullable()
      .describe('Also send it by mail to the paid participants of the edition (or of these tiers)'),
  }),
  { id: 'AnnouncementPublication', description: 'A new announcement, published at once' },
)
export type AnnouncementPublication = z.output<typeof announcementPublicationWireSchema>
export const announcementPublicationCodec = z.codec(
  announcementPublicationWireSchema,
  announcementPublicationWireSchema,
  { decode: identity, encode: identity },
)

export const announcementCorrectionWireSchema = component(
  z.object({
    ...contentFields,
    revision: z.number().int().positive().describe('The revision the correction was made on'),
  }),
  {
    id: 'AnnouncementCorrection',
    description: 'A correction of an announcement, over the revision it was read at',
  },
)
export type AnnouncementCorrection = z.output<typeof announcementCorrectionWireSchema>
export const announcementCorrectionCodec = z.codec(
  announcementCorrectionWireSchema,
  announcementCorrectionWireSchema,
  { decode: identity, encode: identity },
)

export const announcementMailWireSchema = component(z.object({ tiers: tiersWire }), {
  id: 'AnnouncementMail',
  description: 'Who is mailed: the paid participants of these tiers, or of every tier when empty',
})
export const announcementMailCodec = z.codec(announcementMailWireSchema, announcementMailWireSchema, {
  decode: identity,
  encode: identity,
})

const announcementParams = z.object({ announcement_id: z.uuid() })

const open = routeGroup('none', 'announcements')
const admin = routeGroup('admin', 'admin')
const staff = 'publishAnnouncements'

/** The announcement routes; the admin ones are the committee's (staff action publishAnnouncements). */
export const announcementRoutes = {
  getAnnouncements: open.get('/announcements', {
    summary: "Read the current edition's announcements",
    description:
      'Published and not withdrawn, newest first. Answered with a strong ETag and ' +
      '`Cache-Control: public, max-age=60`; `If-None-Match` with the same ETag answers 304 without a body.',
    responses: {
      200: { description: 'The announcements', schema: publicAnnouncementsWireSchema },
      304: { description: 'Not modified since the ETag sent in If-None-Match' },
    },
  }),
  getAdminAnnouncements: admin.get('/admin/announcements', {
    summary: "List the current edition's announcements with their mail progress",
    staff,
    responses: { 200: { description: 'The announcements', schema: adminAnnouncementListWireSchema } },
  }),
  postAdminAnnouncement: admin.post('/admin/announcements', {
    summary: 'Publish an announcement, and send it by mail if asked',
    description:
      "Publishes to the current edition. The id is the reception's: the same id again answers the announcement " +
      'already published. With `mail`, one mail per paid registration (of the tiers chosen) is queued, in the ' +
      "registration's language, once per person whatever the retries. 400 announcementInvalid with each issue " +
      'on its field.',
    staff,
    request: { body: announcementPublicationWireSchema },
    responses: { 201: { description: 'The announcement as published', schema: adminAnnouncementWireSchema } },
  }),
  putAdminAnnouncement: admin.put('/admin/announcements/{announcement_id}', {
    summary: 'Correct an announcement',
    description:
      'Over the revision it was read at (409 announcementChanged otherwise); the audit trail keeps the text ' +
      'before and after. 409 announcementWithdrawn once withdrawn. Mails already sent are not sent again.',
    staff,
    request: { params: announcementParams, body: announcementCorrectionWireSchema },
    responses: { 200: { description: 'The announcement as corrected', schema: adminAnnouncementWireSchema } },
  }),
  postAdminAnnouncementWithdraw: admin.post('/admin/announcements/{announcement_id}/withdraw', {
    summary: 'Withdraw an announcement',
    description:
      'The site stops showing it; mails still queued for it are not sent. Withdrawing twice is one.',
    staff,
    request: { params: announcementParams },
    responses: { 200: { description: 'The announcement, withdrawn', schema: adminAnnouncementWireSchema } },
  }),
  postAdminAnnouncementMail: admin.post('/admin/announcements/{announcement_id}/mail', {
    summary: 'Send an announcement by mail to paid participants',
    description:
      'Queues one mail per paid registration of the edition (of the tiers chosen) not yet mailed this ' +
      'announcement: retried or sent twice at once, each person gets it once. 409 announcementWithdrawn.',
    staff,
    request: { params: announcementParams, body: announcementMailWireSchema },
    responses: {
      200: { description: 'The announcement and its mail progress', schema: adminAnnouncementWireSchema },
    },
  }),
} as const satisfies Record<string, RouteDefinition>
