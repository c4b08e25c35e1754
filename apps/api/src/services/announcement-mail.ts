import type { AdminAnnouncement, RegistrationTier } from '@furfes/core'
import { eq, sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows } from '../db/database.ts'
import { announcements } from '../db/schema.ts'
import type { AnnouncementMailKind } from '../mail/templates.ts'
import { type AuditActor, recordAudit } from './audit.ts'

/*
 * An announcement by mail (docs/decisions/173-announcements.md): one recipient row and one outbox mail per paid
 * registration, once per person whatever the retries, and the progress as the outbox's statuses tell it.
 */

const mailKind: AnnouncementMailKind = 'announcement'

type MailProgress = NonNullable<AdminAnnouncement['mail']>

/** How far the mail of each announcement has come, by the outbox's status of each recipient's mail. */
export async function mailProgress(db: Executor, ids: readonly string[]): Promise<Map<string, MailProgress>> {
  const progress = new Map<string, MailProgress>()
  if (ids.length === 0) return progress
  const rows = await queryRows<{ announcement_id: string; status: string; count: number | string }>(
    db,
    sql`select r.announcement_id, o.status, count(*) as count
        from announcement_recipients r join mail_outbox o on o.announcement_recipient_id = r.recipient_id
        where r.announcement_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by r.announcement_id, o.status`,
  )
  for (const row of rows) {
    const counts = progress.get(row.announcement_id) ?? {
      tiers: [],
      queued: 0,
      sent: 0,
      failed: 0,
      skipped: 0,
    }
    const count = Number(row.count)
    if (row.status === 'pending') counts.queued += count
    else if (row.status === 'sent' || row.status === 'failed' || row.status === 'skipped') {
      counts[row.status] += count
    }
    progress.set(row.announcement_id, counts)
  }
  return progress
}

/**
 * Owes the announcement's mail to every paid registration of its edition (of `tiers`; every tier when empty)
 * that was not owed it yet, in one statement: the unique (announcement, registration) and (recipient, kind)
 * keys make a retry, or two staff sending at once, add nobody twice. Answers how many were added.
 */
async function enqueueAnnouncementMails(
  tx: Executor,
  mail: { announcementId: string; editionId: string; tiers: readonly RegistrationTier[]; now: number },
): Promise<number> {
  const tierFilter =
    mail.tiers.length === 0
      ? sql``
      : sql` and registration_tier in (${sql.join(
          mail.tiers.map((tier) => sql`${tier}`),
          sql`, `,
        )})`
  const at = sql`${iso(mail.now)}::timestamptz`
  const rows = await queryRows<{ mail_id: string }>(
    tx,
    sql`with chosen as (
          insert into announcement_recipients (recipient_id, announcement_id, registration_id, created_at)
          select gen_random_uuid(), ${mail.announcementId}::uuid, registration_id, ${at}
          from registrations
          where edition_id = ${mail.editionId} and payment_status = 'paid'${tierFilter}
          on conflict (announcement_id, registration_id) do nothing
          returning recipient_id
        )
        insert into mail_outbox (mail_id, kind, announcement_recipient_id, next_attempt_at, created_at)
        select gen_random_uuid(), ${mailKind}, recipient_id, ${at}, ${at} from chosen
        on conflict (announcement_recipient_id, kind) do nothing
        returning mail_id`,
  )
  return rows.length
}

/** Records the mail asked for, queues it and audits it, in the caller's transaction. */
export async function mailWithin(
  tx: Executor,
  row: { announcementId: string; editionId: string },
  request: { tiers: readonly RegistrationTier[]; actor: AuditActor; now: number },
): Promise<void> {
  const tiers = [...new Set(request.tiers)]
  await tx
    .update(announcements)
    .set({ mailTiers: tiers })
    .where(eq(announcements.announcementId, row.announcementId))
  const queued = await enqueueAnnouncementMails(tx, { ...row, tiers, now: request.now })
  await recordAudit(tx, {
    at: new Date(request.now),
    actor: request.actor,
    action: 'announcementMailed',
    subject: row.announcementId,
    details: { tiers, queued },
    editionId: row.editionId,
  })
}
