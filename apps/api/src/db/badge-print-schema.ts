import { badgePrintKinds, badgePrintStatuses } from '@furfes/core'
import { bigint, boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { registrations } from './base-schema.ts'
import { instant, oneOf } from './columns.ts'

/**
 * Every printed badge mark, and every mark taken off, that a reception device uploaded
 * (docs/decisions/170-printed-badge-marks-on-the-server.md). A registration's mark in force is its latest
 * accepted row: printed when it is a mark, not printed when it is an unmark or there is none. `reprint_needed`
 * is the one column written after insert: a details change of the participant sets it on the mark in force.
 */
export const badgePrints = pgTable(
  'badge_prints',
  {
    /** Made by the device (crypto.randomUUID); a resent mark is recognised by it. */
    id: uuid('id').primaryKey(),
    /** The order of arrival: the latest accepted row is the one in force. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.registrationId),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name'),
    /** The device clock when staff marked the badge printed or took the mark off. */
    markedAt: instant('marked_at').notNull(),
    kind: text('kind', { enum: badgePrintKinds }).notNull(),
    status: text('status', { enum: badgePrintStatuses }).notNull(),
    reprintNeeded: boolean('reprint_needed').notNull().default(false),
    /** The API clock when it was stored. */
    receivedAt: instant('received_at').notNull(),
    /** The admin (admins pool `sub`) whose token uploaded it. */
    receivedBy: text('received_by').notNull(),
  },
  (table) => [
    check('badge_prints_kind', oneOf(table.kind, badgePrintKinds)),
    check('badge_prints_status', oneOf(table.status, badgePrintStatuses)),
    index('badge_prints_registration').on(table.registrationId, table.seq),
  ],
)
