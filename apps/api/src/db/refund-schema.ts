import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { registrations } from './base-schema.ts'
import { instant, refundColumns } from './columns.ts'
import { editions } from './edition-schema.ts'

/*
 * Cancellations with a refund (decision 111). Kept apart from schema.ts, which re-exports it. The registration
 * itself only becomes `canceled`; what was refunded, by whom and why lives here.
 */

/**
 * The audit record of a registration canceled with a refund: one per registration, written in the same
 * transaction that cancels it and gives its spot back, whoever refunded (staff in the reception app, someone
 * in the Stripe Dashboard, the event-cancelled run, the participant on My Page).
 */
export const registrationRefunds = pgTable(
  'registration_refunds',
  {
    registrationId: uuid('registration_id').primaryKey(),
    ...refundColumns(),
    /** Stripe's `re_…`, when the refund went through the API; null for 0 yen and Dashboard refunds. */
    providerRefundId: text('provider_refund_id'),
    /** The client's key of the request that refunded, so resending it answers the same refund. */
    clientKey: text('client_key'),
    refundedAt: instant('refunded_at').notNull(),
  },
  (table) => [
    check(
      'registration_refunds_source',
      sql`${table.source} in ('staff', 'stripe_dashboard', 'event_cancelled', 'participant')`,
    ),
    check('registration_refunds_amount_non_negative', sql`${table.amountJpy} >= 0`),
  ],
)

/**
 * Every request to the payment provider to refund a registration. Attempt n of a registration uses the
 * provider idempotency key `registration-refund-<id>-<n>`: concurrent requests and API instances share the
 * attempt row and so the key, and the provider refunds once. Only a refusal by the provider marks an attempt
 * failed and lets the next one use a new key; an attempt whose outcome is unknown (timeout, crash) stays
 * `requested` and is retried with the same key.
 */
export const refundAttempts = pgTable(
  'refund_attempts',
  {
    registrationId: uuid('registration_id').notNull(),
    attempt: integer('attempt').notNull(),
    providerKey: text('provider_key').notNull(),
    ...refundColumns(),
    clientKey: text('client_key'),
    status: text('status', { enum: ['requested', 'succeeded', 'failed'] }).notNull(),
    /** The provider's refusal, for staff and the logs. */
    error: text('error'),
    requestedAt: instant('requested_at').notNull(),
    finishedAt: instant('finished_at'),
  },
  (table) => [
    uniqueIndex('refund_attempts_registration_attempt').on(table.registrationId, table.attempt),
    index('refund_attempts_requested').on(table.registrationId).where(sql`${table.status} = 'requested'`),
    check('refund_attempts_status', sql`${table.status} in ('requested', 'succeeded', 'failed')`),
  ],
)

/**
 * The event-cancelled refund run: every paid registration is refunded the fee minus the per-person expenses, in
 * batches, until none is paid. The run keeps only its input; each batch takes whatever is still paid, and its
 * counts are read from the registrations and their refunds, so a batch repeated after a crash is never counted
 * twice. Whoever holds the lease (`claimed_until`) drives it; a dead driver's lease passes and the next instance
 * asked for the run's progress takes over. A run waiting to retry refusals sets `claimed_until` to the retry
 * with no holder. Its existence means its edition's event is cancelled (registration stays off, decision 113);
 * it refunds that edition's registrations only, and drives only while that edition is current (decision 162).
 */
export const eventCancellationRuns = pgTable(
  'event_cancellation_runs',
  {
    runId: uuid('run_id').primaryKey(),
    /** The edition whose event is cancelled: the current one when the run started. */
    editionId: text('edition_id')
      .notNull()
      .references(() => editions.editionId),
    expensesPerPersonJpy: integer('expenses_per_person_jpy').notNull(),
    status: text('status', { enum: ['running', 'finished'] }).notNull(),
    /** Paid registrations when the run started. */
    totalRegistrations: integer('total_registrations').notNull(),
    /** No longer written (batches take whatever is still paid); kept rather than dropped by a migration. */
    cursor: uuid('cursor'),
    claimedUntil: instant('claimed_until'),
    /** The driving instance (a random id per process). */
    claimedBy: text('claimed_by'),
    startedBy: text('started_by').notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    lastError: text('last_error'),
  },
  (table) => [
    check('event_cancellation_runs_status', sql`${table.status} in ('running', 'finished')`),
    // One run at a time per edition.
    uniqueIndex('event_cancellation_runs_one_running')
      .on(table.editionId)
      .where(sql`${table.status} = 'running'`),
  ],
)

/**
 * A refund's share of one of the registration's payments (decision 168): once a participant has paid an upgrade's
 * difference, the registration's money sits in two or more Stripe payments, and each refund (a cancellation's
 * attempt, a downgrade's difference) is split across them, newest payment first, each at most what is left of it.
 * One row per refund and payment, planned under the registration's row lock and then asked for under its own
 * provider key: the refund's key on the registration's first payment (as before there were splits), the key
 * followed by the payment's session on another. A refused share is `failed`; a share whose answer was lost stays
 * `requested` and is retried with the same key.
 */
export const refundSplits = pgTable(
  'refund_splits',
  {
    providerKey: text('provider_key').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.registrationId),
    /** The refund this share belongs to: the attempt's or the downgrade's provider key. */
    refundKey: text('refund_key').notNull(),
    /** The payment refunded: the checkout session it was made in. */
    checkoutSessionId: text('checkout_session_id').notNull(),
    amountJpy: integer('amount_jpy').notNull(),
    status: text('status', { enum: ['requested', 'succeeded', 'failed'] }).notNull(),
    providerRefundId: text('provider_refund_id'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    index('refund_splits_registration').on(table.registrationId),
    index('refund_splits_refund').on(table.refundKey),
    check('refund_splits_status', sql`${table.status} in ('requested', 'succeeded', 'failed')`),
    check('refund_splits_amount_positive', sql`${table.amountJpy} > 0`),
  ],
)
