import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { registrations } from './base-schema.ts'
import { instant } from './columns.ts'

/*
 * What the door should know about a registration (docs/decisions/175-door-attention.md): staff's note and the
 * attention flag, one row per registration that has either. Kept apart from schema.ts, which re-exports it.
 */
export const registrationAttention = pgTable('registration_attention', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => registrations.registrationId),
  flagged: boolean('flagged').notNull(),
  note: text('note').notNull(),
  updatedAt: instant('updated_at').notNull(),
  /** The staff member (admins pool `sub`) who last set them; the audit trail keeps every change. */
  updatedBy: text('updated_by').notNull(),
})
