import { type SQL, sql } from 'drizzle-orm'

/*
 * A hold is a row that counts in `tier_inventory.taken`: a pending registration, or a waiting-list offer. Ending
 * holds is one statement, written here once: the rows still holding change status, their spots go back to their
 * tiers, and the mails owed are written from the same rows. Only rows the statement changed give a spot back,
 * so a spot comes back exactly once whatever runs concurrently.
 */

const holds = {
  registration: {
    table: 'registrations',
    status: 'payment_status',
    holding: 'pending',
    columns: 'registration_id, registration_tier, checkout_session_id',
  },
  offer: {
    table: 'waiting_list_entries',
    status: 'status',
    holding: 'offered',
    columns: 'entry_id, registration_tier',
  },
} as const

const iso = (epochMs: number) => new Date(epochMs).toISOString()

/**
 * The statement ending the holds of `kind` that match `condition` as `to`, or removing them (`to: null`: a hold
 * that never became anything its member should see). `mails` is a statement over the CTE `ended` (the rows it
 * ended) that writes the mails owed (or unlinks what named a removed row); it answers the ended rows.
 */
export function endHolds(
  kind: keyof typeof holds,
  options: { to: string | null; condition: SQL; now: number; mails: SQL },
): SQL {
  const { table, status, holding, columns } = holds[kind]
  const which = sql`where ${sql.raw(`${status} = '${holding}'`)} and (${options.condition})`
  const end =
    options.to === null
      ? sql`delete from ${sql.raw(table)} ${which}`
      : sql`update ${sql.raw(table)} set ${sql.raw(status)} = ${options.to}, updated_at = ${iso(options.now)}::timestamptz ${which}`
  return sql`
      with ended as (
        ${end}
        returning ${sql.raw(columns)}
      ), counts as (
        select registration_tier, count(*)::int as n from ended group by registration_tier
      ), restored as (
        update tier_inventory t set taken = t.taken - c.n
        from counts c where t.registration_tier = c.registration_tier
        returning t.registration_tier
      ), mails as (
        ${options.mails}
      )
      select ${sql.raw(columns)} from ended`
}
