import { type SQL, sql } from 'drizzle-orm'

/**
 * The common table expressions that give the spots held by the rows of `ended` (a preceding CTE returning
 * `registration_tier`) back to their tiers' `tier_inventory.taken`, in the statement that ended them: the one
 * way a released hold (a pending registration, a waiting-list offer) returns its spot. Only rows the statement
 * changed are in `ended`, so a spot comes back exactly once whatever runs concurrently.
 */
export function returnSpotsOf(ended: 'released' | 'ended'): SQL {
  return sql.raw(`counts as (
        select registration_tier, count(*)::int as n from ${ended} group by registration_tier
      ), restored as (
        update tier_inventory t set taken = t.taken - c.n
        from counts c where t.registration_tier = c.registration_tier
        returning t.registration_tier
      )`)
}
