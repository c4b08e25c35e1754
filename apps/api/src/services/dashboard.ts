import {
  changingRoomTypes,
  complimentaryKinds,
  countDoorGoods,
  type Dashboard,
  eventTimeZone,
  type RegistrationTier,
  registrationTiers,
  tShirtSizes,
} from '@furfes/core'
import { sql } from 'drizzle-orm'
import { type Executor, queryRows } from '../db/database.ts'
import { goodsHandedOf } from './goods.ts'

/*
 * The staff dashboard's figures (decision 130), every one counted by the database in a single statement per
 * part, so they agree with each other and cost the same on PGlite and PostgreSQL. Money is what was paid: a
 * registration counts in the gross once it has a paid_at, and stays there if it is canceled later; the
 * refunded sum is its own column so net = gross - refunded.
 */

interface TierRow {
  registration_tier: string
  capacity: number
  taken: number
  paid: number
  pending: number
  revenue_gross_jpy: string | number
  revenue_refunded_jpy: string | number
  checked_in: number
  waiting: number
}

interface DayRow {
  date: string
  registration_tier: string
  registrations: number
}

interface SlotRow {
  slot_start: Date | string
  device_id: string
  device_name: string | null
  check_ins: number
}

const slotSeconds = 600

/**
 * The committee's figures of an edition (decision 158) at `now`, in the client shape; the route encodes them
 * with core's codec.
 */
export async function dashboard(db: Executor, editionId: string, now: number): Promise<Dashboard> {
  const tierRows = await queryRows<TierRow>(
    db,
    sql`
      select i.registration_tier, i.capacity, i.taken,
        count(r.registration_id) filter (where r.payment_status = 'paid')::int as paid,
        count(r.registration_id) filter (where r.payment_status = 'pending')::int as pending,
        coalesce(sum(r.amount_jpy) filter (where r.paid_at is not null), 0)::bigint as revenue_gross_jpy,
        -- Yen given back on cancellations after payment (decision 111): staff, Dashboard and event-cancelled.
        coalesce(sum(f.amount_jpy), 0)::bigint as revenue_refunded_jpy,
        count(s.registration_id) filter (where r.payment_status = 'paid')::int as checked_in,
        -- Still on the list: waiting for a spot or holding an offer not yet taken (decision 115).
        (select count(*) from waiting_list_entries w
          where w.edition_id = i.edition_id and w.registration_tier = i.registration_tier
            and w.status in ('waiting', 'offered'))::int as waiting
      from tier_inventory i
      left join registrations r on r.edition_id = i.edition_id and r.registration_tier = i.registration_tier
      left join check_in_states s on s.registration_id = r.registration_id and s.check_in_id is not null
      left join registration_refunds f on f.registration_id = r.registration_id
      where i.edition_id = ${editionId}
      group by i.edition_id, i.registration_tier, i.capacity, i.taken
    `,
  )
  const dayRows = await queryRows<DayRow>(
    db,
    sql`
      select to_char(r.paid_at at time zone ${eventTimeZone}, 'YYYY-MM-DD') as date, r.registration_tier,
        count(*)::int as registrations
      from registrations r
      where r.edition_id = ${editionId} and r.paid_at is not null
      group by 1, 2
      order by 1, 2
    `,
  )
  // Arrivals: the check-ins in force of paid registrations (an undone check-in was a mistake, a refused one never
  // let anyone in), by the device's clock, in 10-minute slots.
  const slotRows = await queryRows<SlotRow>(
    db,
    sql`
      with slots as (
        select to_timestamp(floor(extract(epoch from c.checked_in_at) / ${slotSeconds}) * ${slotSeconds}) as slot_start,
          c.device_id, count(*)::int as check_ins
        from check_in_states s
        join check_ins c on c.id = s.check_in_id
        join registrations r on r.registration_id = s.registration_id and r.payment_status = 'paid'
          and r.edition_id = ${editionId}
        group by 1, 2
      ),
      names as (
        select distinct on (n.device_id) n.device_id, n.device_name
        from check_ins n
        where n.device_name is not null and n.device_id in (select device_id from slots)
        order by n.device_id, n.seq desc
      )
      select slots.slot_start, slots.device_id, names.device_name, slots.check_ins
      from slots left join names on names.device_id = slots.device_id
      order by 1, 2
    `,
  )

  // The goods owed and handed out (decision 180), counted by core's one rule over the paid registrations.
  const [paidRows, handed] = await Promise.all([
    queryRows<{
      registration_id: string
      registration_tier: RegistrationTier
      t_shirt_size: string | null
      changing_room_type: string | null
    }>(
      db,
      sql`
        select registration_id, registration_tier, t_shirt_size, changing_room_type from registrations
        where edition_id = ${editionId} and payment_status = 'paid'
      `,
    ),
    goodsHandedOf(db, editionId),
  ])
  // Each add-on's places (decision 178): paid, and held by a checkout still open.
  const addonRows = await queryRows<{
    code: string
    name_ja: string
    name_en: string
    capacity: number
    paid: number
    pending: number
  }>(
    db,
    sql`
      select p.code, p.name_ja, p.name_en, p.capacity,
        (count(*) filter (where u.status = 'paid'))::int as paid,
        (count(*) filter (where u.status = 'pending'))::int as pending
      from addon_products p
      left join addon_purchases u on u.edition_id = p.edition_id and u.product_code = p.code
      where p.edition_id = ${editionId}
      group by p.code, p.name_ja, p.name_en, p.capacity
      order by p.code
    `,
  )
  // Registrations the desk gave without payment (decisions 185 and 191): in paid above, 0 JPY in the revenue.
  const complimentaryRows = await queryRows<{ kind: string; paid: number }>(
    db,
    sql`
      select complimentary_kind as kind, count(*)::int as paid from registrations
      where edition_id = ${editionId} and payment_status = 'paid' and complimentary_kind is not null
      group by complimentary_kind
    `,
  )
  const complimentaryPaid = new Map(complimentaryRows.map((row) => [row.kind, Number(row.paid)]))
  const door = countDoorGoods(
    paidRows.map((row) => ({
      tier: row.registration_tier,
      tShirtSize: row.t_shirt_size ?? undefined,
      changingRoomType: row.changing_room_type ?? undefined,
      handed: new Set(handed.get(row.registration_id)?.map((line) => line.goods)),
    })),
    tShirtSizes,
    changingRoomTypes,
  )

  const byTier = new Map(tierRows.map((row) => [row.registration_tier, row]))
  const tiers = registrationTiers.flatMap((tier) => {
    const row = byTier.get(tier)
    if (!row) return []
    const gross = Number(row.revenue_gross_jpy)
    const refunded = Number(row.revenue_refunded_jpy)
    return [
      {
        registrationTier: tier,
        capacity: row.capacity,
        paid: row.paid,
        pending: row.pending,
        spotsLeft: Math.max(row.capacity - row.taken, 0),
        waiting: row.waiting,
        revenueGrossJpy: gross,
        revenueRefundedJpy: refunded,
        revenueNetJpy: gross - refunded,
        checkedIn: row.checked_in,
      },
    ]
  })
  return {
    generatedAt: now,
    tiers,
    registrationsPerDay: dayRows.map((row) => ({
      date: row.date,
      registrationTier: row.registration_tier as Dashboard['registrationsPerDay'][number]['registrationTier'],
      registrations: row.registrations,
    })),
    checkInsPerSlot: slotRows.map((row) => ({
      slotStart: new Date(row.slot_start).getTime(),
      deviceId: row.device_id,
      ...(row.device_name === null ? {} : { deviceName: row.device_name }),
      checkIns: row.check_ins,
    })),
    checkedIn: tiers.reduce((sum, tier) => sum + tier.checkedIn, 0),
    paid: tiers.reduce((sum, tier) => sum + tier.paid, 0),
    goods: door.goods,
    changingRooms: door.changingRooms as Dashboard['changingRooms'],
    addons: addonRows.map((row) => ({
      code: row.code,
      nameJa: row.name_ja,
      nameEn: row.name_en,
      capacity: row.capacity,
      paid: row.paid,
      pending: row.pending,
    })),
    complimentary: complimentaryKinds.map((kind) => ({ kind, paid: complimentaryPaid.get(kind) ?? 0 })),
  }
}
