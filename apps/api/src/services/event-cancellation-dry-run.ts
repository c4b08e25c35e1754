import { type EventCancellationDryRun, eventCancelledRefundJpy, registrationTiers } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { type Executor, queryRows } from '../db/database.ts'
import { ofEdition } from './event-cancellation-run.ts'

/** The paid registrations of an edition, counted by tier and amount paid. */
function paidByTier(db: Executor, editionId: string) {
  return queryRows<{ registration_tier: string; amount_jpy: number; n: number }>(
    db,
    sql`select r.registration_tier, r.amount_jpy, count(*)::int as n from registrations r
        where r.payment_status = 'paid' and ${ofEdition(editionId)} group by r.registration_tier, r.amount_jpy`,
  )
}

/** What a run with these expenses would refund in the edition, without refunding anything. */
export async function dryRun(
  db: Executor,
  editionId: string,
  expensesPerPersonJpy: number,
): Promise<EventCancellationDryRun> {
  const rows = await paidByTier(db, editionId)
  const tiers = registrationTiers.map((tier) => {
    const mine = rows.filter((row) => row.registration_tier === tier)
    const count = mine.reduce((sum, row) => sum + row.n, 0)
    return {
      registrationTier: tier,
      paidRegistrations: count,
      grossJpy: mine.reduce((sum, row) => sum + row.n * row.amount_jpy, 0),
      refundTotalJpy: mine.reduce(
        (sum, row) => sum + row.n * eventCancelledRefundJpy(row.amount_jpy, expensesPerPersonJpy),
        0,
      ),
    }
  })
  return {
    expensesPerPersonJpy,
    paidRegistrations: tiers.reduce((sum, tier) => sum + tier.paidRegistrations, 0),
    grossJpy: tiers.reduce((sum, tier) => sum + tier.grossJpy, 0),
    expensesTotalJpy: tiers.reduce((sum, tier) => sum + (tier.grossJpy - tier.refundTotalJpy), 0),
    refundTotalJpy: tiers.reduce((sum, tier) => sum + tier.refundTotalJpy, 0),
    tiers,
  }
}
