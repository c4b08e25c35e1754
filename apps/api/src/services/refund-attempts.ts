import type { RefundSource } from '@furfes/core'
import { and, asc, eq, ne } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { refundAttempts, registrations } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import { RefundRefusedError } from '../payments/gateway.ts'
import { cancelRefunded, type RefundDeps, type RefundRow, refundOf } from './refund-cancellation.ts'
import { planRefundSplits, refundShares } from './refund-splits.ts'
import type { RegistrationRow } from './registration-queries.ts'

type AttemptRow = typeof refundAttempts.$inferSelect

/**
 * The registration's refund attempt that was not refused (in flight, its answer lost, or done), if any: a
 * refund asked for. The caller's key tells a participant's retry from another request (decision 165).
 */
export async function openRefundAttempt(
  db: Executor,
  registrationId: string,
): Promise<{ clientKey: string | null } | undefined> {
  const [open] = await db
    .select({ clientKey: refundAttempts.clientKey })
    .from(refundAttempts)
    .where(and(eq(refundAttempts.registrationId, registrationId), ne(refundAttempts.status, 'failed')))
    .limit(1)
  return open
}

/** The provider idempotency key of a registration's refund attempt: the same for every request and instance. */
export const refundProviderKey = (registrationId: string, attempt: number): string =>
  `registration-refund-${registrationId}-${attempt}`

/**
 * The attempt this request works on: the one still requested (by a concurrent request, or one whose outcome
 * was lost), else a new one after the refused ones, under the registration's row lock. Two requests creating the
 * same attempt number agree on one row (the unique index), and with it on one provider key.
 */
async function currentAttempt(
  { db }: RefundDeps,
  row: RegistrationRow,
  wanted: Omit<AttemptRow, 'attempt' | 'providerKey'>,
  guard: AttemptGuard | undefined,
) {
  const find = async (executor: Executor) => {
    // The registration's row lock first: a tier change (decision 167) takes it too, and a request waiting here
    // then reads the attempts another request opened meanwhile.
    const [current] = await executor
      .select({ amountJpy: registrations.amountJpy })
      .from(registrations)
      .where(eq(registrations.registrationId, row.registrationId))
      .for('update')
    const attempts = await executor
      .select()
      .from(refundAttempts)
      .where(eq(refundAttempts.registrationId, row.registrationId))
      .orderBy(asc(refundAttempts.attempt))
    const open = attempts.find((attempt) => attempt.status !== 'failed')
    if (open) return planned(executor, open)
    // A new attempt refunds what was computed from the fee read before; a tier change since made that another
    // amount.
    if (current?.amountJpy !== row.amountJpy) throw productError(409, 'refundAmountChanged')
    const attempt = attempts.length + 1
    const [created] = await executor
      .insert(refundAttempts)
      .values({ ...wanted, attempt, providerKey: refundProviderKey(row.registrationId, attempt) })
      .onConflictDoNothing()
      .returning()
    return created && planned(executor, created)
  }
  for (;;) {
    const found = await db.transaction(async (tx) => {
      await guard?.(tx)
      return find(tx)
    })
    if (found) return found
  }
}

/**
 * The attempt with its shares of the registration's payments planned (decision 168), under the registration's row
 * lock: an attempt opened before its registration had shares gets them on its next request.
 */
async function planned(executor: Executor, attempt: AttemptRow): Promise<AttemptRow> {
  await planRefundSplits(executor, {
    registrationId: attempt.registrationId,
    refundKey: attempt.providerKey,
    amountJpy: attempt.amountJpy,
    now: attempt.requestedAt.getTime(),
  })
  return attempt
}

/**
 * Runs in the transaction that finds or opens the attempt, before it does: what must still hold when the
 * refund is asked for, under a lock the competing change also takes (a participant's cancel and the door's
 * check-in, decision 165). It throws to refuse.
 */
export type AttemptGuard = (tx: Executor) => Promise<void>

export interface WantedRefund {
  amountJpy: number
  policyAmountJpy: number
  reason: string | null
  source: RefundSource
  staffUserId: string | null
  clientKey: string | null
}

/**
 * Refunds a paid registration through the provider on the registration's open attempt, then cancels it
 * (decision 111). Throws 502 refundFailed when the provider refused or did not answer; the registration then
 * stays paid.
 */
export async function refundPaid(
  deps: RefundDeps,
  row: RegistrationRow,
  wanted: WantedRefund,
  guard?: AttemptGuard,
): Promise<RefundRow> {
  const { db, clock, logger } = deps
  const attempt = await currentAttempt(
    deps,
    row,
    {
      registrationId: row.registrationId,
      ...wanted,
      status: 'requested',
      error: null,
      requestedAt: new Date(clock()),
      finishedAt: null,
    },
    guard,
  )
  // The same client key is one confirmation of one amount: resent with another, it is a mistake, not a retry.
  if (
    wanted.clientKey !== null &&
    attempt.clientKey === wanted.clientKey &&
    attempt.amountJpy !== wanted.amountJpy
  ) {
    throw productError(409, 'refundKeyReused')
  }
  // A concurrent request (or one whose answer was lost) started this attempt: finish it as it asked, so its
  // key carries the same amount to the provider.
  let providerRefundId: string | null = null
  if (attempt.amountJpy > 0) {
    try {
      // Each payment of the registration refunds its share under its own key (decision 168).
      const [newest] = await refundShares(deps, {
        registrationId: row.registrationId,
        refundKey: attempt.providerKey,
        metadata: { registration_id: row.registrationId, attempt: String(attempt.attempt) },
      })
      providerRefundId = newest ?? null
    } catch (error) {
      if (error instanceof RefundRefusedError) {
        await db
          .update(refundAttempts)
          .set({ status: 'failed', error: error.message, finishedAt: new Date(clock()) })
          .where(
            and(
              eq(refundAttempts.registrationId, row.registrationId),
              eq(refundAttempts.attempt, attempt.attempt),
              eq(refundAttempts.status, 'requested'),
            ),
          )
        logger.warn('The payment provider refused a refund; the registration stays paid', {
          registrationId: row.registrationId,
          attempt: attempt.attempt,
          reason: error.message,
        })
      } else {
        logger.error('A refund got no answer from the payment provider; retrying uses the same key', {
          registrationId: row.registrationId,
          attempt: attempt.attempt,
          error,
        })
      }
      throw productError(502, 'refundFailed')
    }
  }
  await cancelRefunded(
    deps,
    {
      registrationId: row.registrationId,
      amountJpy: attempt.amountJpy,
      policyAmountJpy: attempt.policyAmountJpy,
      reason: attempt.reason,
      source: attempt.source,
      staffUserId: attempt.staffUserId,
      providerRefundId,
      clientKey: attempt.clientKey,
      attempt: attempt.attempt,
    },
    clock(),
  )
  const refunded = await refundOf(db, row.registrationId)
  if (!refunded) throw new Error('A refunded registration has no refund record')
  logger.info('Registration canceled and refunded', {
    registrationId: row.registrationId,
    amountJpy: refunded.amountJpy,
    source: refunded.source,
    staffUserId: refunded.staffUserId,
  })
  return refunded
}
