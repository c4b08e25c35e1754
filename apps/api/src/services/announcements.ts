import {
  type AdminAnnouncement,
  type Announcement,
  type AnnouncementContent,
  announcementContentSchema,
  type Clock,
  type PublicAnnouncements,
  type RegistrationTier,
} from '@furfes/core'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { announcements, currentEdition } from '../db/schema.ts'
import { HttpError, productError } from '../http/errors.ts'
import type { Logger } from '../logger.ts'
import { oweAnnouncementPushes } from '../push/subscriptions.ts'
import { mailProgress, mailWithin } from './announcement-mail.ts'
import { type AuditActor, recordAudit } from './audit.ts'

/*
 * Announcements of the committee (docs/decisions/173-announcements.md): published to the current edition at
 * once, corrected over the revision read (the audit trail keeps before and after), withdrawn, and sent by mail to
 * the paid participants of the edition or of chosen tiers through the outbox, once per person.
 */

export interface AnnouncementDeps {
  db: Executor
  clock: Clock
  logger: Logger
}

type AnnouncementRow = typeof announcements.$inferSelect

function announcementOf(row: AnnouncementRow): Announcement {
  return {
    id: row.announcementId,
    title: row.title,
    body: row.body,
    urgency: row.urgency,
    publishedAt: row.publishedAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  }
}

/** The content checked by core's rules; each issue on its field (400 announcementInvalid), nothing stored. */
function validated(candidate: unknown): AnnouncementContent {
  const parsed = announcementContentSchema.safeParse(candidate)
  if (!parsed.success) {
    throw new HttpError(400, {
      message: 'announcementInvalid',
      issues: parsed.error.issues.map(({ path, message }) => ({ path: path.map(String), message })),
    })
  }
  return parsed.data
}

async function currentEditionId(db: Executor): Promise<string> {
  const [row] = await db.select({ editionId: currentEdition.editionId }).from(currentEdition)
  if (!row) throw new Error('No current edition: the API seeds one at start')
  return row.editionId
}

/** The current edition's announcements that are published and not withdrawn, newest first. */
export async function readPublicAnnouncements({
  db,
}: Pick<AnnouncementDeps, 'db'>): Promise<PublicAnnouncements> {
  const editionId = await currentEditionId(db)
  const rows = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.editionId, editionId), isNull(announcements.withdrawnAt)))
    .orderBy(desc(announcements.publishedAt), desc(announcements.announcementId))
  return { editionId, announcements: rows.map(announcementOf) }
}

async function adminAnnouncements(
  db: Executor,
  rows: readonly AnnouncementRow[],
): Promise<AdminAnnouncement[]> {
  const progress = await mailProgress(
    db,
    rows.filter((row) => row.mailTiers !== null).map((row) => row.announcementId),
  )
  return rows.map((row) => {
    const counts = progress.get(row.announcementId) ?? { queued: 0, sent: 0, failed: 0, skipped: 0 }
    return {
      ...announcementOf(row),
      editionId: row.editionId,
      revision: row.revision,
      publishedBy: row.publishedBy,
      withdrawnAt: row.withdrawnAt?.getTime() ?? null,
      mail: row.mailTiers === null ? null : { ...counts, tiers: row.mailTiers },
    }
  })
}

async function readOne(db: Executor, announcementId: string): Promise<AdminAnnouncement> {
  const rows = await db.select().from(announcements).where(eq(announcements.announcementId, announcementId))
  const [announcement] = await adminAnnouncements(db, rows)
  if (!announcement) throw productError(404, 'notFound')
  return announcement
}

/** The current edition's announcements, withdrawn ones included, newest first, with their mail progress. */
export async function listAdminAnnouncements({
  db,
}: Pick<AnnouncementDeps, 'db'>): Promise<AdminAnnouncement[]> {
  const editionId = await currentEditionId(db)
  const rows = await db
    .select()
    .from(announcements)
    .where(eq(announcements.editionId, editionId))
    .orderBy(desc(announcements.publishedAt), desc(announcements.announcementId))
  return adminAnnouncements(db, rows)
}

/**
 * Publishes an announcement to the current edition, and queues its mail when asked, in one transaction. The id
 * is the reception's: publishing the same id again answers the stored announcement and changes nothing, so a
 * retried request neither publishes twice nor tells the listeners twice.
 */
export async function publishAnnouncement(
  deps: AnnouncementDeps,
  publication: {
    id: string
    content: unknown
    mail: { tiers: readonly RegistrationTier[] } | null
    actor: AuditActor
  },
): Promise<{ announcement: AdminAnnouncement; created: boolean }> {
  const content = validated(publication.content)
  const now = deps.clock()
  const editionId = await currentEditionId(deps.db)
  const created = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(announcements)
      .values({
        announcementId: publication.id,
        editionId,
        ...content,
        revision: 1,
        publishedAt: new Date(now),
        publishedBy: publication.actor.id,
        updatedAt: new Date(now),
      })
      .onConflictDoNothing()
      .returning({ announcementId: announcements.announcementId })
    if (inserted.length === 0) return false
    await recordAudit(tx, {
      at: new Date(now),
      actor: publication.actor,
      action: 'announcementPublished',
      subject: publication.id,
      details: { ...content },
      editionId,
    })
    if (publication.mail) {
      await mailWithin(
        tx,
        { announcementId: publication.id, editionId },
        { ...publication.mail, actor: publication.actor, now },
      )
    }
    // Owed with the publication, so a push is never lost nor sent twice (decision 176); it opens the list.
    await oweAnnouncementPushes(tx, { id: publication.id, ...content, page: 'timetable#announcements' }, now)
    return true
  })
  return { announcement: await readOne(deps.db, publication.id), created }
}

/** The announcement to change, locked for the transaction; 404, or 409 announcementWithdrawn once withdrawn. */
async function lockedLive(tx: Executor, announcementId: string): Promise<AnnouncementRow> {
  const [row] = await tx
    .select()
    .from(announcements)
    .where(eq(announcements.announcementId, announcementId))
    .for('update')
  if (!row) throw productError(404, 'notFound')
  if (row.withdrawnAt !== null) throw productError(409, 'announcementWithdrawn')
  return row
}

/**
 * Corrects the title, body or urgency over `revision` (409 announcementChanged when someone saved since); the
 * audit trail keeps the content before and after. Mails already queued read the corrected text when they leave.
 */
export async function correctAnnouncement(
  deps: AnnouncementDeps,
  correction: { id: string; content: unknown; revision: number; actor: AuditActor },
): Promise<AdminAnnouncement> {
  const content = validated(correction.content)
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    const row = await lockedLive(tx, correction.id)
    if (row.revision !== correction.revision) throw productError(409, 'announcementChanged')
    await tx
      .update(announcements)
      .set({ ...content, revision: row.revision + 1, updatedAt: new Date(now) })
      .where(eq(announcements.announcementId, correction.id))
    await recordAudit(tx, {
      at: new Date(now),
      actor: correction.actor,
      action: 'announcementCorrected',
      subject: correction.id,
      details: {
        before: { title: row.title, body: row.body, urgency: row.urgency },
        after: content,
      },
      editionId: row.editionId,
    })
  })
  return readOne(deps.db, correction.id)
}

/** Withdraws an announcement: the site stops showing it and its queued mails are skipped. Twice is once. */
export async function withdrawAnnouncement(
  deps: AnnouncementDeps,
  withdrawal: { id: string; actor: AuditActor },
): Promise<AdminAnnouncement> {
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(announcements)
      .set({ withdrawnAt: new Date(now) })
      .where(and(eq(announcements.announcementId, withdrawal.id), isNull(announcements.withdrawnAt)))
      .returning({ editionId: announcements.editionId })
    if (!row) return
    await recordAudit(tx, {
      at: new Date(now),
      actor: withdrawal.actor,
      action: 'announcementWithdrawn',
      subject: withdrawal.id,
      details: {},
      editionId: row.editionId,
    })
  })
  return readOne(deps.db, withdrawal.id)
}

/** Sends a published announcement by mail to the paid participants of `tiers` not mailed it yet. */
export async function mailAnnouncement(
  deps: AnnouncementDeps,
  request: { id: string; tiers: readonly RegistrationTier[]; actor: AuditActor },
): Promise<AdminAnnouncement> {
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    const row = await lockedLive(tx, request.id)
    await mailWithin(tx, row, { tiers: request.tiers, actor: request.actor, now })
  })
  return readOne(deps.db, request.id)
}
