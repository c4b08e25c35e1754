import type { PushMessage } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { instant } from './columns.ts'

/*
 * Web Push (decision 176). A subscription is a browser, not a person: its push endpoint and keys, the language,
 * what it asked to be told and the sessions starred on it, and nothing else. Pushes owed are rows of the push
 * outbox, written in the transaction of what causes them and sent afterwards (src/push/outbox.ts).
 */

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    subscriptionId: uuid('subscription_id').primaryKey(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language').notNull(),
    /** announcements, changes, reminders. */
    categories: text('categories').array().notNull(),
    /** Session ids, which stay across timetable versions (decision 172). */
    starred: text('starred').array().notNull(),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [uniqueIndex('push_subscriptions_endpoint').on(table.endpoint)],
)

export const pushOutbox = pgTable(
  'push_outbox',
  {
    pushId: uuid('push_id').primaryKey(),
    /** Deleting a subscription drops what it was still owed. */
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.subscriptionId, { onDelete: 'cascade' }),
    /** What the push is about (`announcement:<id>`, `change:<version>:<session>`, `reminder:<session>`). */
    subject: text('subject').notNull(),
    /** Written in the subscription's language when owed. */
    message: jsonb('message').$type<PushMessage>().notNull(),
    /** Web Push urgency: `high` for urgent announcements and changes, `normal` otherwise. */
    urgency: text('urgency').notNull(),
    /** After this the push is no use (the session started or ended) and is not sent: its TTL runs to it. */
    expiresAt: instant('expires_at').notNull(),
    /** pending → sent, or failed after the last retry or once expired. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    leaseUntil: instant('lease_until'),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
  },
  (table) => [
    check('push_outbox_status', sql`${table.status} in ('pending', 'sent', 'failed')`),
    check('push_outbox_urgency', sql`${table.urgency} in ('normal', 'high')`),
    // One push per subject and subscription, however often its cause is reported: a reminder once per session.
    uniqueIndex('push_outbox_one_per_subject').on(table.subscriptionId, table.subject),
    index('push_outbox_due').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
  ],
)
