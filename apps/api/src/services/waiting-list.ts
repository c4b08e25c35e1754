import { randomUUID } from 'node:crypto'
import type {
  AdminWaitingListEntry,
  Clock,
  RegistrationTier,
  WaitingListEntry,
  WaitingListStatus,
} from '@furfes/core'
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { type Executor, queryRows, sqlState, uniqueViolation } from '../db/database.ts'
import { waitingListEntries } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import type { Logger } from '../logger.ts'
import type { MailKind } from '../mail/templates.ts'
import { liveRegistrationOf, openFirst } from './registration-queries.ts'
import { endHolds } from './spots.ts'

/*
 * The waiting list (decision 115). An offer is a hold: offering a spot adds it to `tier_inventory.taken`, so the
 * tier stays sold out to everyone else while the offer is out, and nothing can sell it twice. Accepting turns
 * the hold into a pending registration without touching the counter (registrations.ts, acceptOffer); an offer
 * that runs out, or that its member declines, gives the spot back, and it is offered on at once.
 */

export type WaitingEntryRow = typeof waitingListEntries.$inferSelect

const iso = (epochMs: number) => new Date(epochMs).toISOString()

/** An entry still in line: waiting, or holding an offer. */
const openStatuses = ['waiting', 'offered'] as const

const offerMade: MailKind = 'waiting_list_offer'
const offerExpired: MailKind = 'waiting_list_offer_expired'

export interface OfferedEntry {
  entry_id: string
  registration_tier: RegistrationTier
}

/**
 * Turns the free spots of a tier (or of every tier) into offers for the first people waiting, in list order
 * (never after an event-cancelled refund run has started),
 * and owes each of them the offer mail, in one transaction. The inventory rows with a free spot and somebody
 * waiting are locked first; the offering statement, which runs after the lock with a fresh snapshot (READ
 * COMMITTED), then sees every spot and entry as the last writer left it, so two instances offering at once
 * neither offer one spot twice nor pass anybody over. PGlite runs one transaction at a time.
 */
export async function offerReturnedSpots(
  executor: Executor,
  options: { tier?: RegistrationTier | undefined; now: number; offerMs: number },
): Promise<OfferedEntry[]> {
  const { now } = options
  const ofTier = options.tier ? sql`and i.registration_tier = ${options.tier}` : sql``
  return executor.transaction(async (tx) => {
    const locked = await queryRows<{ registration_tier: string }>(
      tx,
      sql`select i.registration_tier from tier_inventory i
          where i.taken < i.capacity ${ofTier}
            and exists (select 1 from waiting_list_entries w
                        where w.registration_tier = i.registration_tier and w.status = 'waiting')
            -- Once the event is called off (decision 113) no spot is offered: there is nothing to attend.
            and not exists (select 1 from event_cancellation_runs)
          order by i.registration_tier
          for update`,
    )
    if (locked.length === 0) return []
    return queryRows<OfferedEntry>(
      tx,
      sql`
        with free as (
          select i.registration_tier, i.capacity - i.taken as n from tier_inventory i
          where i.taken < i.capacity ${ofTier}
        ), queue as (
          select w.entry_id, w.registration_tier,
            row_number() over (partition by w.registration_tier order by w.position) as place
          from waiting_list_entries w
          where w.status = 'waiting' and w.registration_tier in (select registration_tier from free)
        ), chosen as (
          select q.entry_id from queue q join free f on f.registration_tier = q.registration_tier
          where q.place <= f.n
        ), offered as (
          update waiting_list_entries w
          set status = 'offered', offered_at = ${iso(now)}::timestamptz,
            offer_expires_at = ${iso(now + options.offerMs)}::timestamptz, updated_at = ${iso(now)}::timestamptz
          from chosen c where w.entry_id = c.entry_id and w.status = 'waiting'
          returning w.entry_id, w.registration_tier
        ), counts as (
          select registration_tier, count(*)::int as n from offered group by registration_tier
        ), held as (
          update tier_inventory t set taken = t.taken + c.n
          from counts c where t.registration_tier = c.registration_tier
          returning t.registration_tier
        ), mails as (
          insert into mail_outbox (mail_id, kind, waiting_entry_id, next_attempt_at, created_at)
          select gen_random_uuid(), ${offerMade}, entry_id, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
          from offered
          on conflict (waiting_entry_id, kind) do nothing
        )
        select entry_id, registration_tier from offered`,
    )
  })
}

/**
 * Ends every offer whose deadline passed (or those matching `condition`) as `to`, gives their spots back and,
 * for offers that ran out, owes the "offer expired" mail, in one statement. Only rows still `offered` change,
 * so a spot comes back exactly once whatever runs concurrently.
 */
function endOffers(executor: Executor, to: 'expired' | 'left', condition: SQL, now: number) {
  return queryRows<OfferedEntry>(
    executor,
    endHolds('offer', {
      to,
      condition,
      now,
      mails: sql`insert into mail_outbox (mail_id, kind, waiting_entry_id, next_attempt_at, created_at)
        select gen_random_uuid(), ${offerExpired}, entry_id, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
        from ended where ${to} = 'expired'
        on conflict (waiting_entry_id, kind) do nothing`,
    }),
  )
}

/**
 * Ends the offers whose deadline passed (their members are owed the "offer expired" mail) and offers every
 * free spot to the people waiting: what the periodic sweeper runs, so a spot freed anywhere (a lapsed offer, a
 * canceled registration, a raised capacity) is offered within one sweep.
 */
export async function sweepWaitingList(
  executor: Executor,
  options: { now: number; offerMs: number },
): Promise<{ expired: number; offered: number }> {
  const { now } = options
  const expired = await endOffers(executor, 'expired', sql`offer_expires_at <= ${iso(now)}::timestamptz`, now)
  const offered = await offerReturnedSpots(executor, options)
  return { expired: expired.length, offered: offered.length }
}

interface JoinInput {
  userId: string
  registrationTier: RegistrationTier
  badgeName: string
  tShirtSize: string | undefined
  changingRoomType: string | undefined
  language: 'ja' | 'en'
}

/** What a member sees of their place on the list. */
export interface WaitingStatus {
  entry: WaitingEntryRow
  /** 1 for the first person waiting for the tier; only while waiting. */
  position: number | undefined
}

export interface AdminWaitingEntry {
  entry: WaitingEntryRow
  email: string | null
}

export interface WaitingListService {
  join(input: JoinInput): Promise<WaitingStatus>
  /** The member's open entry, else their latest ended one; offers past their deadline are ended first. */
  status(userId: string): Promise<WaitingStatus | undefined>
  /** Leaves the list, or declines an open offer (its spot is offered on). */
  leave(userId: string): Promise<WaitingStatus>
  /** Ends offers past their deadline and offers every free spot: what the sweeper runs. */
  sweep(): Promise<{ expired: number; offered: number }>
  offerReturnedSpots(executor: Executor, tier?: RegistrationTier): Promise<OfferedEntry[]>
  /** Every entry of every tier, open ones first in list order, for staff. */
  list(): Promise<(AdminWaitingEntry & { position: number | undefined })[]>
}

export function createWaitingListService(options: {
  db: Executor
  clock: Clock
  logger: Logger
  /** How long an offer holds its spot for its member (WAITING_LIST_OFFER_SECONDS). */
  offerMs: number
}): WaitingListService {
  const { db, clock, logger, offerMs } = options

  const offer = (executor: Executor, tier?: RegistrationTier) =>
    offerReturnedSpots(executor, { tier, now: clock(), offerMs })

  async function sweep() {
    const result = await sweepWaitingList(db, { now: clock(), offerMs })
    if (result.expired > 0 || result.offered > 0) logger.info('Waiting list swept', result)
    return result
  }

  async function positionOf(entry: WaitingEntryRow): Promise<number | undefined> {
    if (entry.status !== 'waiting') return undefined
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from waiting_list_entries
          where registration_tier = ${entry.registrationTier} and status = 'waiting'
            and position <= ${entry.position}`,
    )
    return Number(row?.n ?? 1)
  }

  async function latestOf(userId: string): Promise<WaitingEntryRow | undefined> {
    const [row] = await db
      .select()
      .from(waitingListEntries)
      .where(eq(waitingListEntries.userId, userId))
      .orderBy(...openFirst(waitingListEntries.status, openStatuses, waitingListEntries.position))
      .limit(1)
    return row
  }

  async function status(userId: string): Promise<WaitingStatus | undefined> {
    let entry = await latestOf(userId)
    if (entry?.status === 'offered' && (entry.offerExpiresAt?.getTime() ?? 0) <= clock()) {
      await sweep()
      entry = await latestOf(userId)
    }
    if (!entry) return undefined
    return { entry, position: await positionOf(entry) }
  }

  return {
    async join(input) {
      const now = clock()
      if (await liveRegistrationOf(db, input.userId)) throw productError(409, 'purchaseSessionAlreadyExists')
      try {
        await db.insert(waitingListEntries).values({
          entryId: randomUUID(),
          userId: input.userId,
          registrationTier: input.registrationTier,
          badgeName: input.badgeName,
          tShirtSize: input.tShirtSize ?? null,
          changingRoomType: input.changingRoomType ?? null,
          language: input.language,
          status: 'waiting',
          joinedAt: new Date(now),
          updatedAt: new Date(now),
        })
      } catch (error) {
        if (sqlState(error) === uniqueViolation) throw productError(409, 'alreadyOnWaitingList')
        throw error
      }
      // A spot may be free with nobody ahead: the newcomer gets it as an offer at once.
      await offer(db, input.registrationTier)
      const joined = await status(input.userId)
      if (!joined) throw new Error('The new waiting-list entry vanished')
      return joined
    },

    status,

    async leave(userId) {
      const now = clock()
      const [open] = await db
        .select()
        .from(waitingListEntries)
        .where(
          and(
            eq(waitingListEntries.userId, userId),
            inArray(waitingListEntries.status, ['waiting', 'offered']),
          ),
        )
      if (!open) throw productError(404, 'notFound')
      const declined = await endOffers(db, 'left', sql`entry_id = ${open.entryId}::uuid`, now)
      if (declined.length === 0) {
        await db
          .update(waitingListEntries)
          .set({ status: 'left', updatedAt: new Date(now) })
          .where(and(eq(waitingListEntries.entryId, open.entryId), eq(waitingListEntries.status, 'waiting')))
      }
      await offer(db, open.registrationTier)
      const after = await status(userId)
      if (!after) throw productError(404, 'notFound')
      return after
    },

    sweep,

    offerReturnedSpots: (executor, tier) => offer(executor, tier),

    async list() {
      const rows = await queryRows<{ entry_id: string; email: string | null }>(
        db,
        sql`select w.entry_id, u.email from waiting_list_entries w join users u on u.user_id = w.user_id`,
      )
      const emails = new Map(rows.map((row) => [row.entry_id, row.email]))
      const entries = await db
        .select()
        .from(waitingListEntries)
        .orderBy(
          waitingListEntries.registrationTier,
          sql`${waitingListEntries.status} in ('offered', 'waiting') desc`,
          waitingListEntries.position,
        )
      const places = new Map<string, number>()
      return entries.map((entry) => {
        let position: number | undefined
        if (entry.status === 'waiting') {
          position = (places.get(entry.registrationTier) ?? 0) + 1
          places.set(entry.registrationTier, position)
        }
        return { entry, email: emails.get(entry.entryId) ?? null, position }
      })
    },
  }
}

/** The member's entry, in core's shape. */
export function toWaitingListEntry({ entry, position }: WaitingStatus): WaitingListEntry {
  return {
    registrationTier: entry.registrationTier,
    badgeName: entry.badgeName,
    status: entry.status as WaitingListStatus,
    joinedAt: entry.joinedAt.getTime(),
    ...(position === undefined ? {} : { position }),
    ...(entry.status === 'offered' && entry.offerExpiresAt
      ? { offerExpiresAt: entry.offerExpiresAt.getTime() }
      : {}),
  }
}

/** An entry as staff see it, in core's shape. */
export function toAdminWaitingListEntry(
  item: AdminWaitingEntry & { position: number | undefined },
): AdminWaitingListEntry {
  return {
    ...toWaitingListEntry({ entry: item.entry, position: item.position }),
    entryId: item.entry.entryId,
    email: item.email,
    ...(item.entry.offeredAt ? { offeredAt: item.entry.offeredAt.getTime() } : {}),
  }
}
