import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { instant } from './columns.ts'

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
    /** What applying it did: paid, already_paid, refund_required, expired, not_pending, unknown_session, ignored. */
    outcome: text('outcome'),
  },
  (table) => [
    index('payment_webhook_events_session').on(table.checkoutSessionId),
    check('payment_webhook_events_deliveries_positive', sql`${table.deliveries} > 0`),
  ],
)
