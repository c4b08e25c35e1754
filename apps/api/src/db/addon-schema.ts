import { addonPurchaseStatuses } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { editionColumn, registrations } from './base-schema.ts'
import { instant, oneOf } from './columns.ts'

/*
 * Add-on products and their purchases (docs/decisions/178-add-on-products.md). Kept apart from schema.ts, which
 * re-exports it.
 */

/**
 * What an edition sells besides registrations, seeded with the edition (the cooking club's tasting). `taken`
 * counts the purchases holding a place (pending and paid); src/services/inventory.ts is its one writer, and
 * keeps `taken <= capacity`.
 */
export const addonProducts = pgTable(
  'addon_products',
  {
    editionId: editionColumn(),
    code: text('code').notNull(),
    nameJa: text('name_ja').notNull(),
    nameEn: text('name_en').notNull(),
    priceJpy: integer('price_jpy').notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
    saleOpensAt: instant('sale_opens_at').notNull(),
    saleClosesAt: instant('sale_closes_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.editionId, table.code] }),
    check('addon_products_price_positive', sql`${table.priceJpy} > 0`),
    check(
      'addon_products_taken_within_capacity',
      sql`${table.taken} >= 0 and ${table.taken} <= ${table.capacity}`,
    ),
  ],
)

/**
 * One purchase of an add-on by a paid registration, paid in its own checkout session (its own payment, refunded
 * on its own: refunds with the key `addon-refund-<purchase>`). At most one holds a place per registration and
 * product.
 */
export const addonPurchases = pgTable(
  'addon_purchases',
  {
    purchaseId: uuid('purchase_id').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.registrationId),
    editionId: editionColumn(),
    productCode: text('product_code').notNull(),
    status: text('status', { enum: addonPurchaseStatuses }).notNull(),
    /** The price when the place was taken. */
    amountJpy: integer('amount_jpy').notNull(),
    checkoutSessionId: text('checkout_session_id').unique(),
    paymentUrl: text('payment_url'),
    /** While pending: when the checkout, and with it the held place, ends. */
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    paidAt: instant('paid_at'),
    /** When the refund was decided (the place went back then), what it gives back, and the provider's refund. */
    refundedAt: instant('refunded_at'),
    refundJpy: integer('refund_jpy'),
    providerRefundId: text('provider_refund_id'),
    /** The last failure of the refund request, for staff and the logs; the sweep retries it. */
    refundError: text('refund_error'),
  },
  (table) => [
    check('addon_purchases_status', oneOf(table.status, addonPurchaseStatuses)),
    uniqueIndex('addon_purchases_one_per_registration')
      .on(table.registrationId, table.productCode)
      .where(sql`${table.status} in ('pending', 'paid')`),
    index('addon_purchases_registration').on(table.registrationId),
    index('addon_purchases_pending').on(table.expiresAt).where(sql`${table.status} = 'pending'`),
  ],
)
