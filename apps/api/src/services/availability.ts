import {
  type InventoryStatus,
  inventoryStatusOf,
  type RegistrationTier,
  registrationTiers,
} from '@furfes/core'
import { sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows } from '../db/database.ts'

/*
 * The public read of the inventory (inventory.ts owns the count): what each tier of an edition has left. It
 * writes nothing.
 */

export interface InventoryItem {
  registrationTier: RegistrationTier
  status: InventoryStatus
  capacity: number
  /** Paid plus live pending registrations. */
  held: number
}

/** What each tier of an edition has left, as the public sees it; holds past their expiry are not counted. */
export async function availability(db: Executor, editionId: string, now: number): Promise<InventoryItem[]> {
  const rows = await queryRows<{
    registration_tier: string
    capacity: number
    held: number
    waiting: boolean
  }>(
    db,
    sql`
      select i.registration_tier, i.capacity, i.taken - coalesce(x.n, 0) as held,
        exists (select 1 from waiting_list_entries w
                where w.edition_id = i.edition_id and w.registration_tier = i.registration_tier
                  and w.status = 'waiting') as waiting
      from tier_inventory i
      left join (
        select registration_tier, count(*)::int as n from registrations
        where edition_id = ${editionId} and payment_status = 'pending' and expires_at <= ${iso(now)}::timestamptz
        group by registration_tier
      ) x on x.registration_tier = i.registration_tier
      where i.edition_id = ${editionId}
    `,
  )
  const byTier = new Map(rows.map((row) => [row.registration_tier, row]))
  return registrationTiers.map((registrationTier) => {
    const row = byTier.get(registrationTier)
    const capacity = row?.capacity ?? 0
    const held = Number(row?.held ?? 0)
    // People waiting: any spot that looks free is theirs (being offered), not the public's.
    const soldOut = held >= capacity || row?.waiting === true
    return {
      registrationTier,
      capacity,
      held,
      status: soldOut ? ('sold_out' as const) : inventoryStatusOf(capacity, held),
    }
  })
}
