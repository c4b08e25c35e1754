import { checkInKinds, checkInRejectionReasons, checkInStatuses } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { registrations } from './base-schema.ts'
import { instant } from './columns.ts'

/*
 * Reception check-ins (decisions 070 and 073). Kept apart from schema.ts, which re-exports it, so
 * that the check-in tables can be read and migrated on their own.
 */

/**
 * Every check-in and undo a reception device uploaded, whatever the answer, never updated or deleted (the
 * audit log). `seq` is the cursor of GET /admin/check-ins: it is drawn while the writer holds the log's
 * advisory lock until it commits, so numbers become visible in order and a cursor never passes a row that
 * commits later (decision 073).
 */
export const checkIns = pgTable(
  'check_ins',
  {
    /** Made by the device (crypto.randomUUID); a resent item is recognised by it. */
    id: uuid('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    /** Not a foreign key: a check-in of an unknown registration is kept too (answered rejected). */
    registrationId: uuid('registration_id').notNull(),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name'),
    /** The device clock when staff checked the person in or undid it. */
    checkedInAt: instant('checked_in_at').notNull(),
    kind: text('kind', { enum: checkInKinds }).notNull(),
    /** With kind undo: the check-in it cancels (as sent; it may name no stored check-in). */
    undoes: uuid('undoes'),
    status: text('status', { enum: checkInStatuses }).notNull(),
    /** With status rejected. */
    reason: text('reason', { enum: checkInRejectionReasons }),
    /** With status duplicate: the check-in in force when this one arrived. */
    firstCheckInId: uuid('first_check_in_id'),
    /** The API clock when it was stored. */
    receivedAt: instant('received_at').notNull(),
    /** The admin (admins pool `sub`) whose token uploaded it. */
    receivedBy: text('received_by').notNull(),
  },
  (table) => [
    check('check_ins_kind', sql`${table.kind} in ('check_in', 'undo')`),
    check('check_ins_status', sql`${table.status} in ('accepted', 'duplicate', 'rejected')`),
    check('check_ins_undo_target', sql`(${table.kind} = 'undo') = (${table.undoes} is not null)`),
    index('check_ins_registration').on(table.registrationId),
  ],
)

/**
 * Per registration, the check-in in force (null after an undo). Its row is the lock that serialises the
 * check-ins of one registration across API instances: the first to take it wins.
 */
export const checkInStates = pgTable('check_in_states', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => registrations.registrationId),
  checkInId: uuid('check_in_id').references(() => checkIns.id),
  updatedAt: instant('updated_at').notNull(),
})
