import { type SQL, sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import type { MailKind } from './templates.ts'

/*
 * The mail outbox (decision 100). A state change that owes a participant a mail inserts a row in its own
 * transaction, so the mail exists exactly when the change does; (registration, kind) is unique, so a change
 * reported twice or out of order owes one mail. A sender drains the rows afterwards, outside any request.
 */

interface OwedMail {
  kind: MailKind
  registrationId: string
  now: number
}

/** The row of a mail owed about a registration, due at once. */
const insertOwed = (mail: OwedMail): SQL => sql`
  insert into mail_outbox (mail_id, kind, registration_id, next_attempt_at, created_at)
  values (gen_random_uuid(), ${mail.kind}, ${mail.registrationId}::uuid, ${iso(mail.now)}::timestamptz,
    ${iso(mail.now)}::timestamptz)`

/** Owes a mail of `kind` about a registration; a second call for the same pair changes nothing. */
export async function enqueueMail(executor: Executor, mail: OwedMail): Promise<void> {
  await executor.execute(sql`${insertOwed(mail)} on conflict (registration_id, kind) do nothing`)
}

/**
 * Owes a mail of `kind` about a registration again, whether or not one was sent before: for a change a participant
 * may make many times (decision 166), whose mail reads the registration as it is when it leaves. The row gets a
 * new id, so a sender still delivering the earlier mail records that delivery on nothing and this one goes out.
 */
export async function rearmMail(executor: Executor, mail: OwedMail): Promise<void> {
  await executor.execute(sql`${insertOwed(mail)}
    on conflict (registration_id, kind) do update set mail_id = gen_random_uuid(), status = 'pending',
      attempts = 0, next_attempt_at = excluded.next_attempt_at, lease_until = null, last_error = null,
      message_id = null, sent_at = null`)
}

/**
 * For the statement that ends pending registrations in a CTE named `ended` (services/inventory.ts): owes each of
 * them whose member had reached checkout (a checkout session exists) the "checkout lapsed" mail, in the same
 * statement.
 */
export function lapseMailsOfEnded(now: number): SQL {
  const kind: MailKind = 'checkout_lapsed'
  return sql`insert into mail_outbox (mail_id, kind, registration_id, next_attempt_at, created_at)
    select gen_random_uuid(), ${kind}, registration_id, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
    from ended where checkout_session_id is not null
    on conflict (registration_id, kind) do nothing`
}

export interface OutboxMail {
  mailId: string
  kind: MailKind
  /** What the mail is about: a registration, or a waiting-list entry (decision 115). */
  registrationId: string | null
  waitingEntryId: string | null
  /** Or the recipient of an announcement (decision 173); absent or null for any other mail. */
  announcementRecipientId?: string | null
  attempts: number
}

/** What delivering one mail came to. */
export type DeliveryResult =
  | { status: 'sent'; messageId: string }
  /** The mail no longer applies (a lapsed checkout was paid after all). */
  | { status: 'skipped'; reason: string }

/** The mail server refused the message for good (SMTP 5xx): retrying cannot help. */
export class PermanentMailError extends Error {
  override readonly name = 'PermanentMailError'
}

/**
 * How long a sender owns a claimed mail, renewed just before each send, so it has to cover one send only: the
 * longest is a receipt's Stripe lookup (5 s, retried once: about 11 s) and then SMTP's connection and greeting
 * timeouts (10 s each) and its 30 s socket timeout, or SES's 10 s connection and 30 s request timeouts: about a
 * minute at worst. Two minutes leaves that twice over, and is how long a mail whose sender crashed mid-send
 * waits before another sender takes it (decision 100).
 */
export const mailLeaseMs = 2 * 60_000

export interface OutboxOptions {
  db: Executor
  clock: () => number
  logger: Logger
  deliver(mail: OutboxMail): Promise<DeliveryResult>
  /** How long a sender owns a claimed mail (`mailLeaseMs` by default); a sender that died is replaced after this. */
  leaseMs?: number
  /** The first retry's delay; each further one doubles, up to maxBackoffMs. */
  baseBackoffMs?: number
  maxBackoffMs?: number
  /** Mails claimed per drain. */
  batchSize?: number
}

interface OutboxStats {
  /** Mails still owed. */
  pending: number
  /** Age in seconds of the oldest mail still owed (0 when none). */
  oldestPendingSeconds: number
  failed: number
}

export interface MailOutbox {
  /** Claims the mails that are due and delivers them; answers how many were sent. Never throws for a mail. */
  drain(): Promise<{ sent: number; retried: number; failed: number; skipped: number }>
  stats(): Promise<OutboxStats>
}

/** The delay before attempt `attempts + 1`: base, 2×base, 4×base… capped. */
function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1))
}

export function createMailOutbox(options: OutboxOptions): MailOutbox {
  const { db, clock, deliver } = options
  const logger = options.logger.child({ component: 'mail' })
  const leaseMs = options.leaseMs ?? mailLeaseMs
  const baseBackoffMs = options.baseBackoffMs ?? 30_000
  const maxBackoffMs = options.maxBackoffMs ?? 60 * 60_000
  const batchSize = options.batchSize ?? 20

  /**
   * One statement claims due mails for this sender: SKIP LOCKED lets concurrent senders on PostgreSQL take
   * different rows instead of waiting, and the lease keeps a mail being sent away from the others until it is
   * done or the sender is presumed dead. Nothing stays locked while the mail server is talked to.
   */
  async function claim(now: number): Promise<OutboxMail[]> {
    const rows = await queryRows<{
      mail_id: string
      kind: MailKind
      registration_id: string | null
      waiting_entry_id: string | null
      announcement_recipient_id: string | null
      attempts: number
    }>(
      db,
      sql`update mail_outbox set lease_until = ${iso(now + leaseMs)}::timestamptz, attempts = attempts + 1
          where mail_id in (
            select mail_id from mail_outbox
            where status = 'pending' and next_attempt_at <= ${iso(now)}::timestamptz
              and (lease_until is null or lease_until <= ${iso(now)}::timestamptz)
            order by next_attempt_at
            limit ${batchSize}
            for update skip locked
          )
          returning mail_id, kind, registration_id, waiting_entry_id, announcement_recipient_id, attempts`,
    )
    return rows.map((row) => ({
      mailId: row.mail_id,
      kind: row.kind,
      registrationId: row.registration_id,
      waitingEntryId: row.waiting_entry_id,
      announcementRecipientId: row.announcement_recipient_id,
      attempts: Number(row.attempts),
    }))
  }

  /**
   * Makes the mail ours for a full lease just before it is sent, if it still is: a batch can take longer than the
   * lease (a hanging mail server), and another sender may meanwhile have claimed the mails not yet started.
   * `attempts` counts claims, so it tells whose claim is current; renewing and claiming are single statements on
   * one row, so exactly one of the two senders gets to send.
   */
  async function renew(mail: OutboxMail): Promise<boolean> {
    const rows = await queryRows<{ mail_id: string }>(
      db,
      sql`update mail_outbox set lease_until = ${iso(clock() + leaseMs)}::timestamptz
          where mail_id = ${mail.mailId}::uuid and status = 'pending' and attempts = ${mail.attempts}
          returning mail_id`,
    )
    return rows.length > 0
  }

  /**
   * Records how the attempt ended, only while the claim is still this sender's: a sender that outlived its lease
   * must not turn a mail another sender delivered into a failure, nor reschedule it. A delivery is recorded
   * whatever the claim, since the message did leave.
   */
  async function settle(mail: OutboxMail, set: SQL, options: { delivered?: boolean } = {}): Promise<boolean> {
    const ours = options.delivered ? sql`` : sql` and status = 'pending' and attempts = ${mail.attempts}`
    const rows = await queryRows<{ mail_id: string }>(
      db,
      sql`update mail_outbox set ${set}, lease_until = null where mail_id = ${mail.mailId}::uuid${ours}
          returning mail_id`,
    )
    return rows.length > 0
  }

  const takenOver = 'Mail taken over by another sender after this one held it past its lease'

  let draining: Promise<Awaited<ReturnType<MailOutbox['drain']>>> | undefined

  async function drainOnce() {
    const counts = { sent: 0, retried: 0, failed: 0, skipped: 0 }
    const now = clock()
    for (const mail of await claim(now)) {
      const fields = {
        mailId: mail.mailId,
        kind: mail.kind,
        registrationId: mail.registrationId,
        waitingEntryId: mail.waitingEntryId,
      }
      if (!(await renew(mail))) {
        logger.info(takenOver, fields)
        continue
      }
      try {
        const result = await deliver(mail)
        if (result.status === 'sent') {
          await settle(
            mail,
            sql`status = 'sent', sent_at = ${iso(clock())}::timestamptz, message_id = ${result.messageId}, last_error = null`,
            { delivered: true },
          )
          counts.sent++
          logger.info('Mail sent', { ...fields, attempts: mail.attempts })
        } else if (!(await settle(mail, sql`status = 'skipped', last_error = ${result.reason}`))) {
          logger.info(takenOver, fields)
        } else {
          counts.skipped++
          logger.info('Mail no longer applies', { ...fields, reason: result.reason })
        }
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 500)
        if (error instanceof PermanentMailError) {
          if (!(await settle(mail, sql`status = 'failed', last_error = ${message}`))) {
            logger.info(takenOver, { ...fields, error: message })
            continue
          }
          counts.failed++
          logger.error('Mail refused for good; it will not be retried', { ...fields, error })
          continue
        }
        const delay = backoffMs(mail.attempts, baseBackoffMs, maxBackoffMs)
        const retried = await settle(
          mail,
          sql`next_attempt_at = ${iso(clock() + delay)}::timestamptz, last_error = ${message}`,
        )
        if (!retried) {
          logger.info(takenOver, { ...fields, error: message })
          continue
        }
        counts.retried++
        logger.warn('Mail not delivered; it will be retried', {
          ...fields,
          attempts: mail.attempts,
          retryInMs: delay,
          error: message,
        })
      }
    }
    return counts
  }

  return {
    drain() {
      // One drain at a time per instance; a call during a drain shares its result.
      draining ??= drainOnce().finally(() => {
        draining = undefined
      })
      return draining
    },
    async stats() {
      const now = clock()
      const [row] = await queryRows<{ pending: number; oldest: string | Date | null; failed: number }>(
        db,
        sql`select count(*) filter (where status = 'pending')::int as pending,
              min(created_at) filter (where status = 'pending') as oldest,
              count(*) filter (where status = 'failed')::int as failed
            from mail_outbox`,
      )
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : now
      return {
        pending: Number(row?.pending ?? 0),
        oldestPendingSeconds: Math.max(0, Math.round((now - oldest) / 1000)),
        failed: Number(row?.failed ?? 0),
      }
    },
  }
}
