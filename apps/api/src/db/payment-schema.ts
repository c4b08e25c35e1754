import { automaticRefundReasons, automaticRefundStatuses } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { registrations } from './base-schema.ts'
import { instant, oneOf } from './columns.ts'

/*
 * Payments (decisions 031 and 032). Kept apart from schema.ts, which re-exports it, so that the payment
 * tables can be read and migrated on their own.
 */

/**
 * Every Stripe webhook event the API has accepted (its signature verified), by Stripe's event id: an event is
 * applied once however often Stripe delivers it (decision 032). A delivery claims the row; `processed_at` is set
 * once its effect is done. A claim older than the lease whose delivery never finished (a crash) is taken over by
 * the next delivery of the same event.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    /** Stripe's `evt_…`. */
    eventId: text('event_id').primaryKey(),
    eventType: text('event_type').notNull(),
    /** The Checkout Session the event is about (`cs_…`), when it is about one. */
    checkoutSessionId: text('checkout_session_id'),
    /** Stripe's `created`: when the event happened, not when it arrived. */
    eventCreatedAt: instant('event_created_at').notNull(),
    receivedAt: instant('received_at').notNull(),
    claimedAt: instant('claimed_at').notNull(),
    /** How many deliveries of this event arrived (duplicates included). */
    deliveries: integer('deliveries').notNull().default(1),
    processedAt: instant('processed_at'),
    /** What applying it did: paid, already_paid, refunded_automatically, expired, not_pending, unknown_session, … */
    outcome: text('outcome'),
  },
  (table) => [
    index('payment_webhook_events_session').on(table.checkoutSessionId),
    check('payment_webhook_events_deliveries_positive', sql`${table.deliveries} > 0`),
  ],
)

/**
 * A payment that arrived for a registration it cannot pay for (decision 141): its hold had ended and the spot
 * went elsewhere, the member had canceled, the member had paid already, or the event is being cancelled. One
 * row per checkout session (a session is paid at most once), written in the transaction that records the
 * payment; the refund itself goes to the provider afterwards with the key `automatic-refund-<session>`, so
 * every retry, request and instance refunds once. `owed` until the provider refunds (`refunded`) or refuses
 * (`refused`: staff pay back by hand); the periodic sweep retries the owed ones.
 */
export const automaticRefunds = pgTable(
  'automatic_refunds',
  {
    checkoutSessionId: text('checkout_session_id').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.registrationId),
    /** The whole payment. */
    amountJpy: integer('amount_jpy').notNull(),
    reason: text('reason', { enum: automaticRefundReasons }).notNull(),
    status: text('status', { enum: automaticRefundStatuses }).notNull(),
    /** The provider's refund (`re_…`) once refunded. */
    providerRefundId: text('provider_refund_id'),
    /** Requests sent to the provider so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The last failure or the refusal, for staff and the logs. */
    lastError: text('last_error'),
    /** When the payment arrived. */
    owedAt: instant('owed_at').notNull(),
    refundedAt: instant('refunded_at'),
  },
  (table) => [
    index('automatic_refunds_registration').on(table.registrationId),
    index('automatic_refunds_owed').on(table.owedAt).where(sql`${table.status} = 'owed'`),
    check('automatic_refunds_reason', oneOf(table.reason, automaticRefundReasons)),
    check('automatic_refunds_status', oneOf(table.status, automaticRefundStatuses)),
    check('automatic_refunds_amount_positive', sql`${table.amountJpy} > 0`),
  ],
)

/**
 * Checkout sessions the API ended on its side but could not end at the provider (it was unreachable): still
 * payable there. The sweep asks the provider to end each until it confirms it expired, or reports it paid
 * (then it is a late payment, decision 141).
 */
export const checkoutSessionsToEnd = pgTable('checkout_sessions_to_end', {
  checkoutSessionId: text('checkout_session_id').primaryKey(),
  registrationId: uuid('registration_id')
    .notNull()
    .references(() => registrations.registrationId),
  since: instant('since').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
})
