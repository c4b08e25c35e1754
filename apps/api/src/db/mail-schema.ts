import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { announcementRecipients } from './announcement-schema.ts'
import { registrations } from './base-schema.ts'
import { instant } from './columns.ts'
import { waitingListEntries } from './waiting-list-schema.ts'

/*
 * Mail (decision 100). Kept apart from schema.ts, which re-exports it. A row is written in the same transaction as
 * the registration change that causes the mail; the sender (src/mail/outbox.ts) delivers it afterwards.
 */

/**
 * Mails owed to participants. Only what says which mail is owed is stored: the address, the language and the
 * content are read from the registration when the mail is sent, so no personal data is copied here.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    mailId: uuid('mail_id').primaryKey(),
    /** The template (src/mail/templates.ts): receipt, checkout_lapsed, … */
    kind: text('kind').notNull(),
    /** The registration the mail is about; null for a waiting-list mail. */
    registrationId: uuid('registration_id').references(() => registrations.registrationId),
    /** The waiting-list entry the mail is about (decision 115); null for a registration mail. */
    waitingEntryId: uuid('waiting_entry_id').references(() => waitingListEntries.entryId),
    /** The recipient of an announcement (decision 173); null for any other mail. */
    announcementRecipientId: uuid('announcement_recipient_id').references(
      () => announcementRecipients.recipientId,
    ),
    /** pending → sent, or failed when the mail server refused it for good, or skipped when it no longer applies. */
    status: text('status').notNull().default('pending'),
    /** Delivery attempts started so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When the sender may try (again); retries back off exponentially. */
    nextAttemptAt: instant('next_attempt_at').notNull(),
    /** A sender took the row until then; another sender leaves it alone until the lease runs out. */
    leaseUntil: instant('lease_until'),
    lastError: text('last_error'),
    /** The Message-ID the mail server accepted. */
    messageId: text('message_id'),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
  },
  (table) => [
    check('mail_outbox_status', sql`${table.status} in ('pending', 'sent', 'failed', 'skipped')`),
    // One mail of a kind per registration, however often or in whatever order its cause is reported.
    uniqueIndex('mail_outbox_one_per_registration').on(table.registrationId, table.kind),
    uniqueIndex('mail_outbox_one_per_waiting_entry').on(table.waitingEntryId, table.kind),
    uniqueIndex('mail_outbox_one_per_announcement_recipient').on(table.announcementRecipientId, table.kind),
    check(
      'mail_outbox_one_subject',
      sql`num_nonnulls(${table.registrationId}, ${table.waitingEntryId}, ${table.announcementRecipientId}) = 1`,
    ),
    // What the sender looks for: due pending mail, oldest first.
    index('mail_outbox_due').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
  ],
)
