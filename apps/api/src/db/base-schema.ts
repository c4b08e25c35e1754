import {
  changingRoomTypes,
  complimentaryKinds,
  paymentStatuses,
  profilePrivacies,
  registrationTiers,
  supportedLanguages,
  tShirtSizes,
} from '@furfes/core'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { instant, oneOf, registrationTier } from './columns.ts'
import { editions } from './edition-schema.ts'

/*
 * The tables every other block refers to: feature flags, users, tiers, registrations and what members enter.
 * schema.ts gathers them with the other blocks.
 */

/** One row: the product-wide feature flags (docs/requirements.md STAT-4). */
export const featureFlags = pgTable(
  'feature_flags',
  {
    id: smallint('id').primaryKey().default(1),
    isNewClubActivityEstablishmentAvailable: boolean(
      'is_new_club_activity_establishment_available',
    ).notNull(),
    isRegistrationAvailable: boolean('is_registration_available').notNull(),
    isUnderMaintenance: boolean('is_under_maintenance').notNull(),
    updatedAt: instant('updated_at').notNull(),
    /** The admin (admins pool `sub`) who last changed them; null for the seeded defaults. */
    updatedBy: text('updated_by'),
  },
  (table) => [check('feature_flags_single_row', sql`${table.id} = 1`)],
)

/**
 * Every member the API has seen (a Cognito `sub`), with the e-mail address last read from Cognito GetUser.
 * The admin participant list is this table.
 */
export const users = pgTable('users', {
  userId: uuid('user_id').primaryKey(),
  email: text('email'),
  emailVerified: boolean('email_verified'),
  emailSyncedAt: instant('email_synced_at'),
  createdAt: instant('created_at').notNull(),
  /**
   * When retention deleted the account (decision 161): Cognito's user is gone and this row is a bare id kept
   * for the registrations of erased editions that name it.
   */
  erasedAt: instant('erased_at'),
})

/** The edition a row belongs to (decision 158). */
export const editionColumn = () =>
  text('edition_id')
    .notNull()
    .references(() => editions.editionId)

/**
 * Spots per tier of an edition. `taken` counts paid registrations plus pending ones whose spot has not been
 * released yet, plus open waiting-list offers; src/services/inventory.ts is its one writer.
 */
export const tierInventory = pgTable(
  'tier_inventory',
  {
    editionId: editionColumn(),
    registrationTier: registrationTier().notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.editionId, table.registrationTier] }),
    check('tier_inventory_capacity_non_negative', sql`${table.capacity} >= 0`),
    check('tier_inventory_taken_non_negative', sql`${table.taken} >= 0`),
  ],
)

/**
 * What a registration and a waiting-list entry both hold: the edition, the member, and the fields of the
 * registration form they filled in.
 */
export const memberFormColumns = () => ({
  editionId: editionColumn(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.userId),
  registrationTier: registrationTier().notNull(),
  badgeName: text('badge_name').notNull(),
  tShirtSize: text('t_shirt_size', { enum: tShirtSizes }),
  changingRoomType: text('changing_room_type', { enum: changingRoomTypes }),
  /** What the member told reception staff about their access needs; null when nothing (decision 185). */
  accessNeeds: text('access_needs'),
})

export const registrations = pgTable(
  'registrations',
  {
    registrationId: uuid('registration_id').primaryKey(),
    ...memberFormColumns(),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull(),
    amountJpy: integer('amount_jpy').notNull(),
    /** The payment provider's checkout session (Stripe `cs_…`); null until the session is created. */
    checkoutSessionId: text('checkout_session_id').unique(),
    paymentUrl: text('payment_url'),
    /** While pending: when the checkout session, and with it the held spot, expires. */
    expiresAt: instant('expires_at').notNull(),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    paidAt: instant('paid_at'),
    /** The language the member registered in (`ja` or `en`): this registration's mails are written in it. */
    language: text('language', { enum: supportedLanguages }).notNull().default('ja'),
    /**
     * When the member agreed to the participation rules, with the request that started this registration
     * (the API takes none without it); null only on registrations made before the rule (decision 124).
     */
    rulesAgreedAt: instant('rules_agreed_at'),
    /** Registered by the desk without payment, and for whom; null for a registration paid for (decision 185). */
    complimentaryKind: text('complimentary_kind', { enum: complimentaryKinds }),
    /**
     * The short number on the badge staff read aloud (decision 189): 1, 2, 3… per edition, given once, when the
     * registration is first paid, in that transaction; null until then.
     */
    badgeNumber: integer('badge_number'),
  },
  (table) => [
    check(
      'registrations_payment_status',
      sql`${table.paymentStatus} in ('pending', 'paid', 'expired', 'canceled')`,
    ),
    check('registrations_language', sql`${table.language} in ('ja', 'en')`),
    check('registrations_registration_tier', oneOf(table.registrationTier, registrationTiers)),
    check('registrations_complimentary_kind', oneOf(table.complimentaryKind, complimentaryKinds)),
    // One pending or paid registration per user and edition, whatever the concurrency.
    uniqueIndex('registrations_one_live_per_user')
      .on(table.editionId, table.userId)
      .where(sql`${table.paymentStatus} in ('pending', 'paid')`),
    // Finds the pending registrations whose hold has run out, per tier.
    index('registrations_pending_expiry')
      .on(table.registrationTier, table.expiresAt)
      .where(sql`${table.paymentStatus} = 'pending'`),
    index('registrations_user_latest').on(table.userId, table.createdAt),
    // The participant list, figures and badge sheets of one edition.
    index('registrations_by_edition').on(table.editionId, table.paymentStatus),
    uniqueIndex('registrations_badge_number').on(table.editionId, table.badgeNumber),
  ],
)

export const profiles = pgTable(
  'profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.userId),
    privacy: text('privacy', { enum: profilePrivacies }).notNull(),
    handleName: text('handle_name').notNull(),
    urls: jsonb('urls').$type<string[]>().notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [check('profiles_privacy', sql`${table.privacy} in ('public', 'private')`)],
)

export const registrationAdditionalInfo = pgTable('registration_additional_info', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.userId),
  clubActivityXUsername: text('club_activity_x_username'),
  updatedAt: instant('updated_at').notNull(),
})

/**
 * Registration-code signing keys generated on first start (when none are configured), shared by every API
 * instance on the same database. The newest signs; all are published in the JWKS.
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: instant('created_at').notNull(),
})
