import type { Clock } from '@furfes/core'
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { refundSplits, registrations, tierChanges } from '../db/schema.ts'
import { type PaymentGateway, RefundRefusedError } from '../payments/gateway.ts'

/*
 * Refunds across a registration's payments (docs/decisions/168-refunds-across-payments.md). A registration is
 * paid in its first checkout session and then in one session per upgrade (decision 167). Every refund of it (a
 * cancellation's attempt, the event-cancelled run, a downgrade's difference) is split across those payments,
 * newest first, each at most what is left of it, and each share is asked for under its own provider key, so a
 * retry, the sweep or another instance refunds each share once.
 */

type SplitRow = typeof refundSplits.$inferSelect

interface Payment {
  checkoutSessionId: string
  /** What the payment was; undefined for the first payment (what remains of a refund goes there). */
  amountJpy: number | undefined
}

/**
 * The registration's payments, newest first: the upgrades' differences, then the first payment. The first payment
 * takes whatever is left of a refund: the fee rules (decision 167) keep a refund within what was paid, and the
 * provider refuses anything beyond a payment.
 */
async function paymentsOf(db: Executor, registrationId: string): Promise<Payment[]> {
  const [row] = await db
    .select({ checkoutSessionId: registrations.checkoutSessionId })
    .from(registrations)
    .where(eq(registrations.registrationId, registrationId))
  const upgrades = await db
    .select({ checkoutSessionId: tierChanges.checkoutSessionId, amountJpy: tierChanges.amountJpy })
    .from(tierChanges)
    .where(
      and(
        eq(tierChanges.registrationId, registrationId),
        eq(tierChanges.direction, 'upgrade'),
        eq(tierChanges.status, 'applied'),
      ),
    )
    .orderBy(desc(tierChanges.appliedAt))
  const payments: Payment[] = []
  for (const upgrade of upgrades) {
    if (upgrade.checkoutSessionId !== null) {
      payments.push({ checkoutSessionId: upgrade.checkoutSessionId, amountJpy: upgrade.amountJpy })
    }
  }
  if (row?.checkoutSessionId)
    payments.push({ checkoutSessionId: row.checkoutSessionId, amountJpy: undefined })
  return payments
}

/** The provider key of a refund's share of one payment: the refund's own key on the first payment. */
const shareKey = (refundKey: string, payment: Payment): string =>
  payment.amountJpy === undefined ? refundKey : `${refundKey}-${payment.checkoutSessionId}`

/**
 * The shares of the refund `refundKey` of `amountJpy`: planned once, the first time it is asked for (run it under
 * the registration's row lock, so the payments and what is left of them do not change meanwhile), and read back
 * afterwards. Newest payment first, each at most what earlier refunds left of it.
 */
export async function planRefundSplits(
  db: Executor,
  refund: { registrationId: string; refundKey: string; amountJpy: number; now: number },
): Promise<SplitRow[]> {
  const planned = await splitsOf(db, refund.refundKey)
  if (planned.length > 0 || refund.amountJpy <= 0) return planned
  const payments = await paymentsOf(db, refund.registrationId)
  const asked = await db
    .select({ checkoutSessionId: refundSplits.checkoutSessionId, amountJpy: refundSplits.amountJpy })
    .from(refundSplits)
    .where(and(eq(refundSplits.registrationId, refund.registrationId), ne(refundSplits.status, 'failed')))
  let remaining = refund.amountJpy
  const shares: (typeof refundSplits.$inferInsert)[] = []
  for (const payment of payments) {
    if (remaining <= 0) break
    const refunded = asked
      .filter((split) => split.checkoutSessionId === payment.checkoutSessionId)
      .reduce((sum, split) => sum + split.amountJpy, 0)
    const share =
      payment.amountJpy === undefined ? remaining : Math.min(remaining, payment.amountJpy - refunded)
    if (share <= 0) continue
    remaining -= share
    shares.push({
      providerKey: shareKey(refund.refundKey, payment),
      registrationId: refund.registrationId,
      refundKey: refund.refundKey,
      checkoutSessionId: payment.checkoutSessionId,
      amountJpy: share,
      status: 'requested',
      createdAt: new Date(refund.now),
    })
  }
  if (shares.length > 0) await db.insert(refundSplits).values(shares).onConflictDoNothing()
  return splitsOf(db, refund.refundKey)
}

function splitsOf(db: Executor, refundKey: string): Promise<SplitRow[]> {
  return db
    .select()
    .from(refundSplits)
    .where(eq(refundSplits.refundKey, refundKey))
    .orderBy(asc(refundSplits.createdAt), asc(refundSplits.providerKey))
}

/**
 * Asks the provider for every share of a refund not made yet, each under its own key; answers the provider's
 * refund ids. A refusal marks its share failed and is thrown (RefundRefusedError), as is a lost answer (the share
 * stays requested and a retry asks again under the same key).
 */
export async function refundShares(
  deps: { db: Executor; gateway: PaymentGateway; clock: Clock },
  refund: { registrationId: string; refundKey: string; metadata: Record<string, string> },
): Promise<string[]> {
  const { db, gateway } = deps
  const ids: string[] = []
  for (const share of await splitsOf(db, refund.refundKey)) {
    if (share.status === 'succeeded' && share.providerRefundId !== null) {
      ids.push(share.providerRefundId)
      continue
    }
    try {
      const made = await gateway.refund({
        registrationId: refund.registrationId,
        checkoutSessionId: share.checkoutSessionId,
        amountJpy: share.amountJpy,
        idempotencyKey: share.providerKey,
        metadata: refund.metadata,
      })
      await db
        .update(refundSplits)
        .set({ status: 'succeeded', providerRefundId: made.refundId })
        .where(eq(refundSplits.providerKey, share.providerKey))
      ids.push(made.refundId)
    } catch (error) {
      if (error instanceof RefundRefusedError) {
        await db
          .update(refundSplits)
          .set({ status: 'failed' })
          .where(and(eq(refundSplits.providerKey, share.providerKey), eq(refundSplits.status, 'requested')))
      }
      throw error
    }
  }
  return ids
}

/**
 * The registration a payment belongs to: its first payment's session, or an upgrade's. Undefined for a session
 * of no registration.
 */
export async function registrationOfPayment(
  db: Executor,
  checkoutSessionId: string,
): Promise<{ registrationId: string; first: boolean } | undefined> {
  const [first] = await db
    .select({ registrationId: registrations.registrationId })
    .from(registrations)
    .where(eq(registrations.checkoutSessionId, checkoutSessionId))
  if (first) return { registrationId: first.registrationId, first: true }
  const [upgrade] = await db
    .select({ registrationId: tierChanges.registrationId })
    .from(tierChanges)
    .where(and(eq(tierChanges.checkoutSessionId, checkoutSessionId), eq(tierChanges.status, 'applied')))
  return upgrade ? { registrationId: upgrade.registrationId, first: false } : undefined
}

/**
 * What the refunds `refundKeys` asked of one payment (shares not refused): a `charge.refunded` of that payment up to
 * this much is theirs.
 */
export async function askedOfPaymentJpy(
  db: Executor,
  checkoutSessionId: string,
  refundKeys: readonly string[],
): Promise<number> {
  if (refundKeys.length === 0) return 0
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${refundSplits.amountJpy}), 0)::int` })
    .from(refundSplits)
    .where(
      and(
        eq(refundSplits.checkoutSessionId, checkoutSessionId),
        inArray(refundSplits.refundKey, [...refundKeys]),
        ne(refundSplits.status, 'failed'),
      ),
    )
  return Number(row?.total ?? 0)
}
