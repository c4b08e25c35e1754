import { errorBody } from '@furfes/core'
import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import type { RefundService } from '../services/refunds.ts'
import type { RegistrationService } from '../services/registrations.ts'
import { type PaymentEvent, type PaymentGateway, WebhookVerificationError } from './gateway.ts'

/** Where Stripe posts its events (configured on the Stripe webhook endpoint; decision 032). */
export const paymentWebhookPath = '/webhooks/stripe'

/**
 * A delivery that claimed an event and has not finished it after this long is presumed dead (a crashed or
 * timed-out instance); the next delivery of the event takes it over. Longer than any request may take.
 */
const claimLeaseMs = 60_000

type WebhookOutcome =
  | 'paid'
  | 'already_paid'
  | 'refunded_automatically'
  | 'already_refunded'
  | 'expired'
  | 'not_pending'
  | 'unknown_session'
  | 'canceled'
  | 'already_canceled'
  | 'tier_change'
  | 'ignored'
  | 'refund_failed'
  | 'addon_refunded'

type Claim = { kind: 'claimed' } | { kind: 'duplicate'; outcome: string | null } | { kind: 'in_progress' }

/**
 * Records the event and claims it for this delivery, or says why not: applied already (a duplicate), or being
 * applied by another delivery right now. Each step is one statement, so concurrent deliveries of one event
 * agree on exactly one claimant.
 */
async function claim(db: Executor, event: PaymentEvent, now: number): Promise<Claim> {
  const inserted = await queryRows(
    db,
    sql`insert into payment_webhook_events
          (event_id, event_type, checkout_session_id, event_created_at, received_at, claimed_at)
        values (${event.id}, ${event.type}, ${event.sessionId ?? null}, ${iso(event.createdAt)}::timestamptz,
          ${iso(now)}::timestamptz, ${iso(now)}::timestamptz)
        on conflict (event_id) do nothing
        returning event_id`,
  )
  if (inserted.length > 0) return { kind: 'claimed' }
  const takenOver = await queryRows(
    db,
    sql`update payment_webhook_events
        set claimed_at = ${iso(now)}::timestamptz, deliveries = deliveries + 1
        where event_id = ${event.id} and processed_at is null
          and claimed_at <= ${iso(now - claimLeaseMs)}::timestamptz
        returning event_id`,
  )
  if (takenOver.length > 0) return { kind: 'claimed' }
  const [seen] = await queryRows<{ processed: boolean; outcome: string | null }>(
    db,
    sql`update payment_webhook_events set deliveries = deliveries + 1 where event_id = ${event.id}
        returning processed_at is not null as processed, outcome`,
  )
  return seen?.processed ? { kind: 'duplicate', outcome: seen.outcome } : { kind: 'in_progress' }
}

/**
 * What an event does to its registration, as the lifecycle table says (decision 141). Out of order is fine: a
 * payment is kept by a pending registration, or by an expired one that can take a spot again, and otherwise
 * refunded in full automatically; an ended registration stays ended; `expired` only ends a registration that is
 * still pending, so a late "expired" never un-pays a paid one (decision 032).
 */
async function apply(
  event: PaymentEvent,
  services: { registrations: RegistrationService; refunds: RefundService; gateway: PaymentGateway },
  logger: Logger,
): Promise<WebhookOutcome> {
  const { registrations } = services
  if (event.effect === 'refunded' && event.refund) {
    // A refund of a payment: ours completes what we recorded; one made elsewhere ends the registration too
    // (decision 111). Only a registration still paid changes, so repeats and late events change nothing.
    const sessionId =
      event.sessionId ?? (await services.gateway.checkoutSessionOfPayment(event.refund.paymentId))
    if (sessionId === undefined) return 'unknown_session'
    // An add-on is paid in a session of its own (decision 178): its refund concerns only the purchase.
    const addon = await registrations.addons.providerRefunded(sessionId, event.refund.amountRefundedJpy)
    return addon ?? services.refunds.providerRefunded(sessionId, event.refund.amountRefundedJpy)
  }
  if (event.effect === 'refund_failed' && event.failedRefund) {
    // The card could not take the money back after Stripe accepted the refund (a closed card). The registration
    // stays canceled (its spot may be someone else's by now): staff pay the participant back another way
    // (docs/operations.md, "When a refund fails").
    logger.error('A refund failed after Stripe accepted it: pay the participant back another way', {
      eventId: event.id,
      ...event.failedRefund,
    })
    return 'refund_failed'
  }
  if (event.sessionId === undefined || event.effect === 'none') return 'ignored'
  if (event.effect === 'expired') {
    return (
      (await registrations.addons.markExpired(event.sessionId)) ?? registrations.markExpired(event.sessionId)
    )
  }
  const addon = await registrations.addons.markPaid(event.sessionId)
  return addon ?? (await registrations.markPaid(event.sessionId)).outcome
}

/**
 * POST /webhooks/stripe: verifies the signature on the raw body (300 s tolerance), applies each event id once,
 * and answers 2xx quickly so the provider stops retrying. 400 for anything that is not a genuine event; 503
 * while another delivery of the same event is being applied or when applying failed (the provider retries
 * both); never a 500.
 */
export function mountPaymentWebhook(
  app: Hono,
  options: {
    db: Executor
    gateway: PaymentGateway
    registrations: RegistrationService
    refunds: RefundService
    clock: () => number
    logger: Logger
  },
): void {
  const { db, gateway, registrations, refunds, clock } = options
  const logger = options.logger.child({ component: 'payment-webhook' })

  app.post(paymentWebhookPath, async (context) => {
    const receivedAt = clock()
    const rawBody = new Uint8Array(await context.req.arrayBuffer())
    let event: PaymentEvent
    try {
      event = await gateway.verifyWebhook(rawBody, context.req.header('stripe-signature'), receivedAt)
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error
      logger.warn('Webhook refused', { reason: error.message, bytes: rawBody.byteLength })
      return context.json(errorBody('invalidRequest'), 400)
    }
    const fields = { eventId: event.id, type: event.type, sessionId: event.sessionId }
    try {
      const claimed = await claim(db, event, receivedAt)
      if (claimed.kind === 'duplicate') {
        logger.info('Webhook event already applied', { ...fields, outcome: claimed.outcome })
        return context.json({ received: true, duplicate: true }, 200)
      }
      if (claimed.kind === 'in_progress') {
        logger.info('Webhook event is being applied by another delivery', fields)
        return context.json(errorBody('highTraffic'), 503, { 'Retry-After': '1' })
      }
      let outcome: WebhookOutcome
      try {
        outcome = await apply(event, { registrations, refunds, gateway }, logger)
      } catch (error) {
        // Let the next delivery take the event over at once.
        await db.execute(
          sql`update payment_webhook_events set claimed_at = ${iso(0)}::timestamptz
              where event_id = ${event.id} and processed_at is null`,
        )
        throw error
      }
      await db.execute(
        sql`update payment_webhook_events
            set processed_at = ${iso(clock())}::timestamptz, outcome = ${outcome}
            where event_id = ${event.id}`,
      )
      logger.info('Webhook event applied', { ...fields, outcome, lagMs: receivedAt - event.createdAt })
      return context.json({ received: true, outcome }, 200)
    } catch (error) {
      logger.error('Webhook event could not be applied; the provider will retry it', { ...fields, error })
      return context.json(errorBody('highTraffic'), 503, { 'Retry-After': '1' })
    }
  })
}
