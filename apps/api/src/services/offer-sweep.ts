import { type SQL, sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows } from '../db/database.ts'
import type { MailKind } from '../mail/templates.ts'
import { endHolds, type OfferedEntry, offerReturnedSpots } from './inventory.ts'

/*
 * Ending waiting-list offers (decision 115): the statements come from the inventory's `endHolds`, which gives
 * their spots back in the same statement (decision 151), so the count still changes only in inventory.ts.
 */

const offerExpired: MailKind = 'waiting_list_offer_expired'

/**
 * Ends the offers matching `condition` as `to` and gives their spots back; for offers that ran out, owes the
 * "offer expired" mail.
 */
export function endOffers(executor: Executor, to: 'expired' | 'left', condition: SQL, now: number) {
  return queryRows<OfferedEntry>(
    executor,
    endHolds('offer', {
      to,
      condition,
      now,
      mails: sql`insert into mail_outbox (mail_id, kind, waiting_entry_id, next_attempt_at, created_at)
        select gen_random_uuid(), ${offerExpired}, entry_id, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
        from ended where ${to} = 'expired'
        on conflict (waiting_entry_id, kind) do nothing`,
    }),
  )
}

/**
 * The waiting list's part of the periodic sweep: ends the offers whose deadline passed and offers every free
 * spot to the people waiting, so a spot freed anywhere (a lapsed offer, a canceled registration, a raised
 * capacity) is offered within one sweep.
 */
export async function sweepOffers(
  executor: Executor,
  options: { now: number; offerMs: number | undefined },
): Promise<{ expired: number; offered: number }> {
  const { now } = options
  const expired = await endOffers(executor, 'expired', sql`offer_expires_at <= ${iso(now)}::timestamptz`, now)
  const offered = await offerReturnedSpots(executor, options)
  return { expired: expired.length, offered: offered.length }
}
