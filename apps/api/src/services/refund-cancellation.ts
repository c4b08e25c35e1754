import {
  type Clock,
  type LifecycleEvent,
  paymentStatusOf,
  type Refund,
  type RefundPolicy,
  type RefundSource,
  type RegistrationTier,
  refundPercentageAt,
  registrationChangeOf,
} from '@furfes/core'
import { and, eq, sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows } from '../db/database.ts'
import { refundAttempts, registrationRefunds } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import type { Logger } from '../logger.ts'
import { enqueueMail } from '../mail/outbox.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { settleAddonRefunds, startAddonRefunds } from './addon-payments.ts'
import { recordAudit } from './audit.ts'
import { returnPaidSpot } from './inventory.ts'
import { inRegistrationStates } from './registration-queries.ts'

/*
 * What every use case of a refund works with (refunds.ts, refund-attempts.ts): the dependencies, and the one
 * transaction that cancels a refunded registration (decision 111).
 */

export type RefundRow = typeof registrationRefunds.$inferSelect

export interface RefundDeps {
  db: Executor
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
  /** The refund policy in force: the current edition's (decision 155). */
  policy: () => Promise<RefundPolicy>
  /** Called after a cancellation gave a spot of `tier` back (this instance's sold-out memory forgets it). */
  onSpotsReturned?: (tier: RegistrationTier) => void
  /** Offers a returned spot on, inside the cancellation's transaction (the waiting list, decision 115). */
  offerReturnedSpots?: (executor: Executor, tier: RegistrationTier) => Promise<unknown>
}

export interface StaffRefundInput {
  registrationId: string
  /** Yen to refund; the policy amount today when undefined. */
  amountJpy: number | undefined
  reason: string | undefined
  clientKey: string
  staffUserId: string
  /**
   * Whether the staff member's roles grant refunds beyond the policy: any amount other than the policy amount
   * today (docs/decisions/156-staff-roles.md). Without it such a request answers 403 forbidden.
   */
  beyondPolicyAllowed: boolean
}

/**
 * What a staff or participant request is told about the refund made (decisions 111 and 165): its own refund when its key made it and
 * it asks the same amount; 409 alreadyRefunded when another key (request, tablet, instance) made it, even if
 * this request helped complete it; 409 refundKeyReused when its key made it with another amount.
 */
export function answerTo(
  input: Pick<StaffRefundInput, 'clientKey' | 'amountJpy'>,
  refund: RefundRow,
): Refund {
  if (refund.clientKey !== input.clientKey) throw productError(409, 'alreadyRefunded')
  // No amount asks for the policy amount, as the first request with this key did if it gave none.
  if ((input.amountJpy ?? refund.policyAmountJpy) !== refund.amountJpy)
    throw productError(409, 'refundKeyReused')
  return toRefund(refund)
}

export function toRefund(row: RefundRow): Refund {
  return {
    registrationId: row.registrationId,
    amountJpy: row.amountJpy,
    policyAmountJpy: row.policyAmountJpy,
    ...(row.reason === null ? {} : { reason: row.reason }),
    source: row.source,
    ...(row.staffUserId === null ? {} : { staffUserId: row.staffUserId }),
    refundedAt: row.refundedAt.getTime(),
  }
}

export async function refundOf(db: Executor, registrationId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(registrationRefunds)
    .where(eq(registrationRefunds.registrationId, registrationId))
  return row
}

export interface Cancellation {
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

type RefundEvent = LifecycleEvent & ('refund' | 'providerRefund' | 'eventCancelled')

/** The lifecycle event (decision 141) a refund of each source is, unless the provider reports it. */
const refundEvents: Readonly<Record<RefundSource, RefundEvent>> = {
  staff: 'refund',
  stripe_dashboard: 'providerRefund',
  event_cancelled: 'eventCancelled',
  // The participant's own cancellation (decision 165) is the same change as a staff member's.
  participant: 'refund',
}

/**
 * Cancels a registration after its refund, in one transaction: the registration becomes refunded (`canceled`
 * with its payment time), its spot goes back, the audit record is written. Only a registration in a state the
 * lifecycle table lets `event` change (decision 141) changes, so whoever completes a refund first (the request,
 * a concurrent one, the provider's webhook) cancels it, and the others find it done. True when this call
 * canceled it.
 */
export async function cancelRefunded(
  deps: RefundDeps,
  cancellation: Cancellation,
  now: number,
  event: RefundEvent = refundEvents[cancellation.source],
): Promise<boolean> {
  const change = registrationChangeOf(event)
  // The registration's add-ons go with it (decision 178): each is refunded on its own payment under the same
  // policy, in full when the event is cancelled.
  const addonPercent =
    cancellation.source === 'event_cancelled' ? 100 : refundPercentageAt(now, await deps.policy())
  const canceled = await deps.db.transaction(async (tx) => {
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
    const [row] = await queryRows<{
      edition_id: string
      registration_tier: RegistrationTier
      user_id: string
    }>(
      tx,
      sql`update registrations
          set payment_status = ${paymentStatusOf(change.to)}, paid_at = coalesce(paid_at, ${iso(now)}::timestamptz),
            updated_at = ${iso(now)}::timestamptz
          where registration_id = ${cancellation.registrationId}::uuid and ${inRegistrationStates(change.from)}
          returning edition_id, registration_tier, user_id`,
    )
    if (!row) {
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
    await returnPaidSpot(
      tx,
      { editionId: row.edition_id, tier: row.registration_tier },
      deps.offerReturnedSpots,
    )
    await startAddonRefunds(
      tx,
      sql`registration_id = ${cancellation.registrationId}::uuid`,
      addonPercent,
      now,
    )
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
    // A staff member's refund is in the audit trail (decision 157); the event-cancelled run is recorded once,
    // when it starts.
    if (cancellation.source === 'staff' && cancellation.staffUserId !== null) {
      await recordAudit(tx, {
        at: new Date(now),
        actor: { id: cancellation.staffUserId },
        action: 'refund',
        subject: cancellation.registrationId,
        details: {
          amountJpy: cancellation.amountJpy,
          policyAmountJpy: cancellation.policyAmountJpy,
          reason: cancellation.reason,
        },
      })
    }
    // A participant's own cancellation is money leaving at nobody's desk: the trail keeps who and how much.
    if (cancellation.source === 'participant') {
      await recordAudit(tx, {
        at: new Date(now),
        actor: { id: row.user_id },
        action: 'participantCanceled',
        subject: cancellation.registrationId,
        details: {
          from: 'paid',
          to: 'canceled',
          amountJpy: cancellation.amountJpy,
          policyAmountJpy: cancellation.policyAmountJpy,
        },
        editionId: row.edition_id,
      })
    }
    return row.registration_tier
  })
  if (canceled === undefined) return false
  deps.onSpotsReturned?.(canceled)
  await settleAddonRefunds(deps, sql`registration_id = ${cancellation.registrationId}::uuid`)
  return true
}
