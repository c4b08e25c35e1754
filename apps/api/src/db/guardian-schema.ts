import { sql } from 'drizzle-orm'
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { editionColumn, registrations, users } from './base-schema.ts'
import { instant } from './columns.ts'

export const guardianStatuses = ['requested', 'confirmed', 'declined'] as const

/*
 * A participant who will be 13 or under on the event day names a guardian (docs/decisions/184-guardians.md):
 * one row per minor and edition, naming the guardian's registration; the guardian confirms or declines it.
 * The row is the "minor" answer itself: no birth date is stored. Kept apart from schema.ts, which re-exports it.
 */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    editionId: editionColumn(),
    minorUserId: uuid('minor_user_id')
      .notNull()
      .references(() => users.userId),
    guardianRegistrationId: uuid('guardian_registration_id')
      .notNull()
      .references(() => registrations.registrationId),
    status: text('status', { enum: guardianStatuses }).notNull(),
    requestedAt: instant('requested_at').notNull(),
    decidedAt: instant('decided_at'),
  },
  (table) => [
    primaryKey({ columns: [table.editionId, table.minorUserId] }),
    check('guardian_links_status', sql`${table.status} in ('requested', 'confirmed', 'declined')`),
    index('guardian_links_by_guardian').on(table.guardianRegistrationId),
  ],
)
