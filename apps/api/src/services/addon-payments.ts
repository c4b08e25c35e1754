import type { Clock } from '@furfes/core'
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows } from '../db/database.ts'
import { addonPurchases } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { rearmMail } from '../mail/outbox.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { retakeSpot, returnPaidSpot } from './inventory.ts'
import { registrationById } from './registration-queries.ts'

/*
 * What the payment provider reports about an add-on's checkout session, and add-on refunds (decision 178). An
 * add-on is paid in its own session, so it is refunded on its own: `addon-refund-<purchase>` is the key of its one
 * refund, against its own payment, whatever else of the registration is refunded and however often it is retried.
 */

export interface AddonPaymentDeps {
  db: Executor
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
}

interface EndedHold {
  purchase_id: string
  registration_id: string
  checkout_session_id: string | null
}

/**
 * Ends the pending purchases matching `condition` (their checkout expired, was abandoned or never opened) and gives
 * their places back, in one transaction: only the rows this statement changed give a place back, so a place comes
 * back once whoever ends the hold (the webhook, the sweep, another instance).
 */
export function endAddonHolds(executor: Executor, condition: SQL, now: number): Promise<EndedHold[]> {
  return executor.transaction(async (tx) => {
    const ended = await queryRows<EndedHold & { edition_id: string; product_code: string }>(
      tx,
      sql`update addon_purchases set status = 'expired', updated_at = ${iso(now)}::timestamptz
          where status = 'pending' and (${condition})
          returning purchase_id, registration_id, edition_id, product_code, checkout_session_id`,
    )
    for (const row of ended) {
      await returnPaidSpot(tx, { editionId: row.edition_id, addon: row.product_code }, undefined)
    }
    return ended
  })
}

export type AddonPaidOutcome = 'paid' | 'already_paid' | 'refunded_automatically' | 'already_refunded'

/**
 * A payment of an add-on's session completed: a pending purchase becomes paid and its receipt is owed. A late
 * payment (its hold had ended) keeps the purchase if the registration is still paid, holds no other purchase of
 * the product and a place is free; otherwise it is refunded in full. Undefined when no purchase has the session.
 */
export async function markAddonPaid(
  deps: AddonPaymentDeps,
  sessionId: string,
): Promise<AddonPaidOutcome | undefined> {
  const { db, clock } = deps
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(addonPurchases)
      .where(eq(addonPurchases.checkoutSessionId, sessionId))
      .for('update')
    if (!row) return undefined
    if (row.status === 'paid') return { outcome: 'already_paid' as const, row }
    if (row.status === 'refunding' || row.status === 'refunded')
      return { outcome: 'already_refunded' as const, row }
    const now = clock()
    if (row.status === 'expired') {
      const registration = await registrationById(tx, row.registrationId)
      const [other] = await tx
        .select({ id: addonPurchases.purchaseId })
        .from(addonPurchases)
        .where(
          and(
            eq(addonPurchases.registrationId, row.registrationId),
            eq(addonPurchases.productCode, row.productCode),
            sql`${addonPurchases.status} in ('pending', 'paid')`,
          ),
        )
      const kept =
        registration?.paymentStatus === 'paid' &&
        !other &&
        (await retakeSpot(tx, { editionId: row.editionId, addon: row.productCode }))
      if (!kept) {
        await tx
          .update(addonPurchases)
          .set({
            status: 'refunding',
            refundedAt: new Date(now),
            refundJpy: row.amountJpy,
            updatedAt: new Date(now),
          })
          .where(eq(addonPurchases.purchaseId, row.purchaseId))
        return { outcome: 'refunded_automatically' as const, row }
      }
    }
    await tx
      .update(addonPurchases)
      .set({ status: 'paid', paidAt: new Date(now), updatedAt: new Date(now) })
      .where(eq(addonPurchases.purchaseId, row.purchaseId))
    // One receipt mail per purchase: a registration buying again after a refund is owed a new one.
    await rearmMail(tx, { kind: 'addon_receipt', registrationId: row.registrationId, now })
    return { outcome: 'paid' as const, row }
  })
  if (!result) return undefined
  if (result.outcome === 'refunded_automatically') {
    deps.logger.warn('An add-on payment could not buy its purchase: it is refunded in full', {
      purchaseId: result.row.purchaseId,
      sessionId,
    })
    await settleAddonRefunds(deps, sql`purchase_id = ${result.row.purchaseId}::uuid`)
  }
  return result.outcome
}

/** The provider reports that an add-on's session expired: its hold ends. Undefined when no purchase has it. */
export async function markAddonExpired(
  deps: AddonPaymentDeps,
  sessionId: string,
): Promise<'expired' | 'not_pending' | undefined> {
  const ended = await endAddonHolds(deps.db, sql`checkout_session_id = ${sessionId}`, deps.clock())
  if (ended.length > 0) return 'expired'
  const [row] = await deps.db
    .select({ id: addonPurchases.purchaseId })
    .from(addonPurchases)
    .where(eq(addonPurchases.checkoutSessionId, sessionId))
  return row ? 'not_pending' : undefined
}

export interface StartedAddonRefund {
  purchase_id: string
  registration_id: string
  product_code: string
  refund_jpy: number
}

/**
 * Starts the refund of the paid purchases matching `condition`, in the caller's transaction: each becomes
 * `refunding` with `percent` of its price to give back (the refund policy's, rounded down as for the fee), and
 * its place goes back on sale at once. settleAddonRefunds then asks the provider.
 */
export async function startAddonRefunds(
  executor: Executor,
  condition: SQL,
  percent: number,
  now: number,
): Promise<StartedAddonRefund[]> {
  const started = await queryRows<StartedAddonRefund & { edition_id: string }>(
    executor,
    sql`update addon_purchases
        set status = 'refunding', refunded_at = ${iso(now)}::timestamptz, updated_at = ${iso(now)}::timestamptz,
          refund_jpy = (amount_jpy * ${percent}::int) / 100
        where status = 'paid' and (${condition})
        returning purchase_id, registration_id, edition_id, product_code, refund_jpy`,
  )
  for (const row of started) {
    await returnPaidSpot(executor, { editionId: row.edition_id, addon: row.product_code }, undefined)
  }
  return started
}

/**
 * Asks the provider for the refunds started and not yet confirmed among the purchases matching `condition` (all
 * when omitted: the sweep), each with its one key, so a retry never refunds twice. Answers how many failed; each
 * failure is logged and kept on the purchase for the next try.
 */
export async function settleAddonRefunds(deps: AddonPaymentDeps, condition?: SQL): Promise<number> {
  const { db, gateway, logger, clock } = deps
  const owed = await db
    .select()
    .from(addonPurchases)
    .where(and(eq(addonPurchases.status, 'refunding'), isNull(addonPurchases.providerRefundId), condition))
  let failed = 0
  for (const row of owed) {
    const done = eq(addonPurchases.purchaseId, row.purchaseId)
    try {
      const refundJpy = row.refundJpy ?? 0
      const refund =
        refundJpy > 0 && row.checkoutSessionId !== null
          ? await gateway.refund({
              registrationId: row.registrationId,
              checkoutSessionId: row.checkoutSessionId,
              amountJpy: refundJpy,
              idempotencyKey: `addon-refund-${row.purchaseId}`,
              metadata: { registration_id: row.registrationId, addon_purchase_id: row.purchaseId },
            })
          : undefined
      await db
        .update(addonPurchases)
        .set({
          status: 'refunded',
          providerRefundId: refund?.refundId ?? null,
          refundError: null,
          updatedAt: new Date(clock()),
        })
        .where(done)
    } catch (error) {
      failed++
      logger.error('An add-on refund could not be made; the sweep retries it', {
        purchaseId: row.purchaseId,
        registrationId: row.registrationId,
        error,
      })
      await db
        .update(addonPurchases)
        .set({ refundError: error instanceof Error ? error.message : String(error) })
        .where(done)
    }
  }
  return failed
}

/**
 * The provider reports a refund of an add-on's payment. Ours (the purchase is refunding or refunded) changes
 * nothing; one made at the provider directly (the Stripe Dashboard) ends the paid purchase as refunded and puts
 * its place back on sale. Undefined when no purchase has the session.
 */
export async function addonProviderRefunded(
  deps: AddonPaymentDeps,
  sessionId: string,
  amountRefundedJpy: number,
): Promise<'addon_refunded' | 'already_refunded' | undefined> {
  const { db, clock } = deps
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(addonPurchases)
      .where(eq(addonPurchases.checkoutSessionId, sessionId))
      .for('update')
    if (!row) return undefined
    if (row.status !== 'paid') return 'already_refunded'
    const now = clock()
    await startAddonRefunds(tx, sql`purchase_id = ${row.purchaseId}::uuid`, 100, now)
    await tx
      .update(addonPurchases)
      .set({ status: 'refunded', refundJpy: amountRefundedJpy })
      .where(eq(addonPurchases.purchaseId, row.purchaseId))
    return 'addon_refunded'
  })
}
