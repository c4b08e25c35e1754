import { randomUUID } from 'node:crypto'
import type {
  AdminWaitingListEntry,
  ChangingRoomType,
  Clock,
  RegistrationTier,
  TShirtSize,
  WaitingListEntry,
} from '@furfes/core'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { type Executor, queryRows, sqlState, uniqueViolation } from '../db/database.ts'
import { waitingListEntries } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import type { Logger } from '../logger.ts'
import { type CurrentEditionReader, editionOnSale } from './current-edition.ts'
import { type OfferedEntry, offerReturnedSpots } from './inventory.ts'
import { endOffers, sweepOffers } from './offer-sweep.ts'
import { liveRegistrationOf, openFirst } from './registration-queries.ts'

/*
 * The waiting list (decision 115). An offer is a hold: offering a spot adds it to the inventory's count (inventory.ts), so the
 * tier stays sold out to everyone else while the offer is out, and nothing can sell it twice. Accepting turns
 * the hold into a pending registration without touching the counter (registration-start.ts, acceptOffer); an offer
 * that runs out, or that its member declines, gives the spot back, and it is offered on at once.
 */

export type WaitingEntryRow = typeof waitingListEntries.$inferSelect

/** An entry still in line: waiting, or holding an offer. */
const openStatuses = ['waiting', 'offered'] as const

interface JoinInput {
  userId: string
  registrationTier: RegistrationTier
  badgeName: string
  tShirtSize: TShirtSize | undefined
  changingRoomType: ChangingRoomType | undefined
  accessNeeds?: string | undefined
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

/*
 * Every entry belongs to an edition (decision 158): a member joins, reads and leaves the current edition's list;
 * staff read any edition's.
 */
export interface WaitingListService {
  join(input: JoinInput): Promise<WaitingStatus>
  /** The member's open entry, else their latest ended one; offers past their deadline are ended first. */
  status(userId: string): Promise<WaitingStatus | undefined>
  /** Leaves the list, or declines an open offer (its spot is offered on). */
  leave(userId: string): Promise<WaitingStatus>
  /** Ends offers past their deadline and offers every free spot: what the sweeper runs. */
  sweep(): Promise<{ expired: number; offered: number }>
  offerReturnedSpots(executor: Executor, tier?: RegistrationTier): Promise<OfferedEntry[]>
  /** Every entry of every tier of an edition, open ones first in list order, for staff. */
  list(editionId: string): Promise<(AdminWaitingEntry & { position: number | undefined })[]>
}

export interface WaitingListDeps {
  db: Executor
  clock: Clock
  logger: Logger
  /** WAITING_LIST_OFFER_SECONDS when set: replaces the edition's `offerHours` (offerReturnedSpots). */
  offerMs: number | undefined
  currentEdition: CurrentEditionReader
}

function offer(deps: WaitingListDeps, executor: Executor, tier?: RegistrationTier) {
  return offerReturnedSpots(executor, { tier, now: deps.clock(), offerMs: deps.offerMs })
}

/** The waiting list's part of the periodic sweep (inventory.ts), run before a read shows offers. */
async function sweep(deps: WaitingListDeps) {
  const result = await sweepOffers(deps.db, { now: deps.clock(), offerMs: deps.offerMs })
  if (result.expired > 0 || result.offered > 0) deps.logger.info('Waiting list swept', result)
  return result
}

async function positionOf(db: Executor, entry: WaitingEntryRow): Promise<number | undefined> {
  if (entry.status !== 'waiting') return undefined
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from waiting_list_entries
        where edition_id = ${entry.editionId} and registration_tier = ${entry.registrationTier}
          and status = 'waiting'
          and position <= ${entry.position}`,
  )
  return Number(row?.n ?? 1)
}

async function latestOf(
  db: Executor,
  userId: string,
  editionId: string,
): Promise<WaitingEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.userId, userId), eq(waitingListEntries.editionId, editionId)))
    .orderBy(...openFirst(waitingListEntries.status, openStatuses, waitingListEntries.position))
    .limit(1)
  return row
}

async function waitingStatus(deps: WaitingListDeps, userId: string): Promise<WaitingStatus | undefined> {
  const { id: editionId } = await deps.currentEdition.read()
  let entry = await latestOf(deps.db, userId, editionId)
  if (entry?.status === 'offered' && (entry.offerExpiresAt?.getTime() ?? 0) <= deps.clock()) {
    await sweep(deps)
    entry = await latestOf(deps.db, userId, editionId)
  }
  if (!entry) return undefined
  return { entry, position: await positionOf(deps.db, entry) }
}

async function join(deps: WaitingListDeps, input: JoinInput): Promise<WaitingStatus> {
  const { db } = deps
  const now = deps.clock()
  const edition = await editionOnSale(deps.currentEdition, now)
  if (!edition.tiers[input.registrationTier].onSale) throw productError(409, 'tierNotOnSale')
  if (await liveRegistrationOf(db, input.userId, edition.id)) {
    throw productError(409, 'purchaseSessionAlreadyExists')
  }
  try {
    await db.insert(waitingListEntries).values({
      entryId: randomUUID(),
      editionId: edition.id,
      userId: input.userId,
      registrationTier: input.registrationTier,
      badgeName: input.badgeName,
      tShirtSize: input.tShirtSize ?? null,
      changingRoomType: input.changingRoomType ?? null,
      accessNeeds: input.accessNeeds || null,
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
  await offer(deps, db, input.registrationTier)
  const joined = await waitingStatus(deps, input.userId)
  if (!joined) throw new Error('The new waiting-list entry vanished')
  return joined
}

async function leave(deps: WaitingListDeps, userId: string): Promise<WaitingStatus> {
  const { db } = deps
  const now = deps.clock()
  const { id: editionId } = await deps.currentEdition.read()
  const [open] = await db
    .select()
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.userId, userId),
        eq(waitingListEntries.editionId, editionId),
        inArray(waitingListEntries.status, openStatuses),
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
  await offer(deps, db, open.registrationTier)
  const after = await waitingStatus(deps, userId)
  if (!after) throw productError(404, 'notFound')
  return after
}

async function list(
  db: Executor,
  editionId: string,
): Promise<(AdminWaitingEntry & { position: number | undefined })[]> {
  const rows = await queryRows<{ entry_id: string; email: string | null }>(
    db,
    sql`select w.entry_id, u.email from waiting_list_entries w join users u on u.user_id = w.user_id
        where w.edition_id = ${editionId}`,
  )
  const emails = new Map(rows.map((row) => [row.entry_id, row.email]))
  const entries = await db
    .select()
    .from(waitingListEntries)
    .where(eq(waitingListEntries.editionId, editionId))
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
}

export function createWaitingListService(deps: WaitingListDeps): WaitingListService {
  return {
    join: (input) => join(deps, input),
    status: (userId) => waitingStatus(deps, userId),
    leave: (userId) => leave(deps, userId),
    sweep: () => sweep(deps),
    offerReturnedSpots: (executor, tier) => offer(deps, executor, tier),
    list: (editionId) => list(deps.db, editionId),
  }
}

/** The member's entry, in core's shape. */
export function toWaitingListEntry({ entry, position }: WaitingStatus): WaitingListEntry {
  return {
    registrationTier: entry.registrationTier,
    badgeName: entry.badgeName,
    status: entry.status,
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
