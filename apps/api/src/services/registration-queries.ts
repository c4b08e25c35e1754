import { paymentStatusOf, type RegistrationState } from '@furfes/core'
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { oneOf } from '../db/columns.ts'
import type { Executor } from '../db/database.ts'
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

/** The member's current registration as stored (a pending one past its expiry is still pending here). */
export const currentRegistrationOf = (executor: Executor, userId: string) =>
  firstRegistration(executor, eq(registrations.userId, userId), currentRegistrationFirst(registrations))

/** The member's live registration, if any. */
export const liveRegistrationOf = (executor: Executor, userId: string) =>
  firstRegistration(
    executor,
    and(eq(registrations.userId, userId), inArray(registrations.paymentStatus, liveStatuses)),
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
