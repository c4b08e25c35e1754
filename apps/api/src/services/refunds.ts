import {
  type Clock,
  defaultRefundPolicy,
  eventCancelledRefundJpy,
  type LifecycleEvent,
  type PaymentStatus,
  paymentStatusOf,
  policyRefundJpy,
  type Refund,
  type RefundPolicy,
  type RefundQuote,
  type RefundSource,
  type RegistrationTier,
  refundPercentages,
  refundPeriodAt,
  registrationChangeOf,
  registrationChanges,
  registrationStateOf,
} from '@furfes/core'
import { and, asc, eq, sql } from 'drizzle-orm'
import { type Executor, queryRows } from '../db/database.ts'
import { refundAttempts, registrationRefunds, registrations } from '../db/schema.ts'
import { notFound, productError } from '../http/errors.ts'
import type { Logger } from '../logger.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { type PaymentGateway, RefundRefusedError } from '../payments/gateway.ts'
import { inRegistrationStates, type RegistrationRow, registrationById } from './registration-queries.ts'

type RefundRow = typeof registrationRefunds.$inferSelect
type AttemptRow = typeof refundAttempts.$inferSelect

interface StaffRefundInput {
  registrationId: string
  /** Yen to refund; the policy amount today when undefined. */
  amountJpy: number | undefined
  reason: string | undefined
  clientKey: string
  staffUserId: string
}

/** What a `charge.refunded` webhook reports. */
type ProviderRefundOutcome =
  /**
   * The registration was still paid (or pending, its payment not reported yet): it is now canceled, as refunded
   * from outside (or by a crashed request).
   */
  | 'canceled'
  /** The registration had already ended (this API refunded it, or an earlier event did): nothing changes. */
  | 'already_canceled'
  | 'unknown_session'

export interface RefundService {
  quote(registrationId: string): Promise<RefundQuote>
  /** Cancels a paid registration with a refund through the payment provider; once per registration. */
  refundByStaff(input: StaffRefundInput): Promise<Refund>
  /**
   * Refunds a paid registration the fee minus the per-person expenses, as the event-cancelled run does; a
   * registration no longer paid (refunded already) is left alone. Throws 502 refundFailed like refundByStaff.
   */
  refundForEventCancellation(
    registrationId: string,
    expensesPerPersonJpy: number,
    staffUserId: string,
  ): Promise<'refunded' | 'not_paid'>
  /** Yen refunded when the registration was canceled after payment; undefined when it was not. */
  refundedJpy(registrationId: string): Promise<number | undefined>
  /** A refund the provider reports (`charge.refunded`) for the registration paid in `sessionId`. */
  providerRefunded(sessionId: string, amountRefundedJpy: number): Promise<ProviderRefundOutcome>
}

const iso = (epochMs: number) => new Date(epochMs).toISOString()

/** The provider idempotency key of a registration's refund attempt: the same for every request and instance. */
export const refundProviderKey = (registrationId: string, attempt: number): string =>
  `registration-refund-${registrationId}-${attempt}`

/** Offers the free spots of a tier to the people waiting for it (the waiting list, decision 115). */
type OfferReturnedSpots = (executor: Executor, tier: RegistrationTier) => Promise<unknown>

/**
 * Gives the spots of `count` paid registrations of `tier` back to the tier and offers them to the people
 * waiting, in the same transaction. Every place that ends a PAID registration goes through here, so what
 * happens to a returned spot has one home.
 */
async function returnPaidSpots(
  executor: Executor,
  tier: RegistrationTier,
  count: number,
  offer: OfferReturnedSpots | undefined,
): Promise<void> {
  if (count <= 0) return
  await executor.execute(
    sql`update tier_inventory set taken = greatest(taken - ${count}, 0) where registration_tier = ${tier}`,
  )
  await offer?.(executor, tier)
}

/**
 * What a staff request is told about the refund made (decision 111): its own refund when its key made it and
 * it asks the same amount; 409 alreadyRefunded when another key (request, tablet, instance) made it, even if
 * this request helped complete it; 409 refundKeyReused when its key made it with another amount.
 */
function answerTo(input: StaffRefundInput, refund: RefundRow): Refund {
  if (refund.clientKey !== input.clientKey) throw productError(409, 'alreadyRefunded')
  // No amount asks for the policy amount, as the first request with this key did if it gave none.
  if ((input.amountJpy ?? refund.policyAmountJpy) !== refund.amountJpy)
    throw productError(409, 'refundKeyReused')
  return toRefund(refund)
}

function toRefund(row: RefundRow): Refund {
  return {
    registrationId: row.registrationId,
    amountJpy: row.amountJpy,
    policyAmountJpy: row.policyAmountJpy,
    ...(row.reason === null ? {} : { reason: row.reason }),
    source: row.source as RefundSource,
    ...(row.staffUserId === null ? {} : { staffUserId: row.staffUserId }),
    refundedAt: row.refundedAt.getTime(),
  }
}

interface Cancellation {
  registrationId: string
  amountJpy: number
  policyAmountJpy: number
  reason: string | null
  source: RefundSource
  staffUserId: string | null
  providerRefundId: string | null
  clientKey: string | null
  /** The attempt this cancellation completes, marked succeeded with it. */
  attempt: number | null
}

/** The lifecycle event (decision 141) a refund of each source is, unless the provider reports it. */
const refundEvents: Readonly<
  Record<RefundSource, LifecycleEvent & ('refund' | 'providerRefund' | 'eventCancelled')>
> = {
  staff: 'refund',
  stripe_dashboard: 'providerRefund',
  event_cancelled: 'eventCancelled',
}

/**
 * Cancels a registration after its refund, in one transaction: the registration becomes refunded (`canceled`
 * with its payment time), its spot goes back, the audit record is written. Only a registration in a state the
 * lifecycle table lets `event` change (decision 141) changes, so whoever completes a refund first (the request,
 * a concurrent one, the provider's webhook) cancels it, and the others find it done.
 */
async function cancelRefunded(
  db: Executor,
  cancellation: Cancellation,
  now: number,
  offer: OfferReturnedSpots | undefined,
  event: 'refund' | 'providerRefund' | 'eventCancelled' = refundEvents[cancellation.source],
): Promise<{ tier: RegistrationTier } | undefined> {
  const change = registrationChangeOf(event)
  return db.transaction(async (tx) => {
    if (cancellation.attempt !== null) {
      await tx
        .update(refundAttempts)
        .set({ status: 'succeeded', finishedAt: new Date(now) })
        .where(
          and(
            eq(refundAttempts.registrationId, cancellation.registrationId),
            eq(refundAttempts.attempt, cancellation.attempt),
          ),
        )
    }
    const [canceled] = await queryRows<{ registration_tier: string }>(
      tx,
      sql`update registrations
          set payment_status = ${paymentStatusOf(change.to)}, paid_at = coalesce(paid_at, ${iso(now)}::timestamptz),
            updated_at = ${iso(now)}::timestamptz
          where registration_id = ${cancellation.registrationId}::uuid and ${inRegistrationStates(change.from)}
          returning registration_tier`,
    )
    if (!canceled) {
      // The provider's webhook completed this refund first; the refund's id is only known here.
      if (cancellation.providerRefundId !== null) {
        await tx
          .update(registrationRefunds)
          .set({
            providerRefundId: sql`coalesce(${registrationRefunds.providerRefundId}, ${cancellation.providerRefundId})`,
          })
          .where(eq(registrationRefunds.registrationId, cancellation.registrationId))
      }
      return undefined
    }
    await returnPaidSpots(tx, canceled.registration_tier as RegistrationTier, 1, offer)
    await tx.insert(registrationRefunds).values({
      registrationId: cancellation.registrationId,
      amountJpy: cancellation.amountJpy,
      policyAmountJpy: cancellation.policyAmountJpy,
      reason: cancellation.reason,
      source: cancellation.source,
      staffUserId: cancellation.staffUserId,
      providerRefundId: cancellation.providerRefundId,
      clientKey: cancellation.clientKey,
      refundedAt: new Date(now),
    })
    // The "refund done" mail exists exactly when the cancellation does (decision 100).
    await enqueueMail(tx, { kind: 'refunded', registrationId: cancellation.registrationId, now })
    return { tier: canceled.registration_tier as RegistrationTier }
  })
}

/**
 * Cancellations with a refund (decision 111): by staff through the payment provider, and refunds the provider
 * reports that were made elsewhere (the Stripe Dashboard).
 */
export function createRefundService(options: {
  db: Executor
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
  policy?: RefundPolicy
  /** Called after a cancellation gave a spot of `tier` back (this instance's sold-out memory forgets it). */
  onSpotsReturned?: (tier: RegistrationTier) => void
  /** Offers a returned spot on, inside the cancellation's transaction (the waiting list, decision 115). */
  offerReturnedSpots?: OfferReturnedSpots
}): RefundService {
  const { db, clock, gateway } = options
  async function cancel(
    cancellation: Cancellation,
    now: number,
    event?: 'refund' | 'providerRefund' | 'eventCancelled',
  ): Promise<boolean> {
    const canceled = await cancelRefunded(db, cancellation, now, options.offerReturnedSpots, event)
    if (canceled) options.onSpotsReturned?.(canceled.tier)
    return canceled !== undefined
  }
  const policy = options.policy ?? defaultRefundPolicy
  const logger = options.logger.child({ component: 'refunds' })

  async function refundOf(registrationId: string): Promise<RefundRow | undefined> {
    const [row] = await db
      .select()
      .from(registrationRefunds)
      .where(eq(registrationRefunds.registrationId, registrationId))
    return row
  }

  /**
   * The attempt this request works on: the one still requested (by a concurrent request, or one whose outcome
   * was lost), else a new one after the refused ones. Two requests creating the same attempt number agree on
   * one row (the unique index), and with it on one provider key.
   */
  async function currentAttempt(row: RegistrationRow, wanted: Omit<AttemptRow, 'attempt' | 'providerKey'>) {
    for (;;) {
      const attempts = await db
        .select()
        .from(refundAttempts)
        .where(eq(refundAttempts.registrationId, row.registrationId))
        .orderBy(asc(refundAttempts.attempt))
      const open = attempts.find((attempt) => attempt.status !== 'failed')
      if (open) return open
      const attempt = attempts.length + 1
      const [created] = await db
        .insert(refundAttempts)
        .values({ ...wanted, attempt, providerKey: refundProviderKey(row.registrationId, attempt) })
        .onConflictDoNothing()
        .returning()
      if (created) return created
    }
  }

  /**
   * Refunds a paid registration through the provider on the registration's open attempt, then cancels it
   * (decision 111). Throws 502 refundFailed when the provider refused or did not answer; the registration then
   * stays paid.
   */
  async function refundPaid(
    row: RegistrationRow,
    checkoutSessionId: string,
    wanted: {
      amountJpy: number
      policyAmountJpy: number
      reason: string | null
      source: RefundSource
      staffUserId: string | null
      clientKey: string | null
    },
  ): Promise<RefundRow> {
    const attempt = await currentAttempt(row, {
      registrationId: row.registrationId,
      ...wanted,
      status: 'requested',
      error: null,
      requestedAt: new Date(clock()),
      finishedAt: null,
    })
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
        const refund = await gateway.refund({
          registrationId: row.registrationId,
          checkoutSessionId,
          amountJpy: attempt.amountJpy,
          idempotencyKey: attempt.providerKey,
          metadata: { registration_id: row.registrationId, attempt: String(attempt.attempt) },
        })
        providerRefundId = refund.refundId
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
    await cancel(
      {
        registrationId: row.registrationId,
        amountJpy: attempt.amountJpy,
        policyAmountJpy: attempt.policyAmountJpy,
        reason: attempt.reason,
        source: attempt.source as RefundSource,
        staffUserId: attempt.staffUserId,
        providerRefundId,
        clientKey: attempt.clientKey,
        attempt: attempt.attempt,
      },
      clock(),
    )
    const refunded = await refundOf(row.registrationId)
    if (!refunded) throw new Error('A refunded registration has no refund record')
    logger.info('Registration canceled and refunded', {
      registrationId: row.registrationId,
      amountJpy: refunded.amountJpy,
      source: refunded.source,
      staffUserId: refunded.staffUserId,
    })
    return refunded
  }

  return {
    async quote(registrationId) {
      const row = await registrationById(db, registrationId)
      if (!row) throw notFound()
      const now = clock()
      const period = refundPeriodAt(now, policy)
      const refund = await refundOf(registrationId)
      return {
        registrationId: row.registrationId,
        paymentStatus: row.paymentStatus as PaymentStatus,
        feeJpy: row.amountJpy,
        policyPeriod: period,
        policyPercentage: refundPercentages[period],
        policyRefundJpy: policyRefundJpy(row.amountJpy, now, policy),
        ...(refund ? { refund: toRefund(refund) } : {}),
      }
    },

    async refundByStaff(input) {
      const row = await registrationById(db, input.registrationId)
      if (!row) throw notFound()
      const done = await refundOf(row.registrationId)
      if (done) return answerTo(input, done)
      if (row.paymentStatus !== 'paid' || row.checkoutSessionId === null) {
        throw productError(409, 'registrationNotPaid')
      }
      const now = clock()
      const policyAmountJpy = policyRefundJpy(row.amountJpy, now, policy)
      const amountJpy = input.amountJpy ?? policyAmountJpy
      if (amountJpy > row.amountJpy) throw productError(400, 'refundAmountTooLarge')
      const reason = input.reason?.trim() || null
      if (amountJpy !== policyAmountJpy && reason === null) throw productError(400, 'refundReasonRequired')

      const refunded = await refundPaid(row, row.checkoutSessionId, {
        amountJpy,
        policyAmountJpy,
        reason,
        source: 'staff',
        staffUserId: input.staffUserId,
        clientKey: input.clientKey,
      })
      // Requests raced under other keys may have completed this refund too: only its own key gets it.
      return answerTo(input, refunded)
    },

    async refundForEventCancellation(registrationId, expensesPerPersonJpy, staffUserId) {
      const row = await registrationById(db, registrationId)
      if (row?.paymentStatus !== 'paid' || row.checkoutSessionId === null) return 'not_paid'
      const now = clock()
      await refundPaid(row, row.checkoutSessionId, {
        amountJpy: eventCancelledRefundJpy(row.amountJpy, expensesPerPersonJpy),
        policyAmountJpy: policyRefundJpy(row.amountJpy, now, policy),
        reason: null,
        source: 'event_cancelled',
        staffUserId,
        clientKey: null,
      })
      return 'refunded'
    },

    async refundedJpy(registrationId) {
      return (await refundOf(registrationId))?.amountJpy
    },

    async providerRefunded(sessionId, amountRefundedJpy) {
      const [row] = await db
        .select()
        .from(registrations)
        .where(eq(registrations.checkoutSessionId, sessionId))
      if (!row) return 'unknown_session'
      if (!registrationChanges(registrationStateOf(row), 'providerRefund')) return 'already_canceled'
      const now = clock()
      // A refund this API asked for and has not recorded yet (in flight, or its request died): complete it as
      // asked. Otherwise someone refunded outside the system.
      const [requested] = await db
        .select()
        .from(refundAttempts)
        .where(
          and(eq(refundAttempts.registrationId, row.registrationId), eq(refundAttempts.status, 'requested')),
        )
      const canceled = await cancel(
        requested
          ? {
              registrationId: row.registrationId,
              amountJpy: requested.amountJpy,
              policyAmountJpy: requested.policyAmountJpy,
              reason: requested.reason,
              source: requested.source as RefundSource,
              staffUserId: requested.staffUserId,
              providerRefundId: null,
              clientKey: requested.clientKey,
              attempt: requested.attempt,
            }
          : {
              registrationId: row.registrationId,
              amountJpy: amountRefundedJpy,
              policyAmountJpy: policyRefundJpy(row.amountJpy, now, policy),
              reason: null,
              source: 'stripe_dashboard',
              staffUserId: null,
              providerRefundId: null,
              clientKey: null,
              attempt: null,
            },
        now,
        'providerRefund',
      )
      if (!canceled) return 'already_canceled'
      if (!requested) {
        logger.warn('A refund made outside the system (Stripe Dashboard) canceled a registration', {
          registrationId: row.registrationId,
          amountRefundedJpy,
        })
      }
      return 'canceled'
    },
  }
}
