import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { type Database, queryRows } from '../../src/db/database.ts'

/**
 * Per tier: what the counter says is taken, and what holds a spot: live (pending or paid) registrations, upgrades
 * awaiting their payment (counted with the registrations, decision 169) and open waiting-list offers (decision 115). The two must always agree, and never pass the capacity.
 */
export async function spotAccounting(
  database: Database,
): Promise<{ tier: string; capacity: number; taken: number; registrations: number; offers: number }[]> {
  const rows = await queryRows<{
    tier: string
    capacity: number
    taken: number
    registrations: number
    offers: number
  }>(
    database.db,
    sql`select i.registration_tier as tier, i.capacity, i.taken,
          (select count(*)::int from registrations r
           where r.edition_id = i.edition_id and r.registration_tier = i.registration_tier
             and r.payment_status in ('pending', 'paid'))
          + (select count(*)::int from tier_changes c
             where c.edition_id = i.edition_id and c.to_tier = i.registration_tier
               and c.status = 'awaiting_payment') as registrations,
          (select count(*)::int from waiting_list_entries w
           where w.edition_id = i.edition_id and w.registration_tier = i.registration_tier
             and w.status = 'offered') as offers
        from tier_inventory i
        where i.edition_id = (select edition_id from current_edition)
        order by i.registration_tier`,
  )
  return rows.map((row) => ({
    tier: row.tier,
    capacity: Number(row.capacity),
    taken: Number(row.taken),
    registrations: Number(row.registrations),
    offers: Number(row.offers),
  }))
}

/** Per add-on product of every edition (decision 178): the counter, the capacity and the purchases holding a place. */
export async function addonAccounting(
  database: Database,
): Promise<{ code: string; capacity: number; taken: number; holding: number }[]> {
  const rows = await queryRows<{ code: string; capacity: number; taken: number; holding: number }>(
    database.db,
    sql`select p.edition_id || '/' || p.code as code, p.capacity, p.taken,
          (select count(*)::int from addon_purchases a
           where a.edition_id = p.edition_id and a.product_code = p.code and a.status in ('pending', 'paid')) as holding
        from addon_products p order by p.edition_id, p.code`,
  )
  return rows.map((row) => ({
    code: row.code,
    capacity: Number(row.capacity),
    taken: Number(row.taken),
    holding: Number(row.holding),
  }))
}

/**
 * The inventory's invariant (src/services/inventory.ts) for every tier and add-on: the counter equals the holds,
 * and never passes the capacity. useTestApi checks it after every test.
 */
export async function expectSpotsAccountedFor(database: Database): Promise<void> {
  for (const row of await addonAccounting(database)) {
    expect({ addon: row.code, taken: row.taken }).toEqual({ addon: row.code, taken: row.holding })
    expect(row.taken, `add-on ${row.code}`).toBeLessThanOrEqual(row.capacity)
  }
  for (const row of await spotAccounting(database)) {
    expect({ tier: row.tier, taken: row.taken }).toEqual({
      tier: row.tier,
      taken: row.registrations + row.offers,
    })
    expect(row.taken, `tier ${row.tier}`).toBeLessThanOrEqual(row.capacity)
  }
}
