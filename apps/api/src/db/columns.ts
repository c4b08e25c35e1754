import { refundSources, registrationTiers } from '@furfes/core'
import { type SQL, sql } from 'drizzle-orm'
import { integer, type PgColumn, text, timestamp } from 'drizzle-orm/pg-core'

/*
 * Column builders the table files share, so a kind of column is declared one way everywhere. Every instant is a
 * timestamptz written from the injected clock, never from the database's now(), so tests control time.
 */

export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** A registration tier: core's tier list types the column, and `oneOf` builds its check from the same list. */
export const registrationTier = () => text('registration_tier', { enum: registrationTiers })

/** `column in ('a', 'b', …)`: a check that the column holds one of `values` (constants, written as literals). */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')
  return sql`${column} in (${sql.raw(literals)})`
}

/** What a refund audit record and a refund attempt both say about the refund. */
export const refundColumns = () => ({
  /** Yen given back; 0 when canceled without a refund (the policy's last week). */
  amountJpy: integer('amount_jpy').notNull(),
  /** What the published policy gave back at that moment, to compare overrides with. */
  policyAmountJpy: integer('policy_amount_jpy').notNull(),
  reason: text('reason'),
  source: text('source', { enum: refundSources }).notNull(),
  /** The admin (admins pool `sub`); null for a refund made outside the system. */
  staffUserId: text('staff_user_id'),
})

/** An instant of the injected clock as the text a statement casts to timestamptz. */
export const iso = (epochMs: number): string => new Date(epochMs).toISOString()
