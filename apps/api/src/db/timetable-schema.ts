import type { TimetableSession } from '@furfes/core'
import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { instant } from './columns.ts'
import { editions } from './edition-schema.ts'

/*
 * The timetable of each edition (decision 172): the committee's draft, one row per edition, and every published
 * version, kept. Sessions are core's `TimetableSession` list as a document, checked with core's schema on every
 * write and read.
 */

export const timetableDrafts = pgTable('timetable_drafts', {
  editionId: text('edition_id')
    .primaryKey()
    .references(() => editions.editionId),
  sessions: jsonb('sessions').$type<TimetableSession[]>().notNull(),
  /** Counts the saves: a save names the revision it was made on, so two staff cannot overwrite each other. */
  revision: integer('revision').notNull(),
  updatedAt: instant('updated_at').notNull(),
  /** The admin (admins pool `sub`) who saved last; null when seeded. */
  updatedBy: text('updated_by'),
})

export const timetableVersions = pgTable(
  'timetable_versions',
  {
    editionId: text('edition_id')
      .notNull()
      .references(() => editions.editionId),
    /** 1, 2, 3… per edition. */
    version: integer('version').notNull(),
    sessions: jsonb('sessions').$type<TimetableSession[]>().notNull(),
    publishedAt: instant('published_at').notNull(),
    /** Null when seeded. */
    publishedBy: text('published_by'),
  },
  (table) => [primaryKey({ columns: [table.editionId, table.version] })],
)
