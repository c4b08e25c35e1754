import { badgePrintKinds, badgePrintStatuses } from '@furfes/core'
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { registrations } from './base-schema.ts'
import { instant, oneOf } from './columns.ts'

/**
 * Every tick of a line of goods handed over, and every tick taken off, that a reception device uploaded
 * (docs/decisions/180-goods-handed-out.md). A line's tick in force is its latest accepted row for the
 * registration and the goods key: handed over when it is a mark. Rows are never changed after insert.
 */
export const goodsTicks = pgTable(
  'goods_ticks',
  {
    /** Made by the device (crypto.randomUUID); a resent tick is recognised by it. */
    id: uuid('id').primaryKey(),
    /** The order of arrival: the latest accepted row of a line is the one in force. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.registrationId),
    /** The line of goods (core's goodsFor): a benefit such as `tShirt`, or `addOn:<id>`. */
    goods: text('goods').notNull(),
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name'),
    /** The device clock when staff ticked the line or took the tick off. */
    markedAt: instant('marked_at').notNull(),
    kind: text('kind', { enum: badgePrintKinds }).notNull(),
    status: text('status', { enum: badgePrintStatuses }).notNull(),
    /** The API clock when it was stored. */
    receivedAt: instant('received_at').notNull(),
    /** The admin (admins pool `sub`) whose token uploaded it. */
    receivedBy: text('received_by').notNull(),
  },
  (table) => [
    check('goods_ticks_kind', oneOf(table.kind, badgePrintKinds)),
    check('goods_ticks_status', oneOf(table.status, badgePrintStatuses)),
    index('goods_ticks_registration').on(table.registrationId, table.goods, table.seq),
  ],
)
