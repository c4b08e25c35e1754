import { staffAuditActions } from '@furfes/core'
import { bigserial, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { instant, oneOf } from './columns.ts'

/*
 * The staff audit trail (docs/decisions/157-staff-audit-trail.md): who among the staff did what and when. Rows
 * are only ever added, in the transaction of the change they record where there is one. Kept apart from
 * schema.ts, which re-exports it.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    /** Grows with each entry: the audit list's cursor and its order within one instant. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull(),
    /** The staff member (admins pool `sub`). */
    actorId: text('actor_id').notNull(),
    /** Their e-mail address when the API knows it. */
    actorEmail: text('actor_email'),
    action: text('action', { enum: staffAuditActions }).notNull(),
    /** What the action was done to: a registration id, a staff member's e-mail address, `feature_flags` … */
    subject: text('subject').notNull(),
    /** Before and after, amounts, reasons: what a reader needs to understand the change. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    /** The edition the change belongs to, when it belongs to one. */
    editionId: text('edition_id'),
  },
  (table) => [
    check('staff_audit_action', oneOf(table.action, staffAuditActions)),
    index('staff_audit_by_action').on(table.action, table.id),
    index('staff_audit_by_actor').on(table.actorId, table.id),
  ],
)
