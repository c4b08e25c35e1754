import {
  type Clock,
  eventCancelledRefundJpy,
  policyRefundJpy,
  type Refund,
  type RefundPolicy,
  type RefundQuote,
  type RegistrationTier,
  refundPercentageAt,
  refundPeriodAt,
  registrationChanges,
  registrationStateOf,
  type TierChange,
  type TierChangeQuote,
} from '@furfes/core'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { refundAttempts } from '../db/schema.ts'
import { notFound, productError } from '../http/errors.ts'
import type { Logger } from '../logger.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { requireCurrentEdition } from './editions.ts'
import { cancelByParticipant, type ParticipantCancelInput } from './participant-cancel.ts'
import { refundPaid } from './refund-attempts.ts'
import {
  answerTo,
  cancelRefunded,
  type RefundDeps,
  refundOf,
  type StaffRefundInput,
  toRefund,
} from './refund-cancellation.ts'
import { registrationOfPayment } from './refund-splits.ts'
import { registrationById } from './registration-queries.ts'
import { quoteTierChange, type TierChangeInput } from './tier-change.ts'
import { changeTier } from './tier-change-downgrade.ts'
import { tierChangeRefundsJpy } from './tier-change-refunds.ts'

/*
 * Cancellations with a refund (decision 111): by staff through the payment provider, by the participant
 * (decision 165), by the event-cancelled run, and refunds the provider reports that were made elsewhere (the Stripe Dashboard). One use case a
 * function over the dependencies; createRefundService assembles them into the service the routes call.
 */

/** What a `charge.refunded` webhook reports. */
type ProviderRefundOutcome =
  /**
   * The registration was still paid (or pending, its payment not reported yet): it is now canceled, as refunded
   * from outside (or by a crashed request).
   */
  | 'canceled'
  /** The registration had already ended (this API refunded it, or an earlier event did): nothing changes. */
  | 'already_canceled'
  /** The refund of a downgrade's difference (decision 167): the registration stays paid. */
  | 'tier_change'
  | 'unknown_session'

export interface RefundService {
  quote(registrationId: string): Promise<RefundQuote>
  /** Cancels a paid registration with a refund through the payment provider; once per registration. */
  refundByStaff(input: StaffRefundInput): Promise<Refund>
  /** The participant cancels their own paid registration at the policy amount of today (decision 165). */
  cancelByParticipant(input: ParticipantCancelInput): Promise<Refund>
  /** The tiers the participant's paid registration may move to, with their amounts today (decision 167). */
  quoteTierChange(registrationId: string): Promise<TierChangeQuote>
  /** Moves the participant's paid registration to another tier; once per client key (decision 167). */
  changeTier(input: TierChangeInput): Promise<TierChange>
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

async function quote(deps: RefundDeps, registrationId: string): Promise<RefundQuote> {
  const { db, clock } = deps
  const row = await registrationById(db, registrationId)
  if (!row) throw notFound()
  const policy = await deps.policy()
  const now = clock()
  const period = refundPeriodAt(now, policy)
  const refund = await refundOf(db, registrationId)
  return {
    registrationId: row.registrationId,
    paymentStatus: row.paymentStatus,
    feeJpy: row.amountJpy,
    policyPeriod: period,
    policyPercentage: refundPercentageAt(now, policy),
    policyRefundJpy: policyRefundJpy(row.amountJpy, now, policy),
    ...(refund ? { refund: toRefund(refund) } : {}),
  }
}

async function refundByStaff(deps: RefundDeps, input: StaffRefundInput): Promise<Refund> {
  const row = await registrationById(deps.db, input.registrationId)
  if (!row) throw notFound()
  const done = await refundOf(deps.db, row.registrationId)
  if (done) return answerTo(input, done)
  // A past edition is read only (decision 158); the policy applied is the current edition's anyway.
  await requireCurrentEdition(deps, row.editionId)
  if (row.paymentStatus !== 'paid' || row.checkoutSessionId === null) {
    throw productError(409, 'registrationNotPaid')
  }
  const now = deps.clock()
  const policyAmountJpy = policyRefundJpy(row.amountJpy, now, await deps.policy())
  const amountJpy = input.amountJpy ?? policyAmountJpy
  if (amountJpy > row.amountJpy) throw productError(400, 'refundAmountTooLarge')
  if (amountJpy !== policyAmountJpy && !input.beyondPolicyAllowed) throw productError(403, 'forbidden')
  const reason = input.reason?.trim() || null
  if (amountJpy !== policyAmountJpy && reason === null) throw productError(400, 'refundReasonRequired')

  const refunded = await refundPaid(deps, row, {
    amountJpy,
    policyAmountJpy,
    reason,
    source: 'staff',
    staffUserId: input.staffUserId,
    clientKey: input.clientKey,
  })
  // Requests raced under other keys may have completed this refund too: only its own key gets it.
  return answerTo(input, refunded)
}

async function refundForEventCancellation(
  deps: RefundDeps,
  registrationId: string,
  expensesPerPersonJpy: number,
  staffUserId: string,
): Promise<'refunded' | 'not_paid'> {
  const row = await registrationById(deps.db, registrationId)
  if (row?.paymentStatus !== 'paid' || row.checkoutSessionId === null) return 'not_paid'
  const now = deps.clock()
  await refundPaid(deps, row, {
    amountJpy: eventCancelledRefundJpy(row.amountJpy, expensesPerPersonJpy),
    policyAmountJpy: policyRefundJpy(row.amountJpy, now, await deps.policy()),
    reason: null,
    source: 'event_cancelled',
    staffUserId,
    clientKey: null,
  })
  return 'refunded'
}

async function providerRefunded(
  deps: RefundDeps,
  sessionId: string,
  amountRefundedJpy: number,
): Promise<ProviderRefundOutcome> {
  const { db } = deps
  // The registration's first payment, or an upgrade's difference (decision 168).
  const payment = await registrationOfPayment(db, sessionId)
  const row = payment && (await registrationById(db, payment.registrationId))
  if (!row) return 'unknown_session'
  if (!registrationChanges(registrationStateOf(row), 'providerRefund')) return 'already_canceled'
  const now = deps.clock()
  const policy = await deps.policy()
  // A refund this API asked for and has not recorded yet (in flight, or its request died): complete it as
  // asked. Otherwise someone refunded outside the system.
  const [requested] = await db
    .select()
    .from(refundAttempts)
    .where(and(eq(refundAttempts.registrationId, row.registrationId), eq(refundAttempts.status, 'requested')))
  // The provider reports what the charge has had refunded in all: no more than the downgrades' shares of it is
  // their refunds, and the registration stays paid (decisions 167 and 168).
  if (!requested && amountRefundedJpy <= (await tierChangeRefundsJpy(db, row.registrationId, sessionId)))
    return 'tier_change'
  const canceled = await cancelRefunded(
    deps,
    requested
      ? {
          registrationId: row.registrationId,
          amountJpy: requested.amountJpy,
          policyAmountJpy: requested.policyAmountJpy,
          reason: requested.reason,
          source: requested.source,
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
    deps.logger.warn('A refund made outside the system (Stripe Dashboard) canceled a registration', {
      registrationId: row.registrationId,
      amountRefundedJpy,
    })
  }
  return 'canceled'
}

export function createRefundService(options: {
  db: Executor
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
  /** The refund policy in force, read at each refund: the current edition's (decision 155). */
  policy: () => Promise<RefundPolicy>
  onSpotsReturned?: (tier: RegistrationTier) => void
  offerReturnedSpots?: (executor: Executor, tier: RegistrationTier) => Promise<unknown>
}): RefundService {
  const deps: RefundDeps = {
    ...options,
    logger: options.logger.child({ component: 'refunds' }),
  }
  return {
    quote: (registrationId) => quote(deps, registrationId),
    refundByStaff: (input) => refundByStaff(deps, input),
    cancelByParticipant: (input) => cancelByParticipant(deps, input),
    quoteTierChange: async (registrationId) => {
      const row = await registrationById(deps.db, registrationId)
      if (!row) throw notFound()
      return quoteTierChange(deps, row)
    },
    changeTier: (input) => changeTier(deps, input),
    refundForEventCancellation: (registrationId, expensesPerPersonJpy, staffUserId) =>
      refundForEventCancellation(deps, registrationId, expensesPerPersonJpy, staffUserId),
    refundedJpy: async (registrationId) => (await refundOf(deps.db, registrationId))?.amountJpy,
    providerRefunded: (sessionId, amountRefundedJpy) => providerRefunded(deps, sessionId, amountRefundedJpy),
  }
}
