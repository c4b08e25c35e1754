import { type RegistrationTier, registrationTiers } from '@furfes/core'
import { type SQL, sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows } from '../db/database.ts'
import { tierInventory } from '../db/schema.ts'
import type { MailKind } from '../mail/templates.ts'
import { readCurrentEdition } from './editions.ts'
import { eventCancelledIn } from './event-cancellation-run.ts'

/*
 * The inventory: the one owner of `tier_inventory.taken`, the number of spots of a tier of an edition that
 * something holds (decision 158: each edition has its own spots). Every statement that changes the count, or
 * decides from it whether a spot is free to take, is in this file (the public read is availability.ts). After every transaction, for every edition and tier:
 *
 *   taken = pending registrations + paid registrations + open waiting-list offers
 *           + upgrades awaiting their payment (of their target tier, decision 169),   taken <= capacity
 *
 * A hold is a row that counts: a pending registration (until its claim or checkout session runs out) or a
 * waiting-list offer (until its deadline, decision 115). Taking a spot checks `taken < capacity` on the locked
 * inventory row in the statement that creates the hold, so two takers never pass the capacity. Ending a hold
 * changes the row and the count in one statement, and only rows that statement changed give a spot back, so a
 * spot comes back exactly once whatever runs concurrently (a webhook, a lazy read, the sweep, another
 * instance). Raising the capacity only raises the bound; lowering it below `taken` takes nothing away. An add-on's
 * places follow the same rule (decision 178): `addon_products.taken` = its pending and paid purchases <= capacity.
 */

const holds = {
  registration: {
    table: 'registrations',
    status: 'payment_status',
    holding: 'pending',
    columns: 'registration_id, edition_id, registration_tier, checkout_session_id',
  },
  offer: {
    table: 'waiting_list_entries',
    status: 'status',
    holding: 'offered',
    columns: 'entry_id, edition_id, registration_tier',
  },
} as const

/**
 * The statement ending the holds of `kind` that match `condition` as `to`, or removing them (`to: null`: a hold
 * that never became anything its member should see), and giving their spots back. `mails` is a statement over
 * the CTE `ended` (the rows it ended) that writes the mails owed (or unlinks what named a removed row); it
 * answers the ended rows.
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
        select edition_id, registration_tier, count(*)::int as n from ended group by edition_id, registration_tier
      ), restored as (
        update tier_inventory t set taken = t.taken - c.n
        from counts c where t.edition_id = c.edition_id and t.registration_tier = c.registration_tier
        returning t.registration_tier
      ), mails as (
        ${options.mails}
      )
      select ${sql.raw(columns)} from ended`
}

/**
 * The conditional UPDATE and the INSERT as one statement: the spot and the registration exist together or not
 * at all. The UPDATE's row lock makes concurrent takers of a tier wait for each other, and each re-checks
 * `taken < capacity` on the row as the previous one left it. A second live registration of the same user fails
 * on the unique index and takes the spot back with it. While anybody waits for the tier, a free spot belongs to
 * the waiting list (it is being offered), not to whoever asks first (decision 115). Parameters: tier, registration
 * id, user id, badge name, T-shirt size, changing room, price, claim end, now, language, edition.
 */
export const takeSpotStatement = {
  name: 'take_spot',
  text: `
    with spot as (
      update tier_inventory set taken = taken + 1
      where edition_id = $11 and registration_tier = $1 and taken < capacity
        and not exists (
          select 1 from waiting_list_entries
          where edition_id = $11 and registration_tier = $1 and status = 'waiting')
      returning edition_id, registration_tier
    )
    insert into registrations (
      registration_id, edition_id, user_id, registration_tier, badge_name, t_shirt_size, changing_room_type,
      payment_status, amount_jpy, expires_at, created_at, updated_at, language, rules_agreed_at, access_needs
    )
    select $2::uuid, spot.edition_id, $3::uuid, spot.registration_tier, $4::text, $5::text, $6::text, 'pending',
      $7::integer, $8::timestamptz, $9::timestamptz, $9::timestamptz, $10::text, $9::timestamptz, $12::text
    from spot
    returning registration_id`,
}

/** The spots of one tier of one edition. */
export interface TierOfEdition {
  editionId: string
  tier: RegistrationTier
}

/** The places of one add-on product of one edition, counted in `addon_products.taken` (decision 178). */
export type AddonOfEdition = { editionId: string; addon: string }

/** The counter row of a tier's spots or an add-on's places, and the statement condition that picks it. */
const counterOf = (spot: TierOfEdition | AddonOfEdition) =>
  'tier' in spot
    ? [sql`tier_inventory`, sql`edition_id = ${spot.editionId} and registration_tier = ${spot.tier}`]
    : [sql`addon_products`, sql`edition_id = ${spot.editionId} and code = ${spot.addon}`]

/**
 * A late payment takes a spot of its tier again (decision 141), a move takes one of the new tier (decision 167), a
 * purchase a place of an add-on (decision 178, in the transaction inserting it; the row lock orders takers): false
 * when none is free. A move leaves a spot somebody waits for to the waiting list (`waitingFirst`).
 */
export async function retakeSpot(
  executor: Executor,
  spot: TierOfEdition | AddonOfEdition,
  waitingFirst = false,
): Promise<boolean> {
  const [counter, row] = counterOf(spot)
  const nobodyWaits =
    waitingFirst && 'tier' in spot
      ? sql`and not exists (select 1 from waiting_list_entries w
          where w.edition_id = ${spot.editionId} and w.registration_tier = ${spot.tier} and w.status = 'waiting')`
      : sql``
  const taken = await queryRows(
    executor,
    sql`update ${counter} set taken = taken + 1 where ${row} and taken < capacity ${nobodyWaits} returning taken`,
  )
  return taken.length > 0
}

/**
 * Gives the spot of a PAID registration of `tier` back (it ended, or moved to another tier) and offers it to the
 * people waiting (`offer`), in the caller's transaction; or the place of an add-on purchase whose hold the
 * caller's statement just ended. Pending registrations end through endHolds instead.
 */
export async function returnPaidSpot(
  executor: Executor,
  spot: TierOfEdition | AddonOfEdition,
  offer: ((executor: Executor, tier: RegistrationTier) => Promise<unknown>) | undefined,
): Promise<void> {
  const [counter, row] = counterOf(spot)
  await executor.execute(sql`update ${counter} set taken = greatest(taken - 1, 0) where ${row}`)
  if ('tier' in spot) await offer?.(executor, spot.tier)
}

export interface OfferedEntry {
  entry_id: string
  registration_tier: RegistrationTier
}

const offerMade: MailKind = 'waiting_list_offer'
const hourMs = 60 * 60 * 1000

/**
 * Turns the free spots of a tier (or of every tier) of the current edition into offers for the first people
 * waiting, in list order (never after an event-cancelled refund run has started), each held for the edition's
 * `offerHours` (or `offerMs` when configured), and owes each of them the offer mail, in one transaction. A past
 * edition's spots are never offered: its event is over or no longer sold. The inventory rows with a free spot
 * and somebody waiting are locked first; the offering statement, which runs after the lock with a fresh
 * snapshot (READ COMMITTED), then sees every spot and entry as the last writer left it, so two instances
 * offering at once neither offer one spot twice nor pass anybody over. PGlite runs one transaction at a time.
 */
export async function offerReturnedSpots(
  executor: Executor,
  options: { tier?: RegistrationTier | undefined; now: number; offerMs: number | undefined },
): Promise<OfferedEntry[]> {
  const { now } = options
  const ofTier = sql`and i.edition_id = (select edition_id from current_edition where id = 1) ${
    options.tier ? sql`and i.registration_tier = ${options.tier}` : sql``
  }`
  return executor.transaction(async (tx) => {
    const locked = await queryRows<{ registration_tier: string }>(
      tx,
      sql`select i.registration_tier from tier_inventory i
          where i.taken < i.capacity ${ofTier}
            and exists (select 1 from waiting_list_entries w
                        where w.edition_id = i.edition_id and w.registration_tier = i.registration_tier
                          and w.status = 'waiting')
            -- Once the edition's event is called off (decisions 113, 162) no spot is offered: nothing to attend.
            and not ${eventCancelledIn(sql`i.edition_id`)}
          order by i.registration_tier
          for update`,
    )
    if (locked.length === 0) return []
    // The current edition's offer duration (decision 155), read in this transaction: the spots are its own.
    const offerMs =
      options.offerMs ?? (await readCurrentEdition({ db: tx, clock: () => now })).edition.offerHours * hourMs
    return queryRows<OfferedEntry>(
      tx,
      sql`
        with free as (
          select i.edition_id, i.registration_tier, i.capacity - i.taken as n from tier_inventory i
          where i.taken < i.capacity ${ofTier}
        ), queue as (
          select w.entry_id, w.edition_id, w.registration_tier,
            row_number() over (partition by w.edition_id, w.registration_tier order by w.position) as place
          from waiting_list_entries w join free f
            on f.edition_id = w.edition_id and f.registration_tier = w.registration_tier
          where w.status = 'waiting'
        ), chosen as (
          select q.entry_id from queue q join free f
            on f.edition_id = q.edition_id and f.registration_tier = q.registration_tier
          where q.place <= f.n
        ), offered as (
          update waiting_list_entries w
          set status = 'offered', offered_at = ${iso(now)}::timestamptz,
            offer_expires_at = ${iso(now + offerMs)}::timestamptz, updated_at = ${iso(now)}::timestamptz
          from chosen c where w.entry_id = c.entry_id and w.status = 'waiting'
          returning w.entry_id, w.edition_id, w.registration_tier
        ), counts as (
          select edition_id, registration_tier, count(*)::int as n from offered group by edition_id, registration_tier
        ), held as (
          update tier_inventory t set taken = t.taken + c.n
          from counts c where t.edition_id = c.edition_id and t.registration_tier = c.registration_tier
          returning t.registration_tier
        ), mails as (
          insert into mail_outbox (mail_id, kind, waiting_entry_id, next_attempt_at, created_at)
          select gen_random_uuid(), ${offerMade}, entry_id, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
          from offered
          on conflict (waiting_entry_id, kind) do nothing
        )
        select entry_id, registration_tier from offered`,
    )
  })
}

export interface EndedUpgradeHold {
  change_id: string
  registration_id: string
  registration_tier: RegistrationTier
  checkout_session_id: string | null
}

/**
 * Ends the holds of upgrades awaiting their payment that match `condition` (their session expired or was
 * withdrawn, decision 169) and gives their target tier's spots back, in one statement: only the rows it ended
 * give a spot back. The caller offers the spots on.
 */
export function endUpgradeHolds(executor: Executor, condition: SQL): Promise<EndedUpgradeHold[]> {
  return queryRows<EndedUpgradeHold>(
    executor,
    sql`
      with ended as (
        update tier_changes set status = 'expired'
        where status = 'awaiting_payment' and (${condition})
        returning change_id, registration_id, edition_id, to_tier, checkout_session_id
      ), counts as (
        select edition_id, to_tier, count(*)::int as n from ended group by edition_id, to_tier
      ), restored as (
        update tier_inventory t set taken = t.taken - c.n
        from counts c where t.edition_id = c.edition_id and t.registration_tier = c.to_tier
        returning t.registration_tier
      )
      select change_id, registration_id, to_tier as registration_tier, checkout_session_id from ended`,
  )
}

/**
 * Writes an edition's capacity of every tier (at start, and when the committee saves the current edition or
 * makes another one current, decisions 155 and 158). Spots already held stay held; a tier seen for the first
 * time counts the registrations and offers of the edition that hold its spots.
 */
export async function syncTierCapacities(
  db: Executor,
  editionId: string,
  capacities: Readonly<Record<RegistrationTier, number>>,
): Promise<void> {
  for (const tier of registrationTiers) {
    await db
      .insert(tierInventory)
      .values({
        editionId,
        registrationTier: tier,
        capacity: capacities[tier],
        taken: sql`(select count(*)::int from registrations
            where edition_id = ${editionId} and registration_tier = ${tier} and payment_status in ('pending', 'paid'))
          + (select count(*)::int from waiting_list_entries
            where edition_id = ${editionId} and registration_tier = ${tier} and status = 'offered')
          + (select count(*)::int from tier_changes
            where edition_id = ${editionId} and to_tier = ${tier} and status = 'awaiting_payment')`,
      })
      .onConflictDoUpdate({
        target: [tierInventory.editionId, tierInventory.registrationTier],
        set: { capacity: capacities[tier] },
      })
  }
}
