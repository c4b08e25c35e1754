import type {
  BadgePrint,
  BadgePrintItem,
  BadgePrintKind,
  BadgePrintResult,
  BadgePrintStatus,
  Clock,
} from '@furfes/core'
import { and, desc, eq, sql } from 'drizzle-orm'
import { type Executor, queryRows, sqlState, uniqueViolation } from '../db/database.ts'
import { badgePrints, registrations } from '../db/schema.ts'

/*
 * Printed badge marks (docs/decisions/170-printed-badge-marks-on-the-server.md), uploaded by the badge desk's
 * devices as check-ins are (decision 073): each item in a transaction of its own that locks its registration's
 * row, so the marks of one registration, and a details change of it, are decided one at a time across API
 * instances; an id already stored is answered as stored.
 */

export interface BadgePrintService {
  /** Decides and stores each item in order; one answer per item. */
  upload(items: readonly BadgePrintItem[], adminId: string): Promise<BadgePrintResult[]>
}

/** The mark in force of a registration: its latest accepted row. */
async function markInForce(tx: Executor, registrationId: string) {
  const [row] = await tx
    .select({ kind: badgePrints.kind, reprintNeeded: badgePrints.reprintNeeded })
    .from(badgePrints)
    .where(and(eq(badgePrints.registrationId, registrationId), eq(badgePrints.status, 'accepted')))
    .orderBy(desc(badgePrints.seq))
    .limit(1)
  return row
}

/**
 * A mark is new when the badge is not printed or waits for a reprint (the reprint clears the flag); otherwise
 * the first mark stands, as the first check-in does. An unmark takes off a mark in force, and only that.
 */
export function decideMark(
  kind: BadgePrintKind,
  inForce: { kind: string; reprintNeeded: boolean } | undefined,
): BadgePrintStatus {
  const printed = inForce?.kind === 'mark'
  if (kind === 'mark') return printed && !inForce.reprintNeeded ? 'duplicate' : 'accepted'
  return printed ? 'accepted' : 'duplicate'
}

/**
 * Decides one uploaded mark in a transaction of its own (`decideIn`, which locks the registration's row and
 * answers an id stored already as stored). When the same id committed meanwhile under another registration's
 * lock, the insert fails on the primary key: the mark is then answered as stored.
 */
export async function receiveOnce(
  db: Executor,
  id: string,
  decideIn: (tx: Executor) => Promise<BadgePrintStatus>,
  stored: (executor: Executor, id: string) => Promise<BadgePrintStatus | undefined>,
): Promise<{ id: string; status: BadgePrintStatus }> {
  try {
    const status = await db.transaction((tx) => decideIn(tx as unknown as Executor))
    return { id, status }
  } catch (error) {
    if (sqlState(error) !== uniqueViolation) throw error
    const status = await stored(db, id)
    if (!status) throw error
    return { id, status }
  }
}

export function createBadgePrintService(options: { db: Executor; clock: Clock }): BadgePrintService {
  const { db, clock } = options

  async function storedStatus(executor: Executor, id: string): Promise<BadgePrintStatus | undefined> {
    const [row] = await executor
      .select({ status: badgePrints.status })
      .from(badgePrints)
      .where(eq(badgePrints.id, id))
    return row?.status
  }

  async function receiveIn(tx: Executor, item: BadgePrintItem, adminId: string): Promise<BadgePrintStatus> {
    const [registration] = await tx
      .select({ id: registrations.registrationId })
      .from(registrations)
      .where(eq(registrations.registrationId, item.registrationId))
      .for('update')
    // Not stored: the mark would name no registration, and sending it again is answered the same.
    if (!registration) return 'rejected'
    // Looked up after the lock: a resend racing its original waits for it and then finds it.
    const known = await storedStatus(tx, item.id)
    if (known) return known
    const status = decideMark(item.kind, await markInForce(tx, item.registrationId))
    await tx.insert(badgePrints).values({
      id: item.id,
      registrationId: item.registrationId,
      deviceId: item.deviceId,
      deviceName: item.deviceName ?? null,
      markedAt: new Date(item.markedAt),
      kind: item.kind,
      status,
      receivedAt: new Date(clock()),
      receivedBy: adminId,
    })
    return status
  }

  return {
    async upload(items, adminId) {
      const results: BadgePrintResult[] = []
      for (const item of items) {
        results.push(await receiveOnce(db, item.id, (tx) => receiveIn(tx, item, adminId), storedStatus))
      }
      return results
    },
  }
}

/**
 * Flags the printed badge of a registration for a reprint: its participant changed what the badge or the goods
 * handed with it show. Called in the change's transaction, which holds the registration's row.
 */
export async function flagReprint(tx: Executor, registrationId: string): Promise<void> {
  await tx.execute(sql`
    update badge_prints set reprint_needed = true
    where seq = (select max(seq) from badge_prints
      where registration_id = ${registrationId} and status = 'accepted')
      and kind = 'mark'
  `)
}

/** The mark in force of every printed badge of an edition, by registration id. */
export async function badgePrintsOf(db: Executor, editionId: string): Promise<Map<string, BadgePrint>> {
  const rows = await queryRows<{
    registration_id: string
    kind: string
    marked_at: Date | string
    device_name: string | null
    reprint_needed: boolean
  }>(
    db,
    sql`
      select distinct on (b.registration_id) b.registration_id, b.kind, b.marked_at, b.device_name, b.reprint_needed
      from badge_prints b join registrations r on r.registration_id = b.registration_id
      where r.edition_id = ${editionId} and b.status = 'accepted'
      order by b.registration_id, b.seq desc
    `,
  )
  const printed = new Map<string, BadgePrint>()
  for (const row of rows) {
    if (row.kind !== 'mark') continue
    printed.set(row.registration_id, {
      printedAt: new Date(row.marked_at).getTime(),
      ...(row.device_name === null ? {} : { deviceName: row.device_name }),
      reprintNeeded: row.reprint_needed,
    })
  }
  return printed
}
