import type {
  CheckInItem,
  CheckInPage,
  CheckInRecord,
  CheckInRefusalReason,
  CheckInRejectionReason,
  CheckInResult,
  Clock,
} from '@furfes/core'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type Executor, sqlState, uniqueViolation } from '../db/database.ts'
import { checkInStates, checkIns, registrations } from '../db/schema.ts'
import { recordAudit } from './audit.ts'
import { openRefundAttempt } from './refund-attempts.ts'

/*
 * Reception check-ins (decisions 070 and 073). Each uploaded item is decided in a transaction of its own:
 *
 * 1. The registration's row in check_in_states is locked (created first if missing), so the items of one
 *    registration are decided one at a time across every API instance: the first to take the lock wins.
 * 2. An id already stored is answered as it was stored (a device resent a batch whose answer it lost).
 * 3. The record is inserted under the log's advisory lock, held until commit, so `seq` numbers commit in the
 *    order they are drawn and GET /admin/check-ins can never pass a number that becomes visible later.
 *
 * A check-in of a registration that is not paid, or whose refund is under way, is refused (rejected, not_paid or
 * canceled), whatever the device believed: the API decides who may be checked in (decision 078). A check-in made by scanning carries the code,
 * which must be one the API signed for that registration and the current edition (decision 159). An undo is
 * decided on its target alone.
 *
 * One item per transaction keeps locks short and means a transaction never holds two registrations' locks,
 * so uploads from several devices cannot deadlock.
 */

/** Records per page of GET /admin/check-ins. */
export const checkInPageSize = 1000

/** An arbitrary constant beside the migration lock (727_001): the check-in log's append lock. */
const checkInLogLockKey = 727_002

export interface CheckInService {
  /** Decides and stores each item in order; one answer per item. */
  upload(items: readonly CheckInItem[], adminId: string): Promise<CheckInResult[]>
  /**
   * The records of an edition stored after `since` (a cursor this service gave out; 0 for the start), oldest
   * first.
   */
  page(since: number, editionId: string): Promise<CheckInPage>
}

/** A cursor is the decimal `seq` of the last record a page returned; anything else is not one of ours. */
export function parseCheckInCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return 0
  if (!/^(0|[1-9]\d{0,14})$/.test(cursor)) return undefined
  return Number(cursor)
}

type Decision =
  | { status: 'accepted' }
  | { status: 'duplicate'; firstCheckInId: string }
  | { status: 'rejected'; reason: CheckInRejectionReason }

const first = alias(checkIns, 'first_check_in')

export function createCheckInService(options: {
  db: Executor
  clock: Clock
  /** Why a scanned code may not check its registration in (another edition, not ours), or undefined. */
  checkCode: (code: string, registrationId: string) => Promise<CheckInRefusalReason | undefined>
}): CheckInService {
  const { db, clock } = options

  /** The answer an item got when it was stored, rebuilt from the (immutable) records. */
  async function storedAnswer(executor: Executor, id: string): Promise<CheckInResult | undefined> {
    const [row] = await executor
      .select({
        status: checkIns.status,
        reason: checkIns.reason,
        firstId: first.id,
        firstDeviceId: first.deviceId,
        firstDeviceName: first.deviceName,
        firstCheckedInAt: first.checkedInAt,
      })
      .from(checkIns)
      .leftJoin(first, eq(first.id, checkIns.firstCheckInId))
      .where(eq(checkIns.id, id))
    if (!row) return undefined
    if (row.status === 'duplicate' && row.firstId !== null && row.firstDeviceId !== null) {
      return {
        id,
        status: 'duplicate',
        firstCheckIn: {
          id: row.firstId,
          deviceId: row.firstDeviceId,
          ...(row.firstDeviceName === null ? {} : { deviceName: row.firstDeviceName }),
          checkedInAt: (row.firstCheckedInAt ?? new Date(0)).getTime(),
        },
      }
    }
    if (row.status === 'rejected') {
      if (row.reason === null) throw new Error(`The refused check-in ${id} was stored without its reason`)
      return { id, status: 'rejected', reason: row.reason }
    }
    return { id, status: 'accepted' }
  }

  async function decide(
    tx: Executor,
    item: CheckInItem,
    paymentStatus: string,
    inForce: string | null,
    codeRefusal: CheckInRefusalReason | undefined,
  ): Promise<{ decision: Decision; nextInForce: string | null }> {
    if (item.kind === 'check_in') {
      if (codeRefusal) return { decision: { status: 'rejected', reason: codeRefusal }, nextInForce: inForce }
      if (paymentStatus !== 'paid') {
        const reason = paymentStatus === 'canceled' ? 'canceled' : 'not_paid'
        return { decision: { status: 'rejected', reason }, nextInForce: inForce }
      }
      if (inForce !== null) {
        return { decision: { status: 'duplicate', firstCheckInId: inForce }, nextInForce: inForce }
      }
      // A refund asked for (or done) is a cancellation under way: the participant who cancelled on My Page is
      // not let in while the provider answers (decision 165).
      if ((await openRefundAttempt(tx, item.registrationId)) !== undefined) {
        return { decision: { status: 'rejected', reason: 'canceled' }, nextInForce: inForce }
      }
      return { decision: { status: 'accepted' }, nextInForce: item.id }
    }
    const [target] =
      item.undoes === undefined
        ? []
        : await tx
            .select({ id: checkIns.id, registrationId: checkIns.registrationId, kind: checkIns.kind })
            .from(checkIns)
            .where(eq(checkIns.id, item.undoes))
    // An undo names a check-in of its own registration; anything else names no check-in it could undo.
    if (target?.kind !== 'check_in' || target.registrationId !== item.registrationId) {
      return { decision: { status: 'rejected', reason: 'undo_target_not_found' }, nextInForce: inForce }
    }
    if (target.id !== inForce) {
      return { decision: { status: 'rejected', reason: 'undo_target_not_active' }, nextInForce: inForce }
    }
    return { decision: { status: 'accepted' }, nextInForce: null }
  }

  async function receiveIn(
    tx: Executor,
    item: CheckInItem,
    adminId: string,
    codeRefusal: CheckInRefusalReason | undefined,
  ): Promise<CheckInResult> {
    const now = new Date(clock())
    const [registration] = await tx
      .select({ id: registrations.registrationId, paymentStatus: registrations.paymentStatus })
      .from(registrations)
      .where(eq(registrations.registrationId, item.registrationId))
    let inForce: string | null = null
    if (registration) {
      await tx
        .insert(checkInStates)
        .values({ registrationId: item.registrationId, checkInId: null, updatedAt: now })
        .onConflictDoNothing()
      const [state] = await tx
        .select({ checkInId: checkInStates.checkInId })
        .from(checkInStates)
        .where(eq(checkInStates.registrationId, item.registrationId))
        .for('update')
      inForce = state?.checkInId ?? null
    }
    // Looked up after the lock: a resend racing its original waits for it and then finds it.
    const known = await storedAnswer(tx, item.id)
    if (known) return known

    const { decision, nextInForce } = registration
      ? await decide(tx, item, registration.paymentStatus, inForce, codeRefusal)
      : {
          decision: { status: 'rejected', reason: 'unknown_registration' } as const,
          nextInForce: null,
        }

    await tx.execute(sql`select pg_advisory_xact_lock(${checkInLogLockKey})`)
    await tx.insert(checkIns).values({
      id: item.id,
      registrationId: item.registrationId,
      deviceId: item.deviceId,
      deviceName: item.deviceName ?? null,
      checkedInAt: new Date(item.checkedInAt),
      kind: item.kind,
      undoes: item.undoes ?? null,
      status: decision.status,
      reason: decision.status === 'rejected' ? decision.reason : null,
      firstCheckInId: decision.status === 'duplicate' ? decision.firstCheckInId : null,
      receivedAt: now,
      receivedBy: adminId,
    })
    if (item.kind === 'undo' && decision.status === 'accepted') {
      // Undoing a check-in overrides the door's record: the audit trail keeps who did it (decision 157).
      await recordAudit(tx, {
        at: now,
        actor: { id: adminId },
        action: 'checkInUndone',
        subject: item.registrationId,
        details: {
          undoes: item.undoes,
          checkInId: item.id,
          deviceId: item.deviceId,
          deviceName: item.deviceName ?? null,
        },
      })
    }
    if (registration && nextInForce !== inForce) {
      await tx
        .update(checkInStates)
        .set({ checkInId: nextInForce, updatedAt: now })
        .where(eq(checkInStates.registrationId, item.registrationId))
    }
    if (decision.status === 'duplicate') {
      const answer = await storedAnswer(tx, item.id)
      if (!answer) throw new Error('A stored check-in could not be read back')
      return answer
    }
    return decision.status === 'rejected'
      ? { id: item.id, status: 'rejected', reason: decision.reason }
      : { id: item.id, status: 'accepted' }
  }

  async function receive(item: CheckInItem, adminId: string): Promise<CheckInResult> {
    // Checked before the registration's lock is taken: the signature check needs nothing the lock guards.
    const codeRefusal =
      item.kind === 'check_in' && item.code !== undefined
        ? await options.checkCode(item.code, item.registrationId)
        : undefined
    try {
      return await db.transaction((tx) => receiveIn(tx as unknown as Executor, item, adminId, codeRefusal))
    } catch (error) {
      // The same id committed meanwhile under another registration's lock (or none): answer it as stored.
      if (sqlState(error) !== uniqueViolation) throw error
      const stored = await storedAnswer(db, item.id)
      if (!stored) throw error
      return stored
    }
  }

  return {
    async upload(items, adminId) {
      const results: CheckInResult[] = []
      for (const item of items) results.push(await receive(item, adminId))
      return results
    },

    async page(since, editionId) {
      // The edition's records, those naming no registration at all (refused as unknown) and the refusals of a
      // code of another edition (decision 159), which every door device must learn of; any other record of a
      // registration of another edition is that edition's (decision 158).
      const rows = await db
        .select()
        .from(checkIns)
        .where(
          and(
            gt(checkIns.seq, since),
            sql`(${checkIns.reason} = 'other_edition' or not exists (select 1 from registrations r
              where r.registration_id = ${checkIns.registrationId} and r.edition_id <> ${editionId}))`,
          ),
        )
        .orderBy(asc(checkIns.seq))
        .limit(checkInPageSize + 1)
      const page = rows.slice(0, checkInPageSize)
      const last = page.at(-1)
      return {
        items: page.map(toRecord),
        nextCursor: String(last?.seq ?? since),
        hasMore: rows.length > page.length,
      }
    },
  }
}

function toRecord(row: typeof checkIns.$inferSelect): CheckInRecord {
  return {
    id: row.id,
    registrationId: row.registrationId,
    deviceId: row.deviceId,
    ...(row.deviceName === null ? {} : { deviceName: row.deviceName }),
    checkedInAt: row.checkedInAt.getTime(),
    kind: row.kind,
    ...(row.undoes === null ? {} : { undoes: row.undoes }),
    status: row.status,
    ...(row.firstCheckInId === null ? {} : { firstCheckInId: row.firstCheckInId }),
    ...(row.reason === null ? {} : { reason: row.reason }),
    receivedAt: row.receivedAt.getTime(),
  }
}
