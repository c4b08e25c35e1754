import {
  type Clock,
  editionRetentionEndsAt,
  type RetentionCounts,
  type RetentionEdition,
  type RetentionReport,
} from '@furfes/core'
import { type SQL, sql } from 'drizzle-orm'
import type { MemberAccounts } from '../auth/member-accounts.ts'
import { type Executor, queryRows } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import { addonErasures } from './addons.ts'
import { attentionErasures } from './attention.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import { listEditions } from './editions.ts'
import { guardianErasures } from './guardians.ts'
import { memberFieldErasures } from './registration-details.ts'

/*
 * Retention (docs/decisions/161-retention.md): once an edition's retention period has ended, its personal data is
 * erased; amounts, dates, Stripe ids, statuses, tiers and the counts the committee's accounts need stay, without
 * names. A run is a list of steps, each idempotent and in its own transaction, so a run stopped midway (a crash,
 * Cognito not answering) is finished by the next one, and a run with nothing left to do changes nothing.
 */

export interface RetentionDeps {
  db: Executor
  clock: Clock
  logger: Logger
  memberAccounts: MemberAccounts
  /**
   * Called inside each edition step's transaction once its statements ran, before it commits: tests stop a run
   * midway by throwing here, and the step's changes roll back with it.
   */
  afterStep?: ((step: { editionId: string; step: RetentionStepName }) => Promise<void> | void) | undefined
}

/** Who a run is recorded as in the audit trail when no staff member asked for it: the daily job. */
export const retentionJobActor: AuditActor = { id: 'retention-job' }

type RetentionKind = keyof RetentionCounts

/** One statement of a step: rows of `table` matching `where` are updated with `set`, or deleted without it. */
export interface Erasure {
  kind: RetentionKind
  table: string
  where: SQL
  set?: SQL
}

const registrationsOf = (editionId: string) =>
  sql`(select registration_id from registrations where edition_id = ${editionId})`

/*
 * What names a person in an edition's rows, step by step. Each erasure's `where` matches only rows that still
 * hold something to erase, so repeating a step changes nothing and counting it says what is left.
 */
const steps = {
  registrations: (editionId: string): Erasure[] => [
    ...memberFieldErasures(editionId),
    ...attentionErasures(editionId),
    ...guardianErasures(editionId),
    ...addonErasures(editionId),
  ],
  // The device label of a check-in, of a printed badge mark (decision 170) and of a goods tick (decision 180).
  checkIns: (editionId: string): Erasure[] =>
    ['check_ins', 'badge_prints', 'goods_ticks'].map((table) => ({
      kind: 'checkIns',
      table,
      set: sql`device_name = null`,
      where: sql`device_name is not null and registration_id in ${registrationsOf(editionId)}`,
    })),
  mails: (editionId: string): Erasure[] => [
    {
      kind: 'mails',
      table: 'mail_outbox',
      // A mail server's refusal usually quotes the address; the mail's content is never stored (decision 100).
      set: sql`last_error = null`,
      where: sql`last_error is not null and (registration_id in ${registrationsOf(editionId)} or announcement_recipient_id in (select recipient_id from announcement_recipients where registration_id in ${registrationsOf(editionId)}))`,
    },
  ],
  waitingList: (editionId: string): Erasure[] => [
    {
      kind: 'mails',
      table: 'mail_outbox',
      where: sql`waiting_entry_id in (select entry_id from waiting_list_entries where edition_id = ${editionId})`,
    },
    { kind: 'waitingListEntries', table: 'waiting_list_entries', where: sql`edition_id = ${editionId}` },
  ],
  // The refund and each attempt at it repeat the reason staff typed.
  refunds: (editionId: string): Erasure[] =>
    ['registration_refunds', 'refund_attempts'].map((table) => ({
      kind: 'refunds',
      table,
      set: sql`reason = null`,
      where: sql`reason is not null and registration_id in ${registrationsOf(editionId)}`,
    })),
  audit: (editionId: string): Erasure[] => [
    {
      // The trail keeps who refunded how much; the reason a staff member typed may say why a person left.
      kind: 'auditEntries',
      table: 'staff_audit',
      set: sql`details = details - 'reason'`,
      where: sql`action = 'refund' and details ->> 'reason' is not null
        and subject in (select registration_id::text from registrations where edition_id = ${editionId})`,
    },
    {
      kind: 'auditEntries',
      table: 'staff_audit',
      set: sql`details = details || '{"deviceName": null}'::jsonb`,
      where: sql`action = 'checkInUndone' and details ->> 'deviceName' is not null
        and subject in (select registration_id::text from registrations where edition_id = ${editionId})`,
    },
  ],
} as const satisfies Record<string, (editionId: string) => Erasure[]>

type RetentionStepName = keyof typeof steps

const noCounts = (): RetentionCounts => ({
  registrations: 0,
  checkIns: 0,
  mails: 0,
  waitingListEntries: 0,
  refunds: 0,
  auditEntries: 0,
})

async function countErasure(db: Executor, erasure: Erasure): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.raw(erasure.table)} where ${erasure.where}`,
  )
  return Number(row?.n ?? 0)
}

async function applyErasure(db: Executor, erasure: Erasure): Promise<number> {
  const statement = erasure.set
    ? sql`update ${sql.raw(erasure.table)} set ${erasure.set} where ${erasure.where} returning 1`
    : sql`delete from ${sql.raw(erasure.table)} where ${erasure.where} returning 1`
  return (await queryRows(db, statement)).length
}

interface EditionDue {
  editionId: string
  retentionEndsAt: number
  due: boolean
}

/** Every edition with the end of its retention period, the latest event first. */
async function editionsWithRetention(deps: RetentionDeps): Promise<EditionDue[]> {
  const now = deps.clock()
  return (await listEditions(deps)).map(({ edition }) => {
    const retentionEndsAt = editionRetentionEndsAt(edition)
    return { editionId: edition.id, retentionEndsAt, due: now > retentionEndsAt }
  })
}

/**
 * Members whose account goes: a registration or a waiting-list entry in an erased edition, none in a kept one
 * (an edition still to come counts as kept). Someone with neither has just signed up, or never registered, and
 * keeps the account (decision 161).
 */
async function accountsToDelete(db: Executor, erased: readonly string[]): Promise<string[]> {
  if (erased.length === 0) return []
  const erasedList = sql.join(
    erased.map((id) => sql`${id}`),
    sql`, `,
  )
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`with taking_part as (
          select user_id, edition_id from registrations
          union all select user_id, edition_id from waiting_list_entries)
        select u.user_id from users u
        where u.erased_at is null
          and exists (select 1 from taking_part t where t.user_id = u.user_id and t.edition_id in (${erasedList}))
          and not exists (select 1 from taking_part t
                          where t.user_id = u.user_id and t.edition_id not in (${erasedList}))
        order by u.user_id`,
  )
  return rows.map((row) => row.user_id)
}

/**
 * One account: Cognito's user first, then, in one transaction, the profile, the club-activity X username and the
 * e-mail address kept here; the users row stays as a bare id because the accounts' registrations name it. A run
 * stopped between the two finds the account again and Cognito answers it absent.
 */
async function deleteAccount(deps: RetentionDeps, userId: string): Promise<void> {
  const cognito = await deps.memberAccounts.delete(userId)
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`delete from profiles where user_id = ${userId}::uuid`)
    await tx.execute(sql`delete from registration_additional_info where user_id = ${userId}::uuid`)
    await tx.execute(
      sql`update users set email = null, email_verified = null, email_synced_at = null,
            erased_at = ${new Date(deps.clock()).toISOString()}::timestamptz
          where user_id = ${userId}::uuid`,
    )
  })
  deps.logger.info('Retention deleted a member account', { userId, cognito })
}

function report(
  now: number,
  dryRun: boolean,
  editions: RetentionEdition[],
  accounts: number,
): RetentionReport {
  const changed =
    accounts > 0 || editions.some((edition) => Object.values(countsOf(edition)).some((count) => count > 0))
  return { at: now, dryRun, changed, editions, accounts }
}

function countsOf(edition: RetentionEdition): RetentionCounts {
  const { editionId: _id, retentionEndsAt: _ends, due: _due, ...counts } = edition
  return counts
}

/** The dry run: per edition, when it is due and what a run would erase of it (now, or once due). Changes nothing. */
export async function previewRetention(deps: RetentionDeps): Promise<RetentionReport> {
  const now = deps.clock()
  const editions = await editionsWithRetention(deps)
  const listed: RetentionEdition[] = []
  for (const edition of editions) {
    const counts = noCounts()
    for (const build of Object.values(steps)) {
      for (const erasure of build(edition.editionId)) {
        counts[erasure.kind] += await countErasure(deps.db, erasure)
      }
    }
    listed.push({ ...edition, ...counts })
  }
  const erased = editions.filter((edition) => edition.due).map((edition) => edition.editionId)
  const accounts = (await accountsToDelete(deps.db, erased)).length
  return report(now, true, listed, accounts)
}

/**
 * Erases what is due and records the run in the staff audit trail, as `actor` (the committee member who asked,
 * or {@link retentionJobActor}). A run that fails is recorded with its error and what it did so far, and throws.
 */
export async function runRetention(deps: RetentionDeps, actor: AuditActor): Promise<RetentionReport> {
  const now = deps.clock()
  const editions = await editionsWithRetention(deps)
  const listed: RetentionEdition[] = editions.map((edition) => ({ ...edition, ...noCounts() }))
  let accounts = 0
  const audit = (details: Record<string, unknown>) =>
    recordAudit(deps.db, {
      at: new Date(deps.clock()),
      actor,
      action: 'retentionRun',
      subject: 'retention',
      details: {
        ...details,
        accounts,
        editions: listed
          .filter((edition) => edition.due)
          .map(({ editionId, ...rest }) => ({ editionId, ...rest })),
      },
    })
  try {
    const erased = editions.filter((edition) => edition.due).map((edition) => edition.editionId)
    // Accounts first: who goes is read from the registrations and waiting-list entries the steps below keep or
    // delete, so a waiting-list-only member is still found by a run that resumes after their entry went.
    for (const userId of await accountsToDelete(deps.db, erased)) {
      await deleteAccount(deps, userId)
      accounts++
    }
    for (const edition of listed) {
      if (!edition.due) continue
      for (const [name, build] of Object.entries(steps) as [RetentionStepName, (id: string) => Erasure[]][]) {
        const counted = await deps.db.transaction(async (tx) => {
          const counts = noCounts()
          for (const erasure of build(edition.editionId))
            counts[erasure.kind] += await applyErasure(tx, erasure)
          await deps.afterStep?.({ editionId: edition.editionId, step: name })
          return counts
        })
        // Counted once committed: a step that rolled back erased nothing.
        for (const [kind, count] of Object.entries(counted) as [RetentionKind, number][])
          edition[kind] += count
      }
    }
  } catch (error) {
    deps.logger.error('Retention run stopped; the next run finishes it', { error, accounts })
    await audit({ error: error instanceof Error ? error.message : String(error) })
    throw error
  }
  const done = report(now, false, listed, accounts)
  await audit({ changed: done.changed })
  deps.logger.info('Retention run', {
    changed: done.changed,
    accounts,
    editions: listed.filter((edition) => edition.due),
  })
  return done
}
