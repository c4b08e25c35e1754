import {
  type PaymentStatus,
  paymentStatusOf,
  type RegistrationHistoryItem,
  type RegistrationState,
} from '@furfes/core'
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { alias, type PgColumn } from 'drizzle-orm/pg-core'
import { oneOf } from '../db/columns.ts'
import { type Executor, queryRows } from '../db/database.ts'
import { registrations } from '../db/schema.ts'

/*
 * The registration a service works on, read one way everywhere. Which of a member's registrations is theirs now: the live one (pending or paid; the unique index
 * registrations_one_live_per_user allows one at most), else the newest that ended. The services and the admin
 * participant list all ask it this way.
 */

export type RegistrationRow = typeof registrations.$inferSelect

/** The statuses that hold a spot and make a registration a member's live one. */
const liveStatuses = ['pending', 'paid'] as const

/** Orders a member's rows so the open one (one at most) comes first, then the newest. */
export function openFirst(status: PgColumn, open: readonly string[], newest: PgColumn): SQL[] {
  return [sql`${oneOf(status, open)} desc`, desc(newest)]
}

/** The order that puts a member's current registration first, for `table` or an alias of it. */
export const currentRegistrationFirst = (table: { paymentStatus: PgColumn; createdAt: PgColumn }): SQL[] =>
  openFirst(table.paymentStatus, liveStatuses, table.createdAt)

/** The first registration matching `where` in `order`. */
async function firstRegistration(
  executor: Executor,
  where: SQL | undefined,
  order: SQL[] = [],
): Promise<RegistrationRow | undefined> {
  const [row] = await executor
    .select()
    .from(registrations)
    .where(where)
    .orderBy(...order)
    .limit(1)
  return row
}

/** A member's rows in one edition (decision 158): the member has at most one live registration in each. */
const ofMember = (userId: string, editionId: string) =>
  and(eq(registrations.userId, userId), eq(registrations.editionId, editionId))

/**
 * The member's current registration in an edition as stored (a pending one past its expiry is still pending
 * here).
 */
export const currentRegistrationOf = (executor: Executor, userId: string, editionId: string) =>
  firstRegistration(executor, ofMember(userId, editionId), currentRegistrationFirst(registrations))

/** The member's live registration in an edition, if any. */
export const liveRegistrationOf = (executor: Executor, userId: string, editionId: string) =>
  firstRegistration(
    executor,
    and(ofMember(userId, editionId), inArray(registrations.paymentStatus, liveStatuses)),
  )

export const registrationById = (executor: Executor, registrationId: string) =>
  firstRegistration(executor, eq(registrations.registrationId, registrationId))

/**
 * A statement's condition matching registrations in any of `states` (decision 141): a refunded registration is
 * stored as canceled with a payment time, a canceled one without.
 */
export function inRegistrationStates(states: readonly RegistrationState[]): SQL {
  if (states.length === 0) return sql`false`
  const each = states.map((state) => {
    const status = sql`payment_status = ${paymentStatusOf(state)}`
    if (state === 'refunded') return sql`(${status} and paid_at is not null)`
    if (state === 'canceled') return sql`(${status} and paid_at is null)`
    return status
  })
  return sql`(${sql.join(each, sql` or `)})`
}

interface PastRegistrationRow {
  edition_id: string
  name: { ja: string; en: string }
  event_date: string
  registration_tier: RegistrationHistoryItem['registrationTier']
  payment_status: PaymentStatus
  amount_jpy: number
  paid_at: string | Date | null
}

/**
 * The member's registration in each edition but `currentEditionId` (decision 158), the latest event first: in
 * each, the one that was theirs (live, else the newest). A hold left pending in a past edition never became a
 * payment, so it reads as expired.
 */
export async function pastRegistrationsOf(
  executor: Executor,
  userId: string,
  currentEditionId: string,
): Promise<RegistrationHistoryItem[]> {
  const rows = await queryRows<PastRegistrationRow>(
    executor,
    sql`select distinct on (r.edition_id) r.edition_id, e.settings -> 'name' as name,
          e.settings ->> 'eventDate' as event_date, r.registration_tier, r.payment_status, r.amount_jpy, r.paid_at
        from registrations r join editions e on e.edition_id = r.edition_id
        where r.user_id = ${userId}::uuid and r.edition_id <> ${currentEditionId}
        order by r.edition_id, ${sql.join(currentRegistrationFirst(alias(registrations, 'r')), sql`, `)}`,
  )
  return rows
    .sort((a, b) => b.event_date.localeCompare(a.event_date))
    .map((row) => ({
      editionId: row.edition_id,
      editionName: row.name,
      registrationTier: row.registration_tier,
      paymentStatus: row.payment_status === 'pending' ? 'expired' : row.payment_status,
      amountJpy: row.amount_jpy,
      ...(row.paid_at === null ? {} : { paidAt: new Date(row.paid_at).getTime() }),
    }))
}
