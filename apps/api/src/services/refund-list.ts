import type { RefundListItem, RegistrationTier } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { type Executor, queryRows } from '../db/database.ts'

/*
 * The edition's refunds for the accounts (docs/decisions/191-desk-payments-and-receipts.md), read from where each
 * kind of refund is recorded: a cancellation's refund (registration_refunds), an add-on refunded alone or with
 * its registration (addon_purchases), a downgrade's difference (tier_changes) and a late payment given back
 * (automatic_refunds). Only money that went back counts: a cancellation of 0 JPY is no refund. Who refunded is
 * the staff member of the audit entry written with the refund, by address where the token carried one.
 */

interface Row {
  refunded_at: Date | string
  kind: RefundListItem['kind']
  registration_id: string
  badge_number: number | null
  badge_name: string
  registration_tier: RegistrationTier
  addon: string | null
  amount_jpy: number
  policy_amount_jpy: number | null
  /** Space-separated: a refund split over several payments has one Stripe refund per payment (decision 168). */
  stripe_refund_ids: string | null
  source: string
  reason: string | null
  staff_email: string | null
  staff_id: string | null
}

export async function refundsOf(db: Executor, editionId: string): Promise<RefundListItem[]> {
  const rows = await queryRows<Row>(
    db,
    sql`
      with regs as (
        select registration_id, badge_number, badge_name, registration_tier from registrations
        where edition_id = ${editionId}
      ),
      -- Each refund's Stripe refunds, one per payment it was split over (decision 168).
      split_ids as (
        select s.refund_key, string_agg(s.provider_refund_id, ' ' order by s.created_at, s.provider_key) as ids
        from refund_splits s join regs r using (registration_id)
        where s.status = 'succeeded' and s.provider_refund_id is not null
        group by s.refund_key
      )
      select f.refunded_at, 'registration' as kind, r.registration_id, r.badge_number, r.badge_name,
        r.registration_tier, null as addon, f.amount_jpy, f.policy_amount_jpy,
        coalesce(
          (select string_agg(s.ids, ' ') from refund_attempts a join split_ids s on s.refund_key = a.provider_key
            where a.registration_id = f.registration_id and a.status = 'succeeded'),
          f.provider_refund_id) as stripe_refund_ids,
        f.source, f.reason,
        -- A cancellation's audit entry keeps the staff member's id only: the address comes from their other entries.
        (select e.actor_email from staff_audit e
          where e.actor_id = f.staff_user_id and e.actor_email is not null order by e.id desc limit 1)
          as staff_email,
        f.staff_user_id as staff_id
      from registration_refunds f join regs r using (registration_id)
      where f.amount_jpy > 0
      union all
      select p.refunded_at, 'addon', r.registration_id, r.badge_number, r.badge_name, r.registration_tier,
        p.product_code, p.refund_jpy, null, p.provider_refund_id,
        case when a.id is null then 'cancellation' else 'staff' end, null, a.actor_email, a.actor_id
      from addon_purchases p join regs r using (registration_id)
      left join staff_audit a on a.action = 'addonRefunded' and a.details ->> 'purchaseId' = p.purchase_id::text
      where p.status = 'refunded' and p.refund_jpy > 0
      union all
      select c.refunded_at, 'tier_change', r.registration_id, r.badge_number, r.badge_name, r.registration_tier,
        null, c.amount_jpy, null,
        coalesce(
          (select s.ids from split_ids s
            -- The downgrade's refund key, as tierChangeRefundKey writes it.
            where s.refund_key = 'tier-change-refund-' || c.registration_id || '-' || c.change_id),
          c.provider_refund_id),
        'participant', c.from_tier || ' → ' || c.to_tier, null, null
      from tier_changes c join regs r using (registration_id)
      where c.refund_status = 'refunded' and c.amount_jpy > 0
      union all
      select u.refunded_at, 'late_payment', r.registration_id, r.badge_number, r.badge_name, r.registration_tier,
        null, u.amount_jpy, null, u.provider_refund_id, 'automatic', u.reason, null, null
      from automatic_refunds u join regs r using (registration_id)
      where u.status = 'refunded'
      order by 1, 3
    `,
  )
  return rows.map((row) => ({
    refundedAt: new Date(row.refunded_at).getTime(),
    kind: row.kind,
    registrationId: row.registration_id,
    ...(row.badge_number === null ? {} : { badgeNumber: Number(row.badge_number) }),
    badgeName: row.badge_name,
    registrationTier: row.registration_tier,
    ...(row.addon === null ? {} : { addon: row.addon }),
    amountJpy: Number(row.amount_jpy),
    ...(row.policy_amount_jpy === null ? {} : { policyAmountJpy: Number(row.policy_amount_jpy) }),
    stripeRefundIds: row.stripe_refund_ids === null ? [] : row.stripe_refund_ids.split(' '),
    source: row.source,
    ...(row.reason === null || row.reason === '' ? {} : { reason: row.reason }),
    ...(row.staff_email === null && row.staff_id === null
      ? {}
      : { staff: row.staff_email ?? row.staff_id ?? '' }),
  }))
}
