import { registrationTiers, tShirtSizes } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { editionColumn, registrations } from './base-schema.ts'
import { instant, oneOf } from './columns.ts'

/*
 * A paid participant's moves to another tier (docs/decisions/167-participants-change-tier.md). Kept apart from
 * schema.ts, which re-exports it.
 */

export const tierChangeStatuses = ['awaiting_payment', 'applied', 'expired'] as const
export const tierChangeRefundStatuses = ['none', 'owed', 'refunded', 'refused'] as const

/**
 * One row per confirmation (registration and client key): a second request under the same key finds it and
 * answers it. A downgrade is `applied` in the transaction that moves the registration, with its refund `owed`,
 * and the refund is asked for under the key `tier-change-refund-<change id>` until the provider refunds or
 * refuses. An upgrade is `awaiting_payment` with its Checkout session, holding a spot of `to_tier` (counted in
 * `tier_inventory.taken`) until its payment applies it or the session ends (`expired`).
 */
export const tierChanges = pgTable(
  'tier_changes',
  {
    changeId: uuid('change_id').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.registrationId),
    editionId: editionColumn(),
    clientKey: text('client_key').notNull(),
    fromTier: text('from_tier', { enum: registrationTiers }).notNull(),
    toTier: text('to_tier', { enum: registrationTiers }).notNull(),
    /** The size the participant chose for a sponsor tier; null otherwise. */
    tShirtSize: text('t_shirt_size', { enum: tShirtSizes }),
    direction: text('direction', { enum: ['upgrade', 'downgrade'] }).notNull(),
    /** The target tier's price in the edition: the registration's fee once the change applies. */
    priceJpy: integer('price_jpy').notNull(),
    /** What an upgrade charges, or what a downgrade refunds. */
    amountJpy: integer('amount_jpy').notNull(),
    status: text('status', { enum: tierChangeStatuses }).notNull(),
    refundStatus: text('refund_status', { enum: tierChangeRefundStatuses }).notNull(),
    checkoutSessionId: text('checkout_session_id').unique(),
    paymentUrl: text('payment_url'),
    /** While awaiting payment: when the session, and the hold of the spot, end. */
    expiresAt: instant('expires_at'),
    providerRefundId: text('provider_refund_id'),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull(),
    appliedAt: instant('applied_at'),
    refundedAt: instant('refunded_at'),
  },
  (table) => [
    uniqueIndex('tier_changes_one_per_key').on(table.registrationId, table.clientKey),
    // One upgrade waiting for its payment per registration.
    uniqueIndex('tier_changes_one_awaiting_payment')
      .on(table.registrationId)
      .where(sql`${table.status} = 'awaiting_payment'`),
    index('tier_changes_refund_owed').on(table.createdAt).where(sql`${table.refundStatus} = 'owed'`),
    check('tier_changes_status', oneOf(table.status, tierChangeStatuses)),
    check('tier_changes_refund_status', oneOf(table.refundStatus, tierChangeRefundStatuses)),
    check('tier_changes_direction', sql`${table.direction} in ('upgrade', 'downgrade')`),
    check('tier_changes_amount_non_negative', sql`${table.amountJpy} >= 0`),
  ],
)
