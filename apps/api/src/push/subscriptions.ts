import { randomUUID } from 'node:crypto'
import {
  type Clock,
  type Language,
  type PushCategory,
  type PushMessage,
  sessionsDueForReminder,
  type TimetableSession,
  timetableChanges,
} from '@furfes/core'
import { eq, sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows } from '../db/database.ts'
import { pushSubscriptions } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import { changeMessage, reminderMessage } from './messages.ts'

/*
 * Push subscriptions and the pushes owed to them (decision 176). A subscription holds the push endpoint and keys,
 * the language, the categories and the starred session ids: no account, nothing else. A push is owed by a row of
 * the push outbox written in the same transaction as its cause, one per subject and subscription.
 */

export interface PushPreferences {
  language: Language
  categories: PushCategory[]
  starred: string[]
}

export interface PushSubscriptionState extends PushPreferences {
  id: string
}

export interface NewPushSubscription extends PushPreferences {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

const loopback = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether the API may post to this endpoint: at one of the configured push services (a host or its subdomains),
 * over HTTPS unless on this machine (the local push stand-in). Anything else would let a subscription make the
 * API call an address of its choosing.
 */
function isAllowedPushEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  const url = new URL(endpoint)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback.has(url.hostname))) return false
  return allowedHosts.some(
    (allowed) => url.host === allowed || url.hostname === allowed || url.hostname.endsWith(`.${allowed}`),
  )
}

const unique = (values: readonly string[]) => [...new Set(values)]

function stateOf(row: typeof pushSubscriptions.$inferSelect): PushSubscriptionState {
  return {
    id: row.subscriptionId,
    language: row.language as Language,
    categories: row.categories as PushCategory[],
    starred: row.starred,
  }
}

export interface PushSubscriptionDeps {
  db: Executor
  clock: Clock
  allowedHosts: readonly string[]
}

/** Subscribes a browser; its endpoint again updates its subscription, which keeps its id. */
export async function subscribe(
  deps: PushSubscriptionDeps,
  subscription: NewPushSubscription,
): Promise<PushSubscriptionState> {
  if (!isAllowedPushEndpoint(subscription.endpoint, deps.allowedHosts)) {
    throw productError(400, 'pushServiceNotAllowed')
  }
  const now = new Date(deps.clock())
  const fields = {
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    language: subscription.language,
    categories: unique(subscription.categories),
    starred: unique(subscription.starred),
    updatedAt: now,
  }
  const [row] = await deps.db
    .insert(pushSubscriptions)
    .values({ subscriptionId: randomUUID(), endpoint: subscription.endpoint, createdAt: now, ...fields })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: fields })
    .returning()
  if (!row) throw new Error('Storing a push subscription returned no row')
  return stateOf(row)
}

/** Changes a subscription's preferences; 404 when it is gone. */
export async function updatePreferences(
  deps: Pick<PushSubscriptionDeps, 'db' | 'clock'>,
  id: string,
  preferences: PushPreferences,
): Promise<PushSubscriptionState> {
  const [row] = await deps.db
    .update(pushSubscriptions)
    .set({
      language: preferences.language,
      categories: unique(preferences.categories),
      starred: unique(preferences.starred),
      updatedAt: new Date(deps.clock()),
    })
    .where(eq(pushSubscriptions.subscriptionId, id))
    .returning()
  if (!row) throw productError(404, 'notFound')
  return stateOf(row)
}

/** Deletes a subscription and what it is still owed; nothing when it is already gone. */
export async function unsubscribe(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.subscriptionId, id))
}

interface OwedPush {
  /** One push per subject and subscription, however often this is called. */
  subject: string
  category: PushCategory
  /** Only the subscriptions that starred this session. */
  starredSession?: string
  message: Readonly<Record<Language, PushMessage>>
  urgency: 'normal' | 'high'
  /** When the push is no longer worth sending. */
  expiresAt: number
}

/** Owes a push to every subscription it concerns, each in its language; answers how many were newly owed. */
async function owePush(executor: Executor, push: OwedPush, now: number): Promise<number> {
  const starred = push.starredSession === undefined ? sql`` : sql` and ${push.starredSession} = any(starred)`
  const rows = await queryRows<{ push_id: string }>(
    executor,
    sql`insert into push_outbox (push_id, subscription_id, subject, message, urgency, expires_at, next_attempt_at,
        created_at)
      select gen_random_uuid(), subscription_id, ${push.subject},
        case when language = 'en' then ${JSON.stringify(push.message.en)}::jsonb
          else ${JSON.stringify(push.message.ja)}::jsonb end,
        ${push.urgency}, ${iso(push.expiresAt)}::timestamptz, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
      from push_subscriptions
      where ${push.category} = any(categories)${starred}
      on conflict (subscription_id, subject) do nothing
      returning push_id`,
  )
  return rows.length
}

const bothLanguages = <T>(make: (language: Language) => T): Record<Language, T> => ({
  ja: make('ja'),
  en: make('en'),
})

/**
 * Owes the subscribers who starred a session that the new version moved, put on another stage or cancelled a
 * push saying so, in the transaction that publishes the version.
 */
export async function oweTimetableChangePushes(
  executor: Executor,
  change: {
    previous: readonly TimetableSession[]
    next: readonly TimetableSession[]
    version: number
    now: number
  },
): Promise<number> {
  let owed = 0
  for (const sessionChange of timetableChanges(change.previous, change.next)) {
    owed += await owePush(
      executor,
      {
        subject: `change:${change.version}:${sessionChange.sessionId}`,
        category: 'changes',
        starredSession: sessionChange.sessionId,
        message: bothLanguages((language) => changeMessage(sessionChange, language)),
        urgency: 'high',
        // Of no use once the session is over, wherever it moved.
        expiresAt: Math.max(sessionChange.before.endsAt, sessionChange.after?.endsAt ?? 0),
      },
      change.now,
    )
  }
  return owed
}

/** An announcement not delivered within a day (a phone switched off) is read on the site instead. */
const announcementPushLifetimeMs = 24 * 60 * 60_000

/**
 * Owes the subscribers who starred a session starting within the reminder lead time (core's reminderLeadMs) and
 * asked for reminders a reminder, once per subscription and session however often the sweep runs.
 */
export async function oweDueReminders(
  executor: Executor,
  sessions: readonly TimetableSession[],
  now: number,
): Promise<number> {
  let owed = 0
  for (const session of sessionsDueForReminder(sessions, now)) {
    owed += await owePush(
      executor,
      {
        subject: `reminder:${session.id}`,
        category: 'reminders',
        starredSession: session.id,
        message: bothLanguages((language) => reminderMessage(session, language)),
        urgency: 'normal',
        expiresAt: session.startsAt,
      },
      now,
    )
  }
  return owed
}

export interface PublishedAnnouncement {
  /** The announcement's id: it is pushed once per subscription whatever happens. */
  id: string
  title: Readonly<Record<Language, string>>
  body: Readonly<Record<Language, string>>
  urgency: 'normal' | 'urgent'
  /** The site's page the notification opens, without the language (`timetable`); the top page when omitted. */
  page?: string
}

/**
 * "Announcement published": owes every subscriber who asked for announcements a push with its title and body in
 * their language. Call it in the transaction that publishes the announcement, so it is owed exactly when the
 * announcement exists.
 */
export async function oweAnnouncementPushes(
  executor: Executor,
  announcement: PublishedAnnouncement,
  now: number,
): Promise<number> {
  return owePush(
    executor,
    {
      subject: `announcement:${announcement.id}`,
      category: 'announcements',
      message: bothLanguages((language) => ({
        title: announcement.title[language],
        body: announcement.body[language],
        tag: `announcement-${announcement.id}`,
        path: announcement.page ? `/${language}/${announcement.page}` : `/${language}`,
      })),
      urgency: announcement.urgency === 'urgent' ? 'high' : 'normal',
      expiresAt: now + announcementPushLifetimeMs,
    },
    now,
  )
}
