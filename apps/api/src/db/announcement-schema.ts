import { announcementUrgencies, type RegistrationTier } from '@furfes/core'
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { registrations } from './base-schema.ts'
import { instant, oneOf } from './columns.ts'
import { editions } from './edition-schema.ts'

/*
 * Announcements of the committee (decision 173): one row each, corrected in place (the audit trail keeps the
 * text before and after), and one row per registration it was mailed to, which makes "once per person" a database
 * fact whatever the retries.
 */

type LocalText = { ja: string; en: string }

export const announcements = pgTable(
  'announcements',
  {
    /** Chosen by the reception, so a publication sent twice publishes once. */
    announcementId: uuid('announcement_id').primaryKey(),
    editionId: text('edition_id')
      .notNull()
      .references(() => editions.editionId),
    title: jsonb('title').$type<LocalText>().notNull(),
    body: jsonb('body').$type<LocalText>().notNull(),
    urgency: text('urgency', { enum: announcementUrgencies }).notNull(),
    /** Counts the saves: a correction names the revision it was made on. */
    revision: integer('revision').notNull(),
    publishedAt: instant('published_at').notNull(),
    /** The admin (admins pool `sub`) who published it. */
    publishedBy: text('published_by').notNull(),
    updatedAt: instant('updated_at').notNull(),
    withdrawnAt: instant('withdrawn_at'),
    /** The tiers last asked to be mailed (empty: every tier); null while never sent by mail. */
    mailTiers: jsonb('mail_tiers').$type<RegistrationTier[]>(),
  },
  (table) => [
    check('announcements_urgency', oneOf(table.urgency, announcementUrgencies)),
    index('announcements_by_edition').on(table.editionId, table.publishedAt),
  ],
)

/** Who an announcement was mailed to: one row per registration, each with its one outbox mail. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    recipientId: uuid('recipient_id').primaryKey(),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.announcementId),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.registrationId),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [uniqueIndex('announcement_recipients_once').on(table.announcementId, table.registrationId)],
)
