import type { Edition } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core'
import { instant, oneOf } from './columns.ts'

/*
 * Editions (decision 155): each festival as one record the committee edits, kept apart from schema.ts, which
 * re-exports it. The record is core's `Edition` without its id, stored as a document and checked with core's
 * schema on every write and read; `version` counts its saves, so two staff editing at once cannot overwrite each
 * other silently.
 */

export const editionStatuses = ['draft', 'published'] as const

export const editions = pgTable(
  'editions',
  {
    /** The edition's short name (`2025`). */
    editionId: text('edition_id').primaryKey(),
    settings: jsonb('settings').$type<Omit<Edition, 'id'>>().notNull(),
    /** A draft is being prepared and shows nowhere; a published edition can be made current. */
    status: text('status', { enum: editionStatuses }).notNull(),
    version: integer('version').notNull(),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    /** The admin (admins pool `sub`) who saved it last; null when seeded. */
    updatedBy: text('updated_by'),
    /** The last badge number given in this edition (decision 189): the row's lock keeps the numbers unique. */
    badgeNumbersIssued: integer('badge_numbers_issued').notNull().default(0),
  },
  (table) => [check('editions_status', oneOf(table.status, editionStatuses))],
)

/** Which edition is current: the one the site sells and the door admits. One row. */
export const currentEdition = pgTable(
  'current_edition',
  {
    id: smallint('id').primaryKey().default(1),
    editionId: text('edition_id')
      .notNull()
      .references(() => editions.editionId),
    since: instant('since').notNull(),
  },
  (table) => [check('current_edition_single_row', sql`${table.id} = 1`)],
)

export const editionChangeActions = ['seeded', 'created', 'updated', 'published', 'made_current'] as const

/** Every change of an edition: who, when, and the record before and after. */
export const editionChanges = pgTable(
  'edition_changes',
  {
    changeId: bigserial('change_id', { mode: 'number' }).primaryKey(),
    editionId: text('edition_id')
      .notNull()
      .references(() => editions.editionId),
    action: text('action', { enum: editionChangeActions }).notNull(),
    /** Null when seeded at start. */
    staffUserId: text('staff_user_id'),
    changedAt: instant('changed_at').notNull(),
    before: jsonb('before').$type<Omit<Edition, 'id'>>(),
    after: jsonb('after').$type<Omit<Edition, 'id'>>().notNull(),
  },
  (table) => [
    check('edition_changes_action', oneOf(table.action, editionChangeActions)),
    index('edition_changes_by_edition').on(table.editionId, table.changedAt),
  ],
)
