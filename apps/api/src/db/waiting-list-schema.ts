import { supportedLanguages, waitingListStatuses } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { memberFormColumns, registrations } from './base-schema.ts'
import { instant } from './columns.ts'

/*
 * The waiting list (decision 115). Kept apart from schema.ts, which re-exports it. An entry waits for a spot of
 * its tier; an offer is a hold counted in `tier_inventory.taken`, so the tier stays sold out to everyone else
 * while it is out (src/services/waiting-list.ts).
 */

export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    entryId: uuid('entry_id').primaryKey(),
    /** Insertion order: the list is first come, first served in this order. */
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    ...memberFormColumns(),
    /** The language the member joined in: their offer mails are written in it, and their registration too. */
    language: text('language', { enum: supportedLanguages }).notNull(),
    /**
     * waiting → offered (a spot is held for them) → accepted (the hold became a pending registration), or
     * expired (the offer ran out), or left (the member left the list or declined the offer).
     */
    status: text('status', { enum: waitingListStatuses }).notNull(),
    joinedAt: instant('joined_at').notNull(),
    offeredAt: instant('offered_at'),
    offerExpiresAt: instant('offer_expires_at'),
    /** The registration the accepted offer became. */
    registrationId: uuid('registration_id').references(() => registrations.registrationId),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    check(
      'waiting_list_entries_status',
      sql`${table.status} in ('waiting', 'offered', 'accepted', 'expired', 'left')`,
    ),
    check(
      'waiting_list_entries_offer_deadline',
      sql`${table.status} <> 'offered' or ${table.offerExpiresAt} is not null`,
    ),
    // One open entry (waiting or offered) per member and edition, whatever the concurrency.
    uniqueIndex('waiting_list_entries_one_open_per_user')
      .on(table.editionId, table.userId)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    // The head of each tier's queue.
    index('waiting_list_entries_queue')
      .on(table.editionId, table.registrationTier, table.position)
      .where(sql`${table.status} = 'waiting'`),
    // Offers whose deadline passed.
    index('waiting_list_entries_offer_expiry')
      .on(table.offerExpiresAt)
      .where(sql`${table.status} = 'offered'`),
  ],
)
