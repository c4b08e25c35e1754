import type { Clock } from '@furfes/core'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { tierChanges } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { rearmMail } from '../mail/outbox.ts'
import { type PaymentGateway, RefundRefusedError } from '../payments/gateway.ts'
import { askedOfPaymentJpy, planRefundSplits, refundShares } from './refund-splits.ts'

/*
 * The refund of a downgrade's difference (docs/decisions/167-participants-change-tier.md). The change is applied
 * with its refund owed in one transaction; the provider is asked afterwards, by the request and then by every
 * sweep, under one key per change, until it refunds or refuses. So a refund is never lost, and never made twice
 * whatever is retried, on whichever instance.
 */

export type TierChangeRow = typeof tierChanges.$inferSelect

export interface TierChangeRefundDeps {
  db: Executor
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
}

/** The provider idempotency key of a change's refund: the registration's change, named by its own id. */
export const tierChangeRefundKey = (change: Pick<TierChangeRow, 'registrationId' | 'changeId'>): string =>
  `tier-change-refund-${change.registrationId}-${change.changeId}`

/** Asks the provider for one change's owed refund; answers the change as it then is. */
export async function settleTierChangeRefund(
  deps: TierChangeRefundDeps,
  change: TierChangeRow,
): Promise<TierChangeRow> {
  const { db, clock, logger } = deps
  if (change.refundStatus !== 'owed') return change
  const owed = and(eq(tierChanges.changeId, change.changeId), eq(tierChanges.refundStatus, 'owed'))
  const context = { registrationId: change.registrationId, changeId: change.changeId }
  let outcome: Partial<TierChangeRow>
  try {
    // Planned with the change; a change owed from before refunds were split gets its shares here.
    await planRefundSplits(db, {
      registrationId: change.registrationId,
      refundKey: tierChangeRefundKey(change),
      amountJpy: change.amountJpy,
      now: change.createdAt.getTime(),
    })
    const [newest] = await refundShares(deps, {
      registrationId: change.registrationId,
      refundKey: tierChangeRefundKey(change),
      metadata: { registration_id: change.registrationId, tier_change: change.changeId },
    })
    outcome = { refundStatus: 'refunded', providerRefundId: newest ?? null, refundedAt: new Date(clock()) }
    logger.info('A downgrade refunded its difference', { ...context, amountJpy: change.amountJpy })
  } catch (error) {
    const refused = error instanceof RefundRefusedError
    outcome = {
      ...(refused ? { refundStatus: 'refused' as const } : {}),
      lastError: error instanceof Error ? error.message : String(error),
    }
    if (refused) {
      // The same key cannot get another answer: staff pay the difference back by hand (docs/operations.md).
      logger.error('The payment provider refused the refund of a downgrade: pay it back by hand', {
        ...context,
        error,
      })
    } else {
      logger.warn('The refund of a downgrade could not be made yet; the sweep retries it', {
        ...context,
        error,
      })
    }
  }
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(tierChanges)
      .set({ ...outcome, refundAttempts: sql`${tierChanges.refundAttempts} + 1` })
      .where(owed)
      .returning()
    // The refund notice leaves once per refund, with it; a later change of tier owes its own again.
    if (updated?.refundStatus === 'refunded') {
      await rearmMail(tx, {
        kind: 'tier_change_refunded',
        registrationId: change.registrationId,
        now: clock(),
      })
    }
    if (updated) return updated
    // Another request or the sweep recorded the outcome first.
    const [current] = await tx.select().from(tierChanges).where(eq(tierChanges.changeId, change.changeId))
    return current ?? change
  })
}

/** The sweep's part: every owed refund of a downgrade, oldest first. */
export async function settleOwedTierChangeRefunds(deps: TierChangeRefundDeps): Promise<void> {
  const owed = await deps.db
    .select()
    .from(tierChanges)
    .where(eq(tierChanges.refundStatus, 'owed'))
    .orderBy(asc(tierChanges.createdAt))
  for (const change of owed) await settleTierChangeRefund(deps, change)
}

/**
 * What the registration's downgrades have refunded or asked the provider to refund of one of its payments
 * (decision 168): a `charge.refunded` of that payment up to this much is theirs, not a refund made outside the
 * system.
 */
export async function tierChangeRefundsJpy(
  db: Executor,
  registrationId: string,
  checkoutSessionId: string,
): Promise<number> {
  const changes = await db
    .select({ changeId: tierChanges.changeId, registrationId: tierChanges.registrationId })
    .from(tierChanges)
    .where(
      and(
        eq(tierChanges.registrationId, registrationId),
        sql`${tierChanges.refundStatus} in ('owed', 'refunded')`,
      ),
    )
  return askedOfPaymentJpy(db, checkoutSessionId, changes.map(tierChangeRefundKey))
}
