import type { BadgePrintStatus, Clock, GoodsHanded, GoodsTickItem, GoodsTickResult } from '@furfes/core'
import { and, desc, eq, sql } from 'drizzle-orm'
import { type Executor, queryRows } from '../db/database.ts'
import { goodsTicks, registrations } from '../db/schema.ts'
import { decideMark, receiveOnce } from './badge-prints.ts'

/*
 * Goods ticked as handed out at the door (docs/decisions/180-goods-handed-out.md), uploaded and decided as printed
 * badge marks are (decision 170): each item in a transaction of its own that locks its registration's row, so
 * the ticks of one participant are decided one at a time across API instances; an id already stored is answered
 * as stored; the first tick of a line stands.
 */

export interface GoodsService {
  /** Decides and stores each tick in order; one answer per tick. */
  upload(items: readonly GoodsTickItem[], adminId: string): Promise<GoodsTickResult[]>
}

async function storedStatus(executor: Executor, id: string): Promise<BadgePrintStatus | undefined> {
  const [row] = await executor
    .select({ status: goodsTicks.status })
    .from(goodsTicks)
    .where(eq(goodsTicks.id, id))
  return row?.status
}

export function createGoodsService(options: { db: Executor; clock: Clock }): GoodsService {
  const { db, clock } = options

  async function receiveIn(tx: Executor, item: GoodsTickItem, adminId: string): Promise<BadgePrintStatus> {
    const [registration] = await tx
      .select({ id: registrations.registrationId })
      .from(registrations)
      .where(eq(registrations.registrationId, item.registrationId))
      .for('update')
    // Not stored: the tick would name no registration, and sending it again is answered the same.
    if (!registration) return 'rejected'
    // Looked up after the lock: a resend racing its original waits for it and then finds it.
    const known = await storedStatus(tx, item.id)
    if (known) return known
    const [inForce] = await tx
      .select({ kind: goodsTicks.kind })
      .from(goodsTicks)
      .where(
        and(
          eq(goodsTicks.registrationId, item.registrationId),
          eq(goodsTicks.goods, item.goods),
          eq(goodsTicks.status, 'accepted'),
        ),
      )
      .orderBy(desc(goodsTicks.seq))
      .limit(1)
    const status = decideMark(item.kind, inForce && { kind: inForce.kind, reprintNeeded: false })
    await tx.insert(goodsTicks).values({
      id: item.id,
      registrationId: item.registrationId,
      goods: item.goods,
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
      const results: GoodsTickResult[] = []
      for (const item of items) {
        results.push(await receiveOnce(db, item.id, (tx) => receiveIn(tx, item, adminId), storedStatus))
      }
      return results
    },
  }
}

/** The lines of goods handed over to each participant of an edition, by registration id, in the order ticked. */
export async function goodsHandedOf(db: Executor, editionId: string): Promise<Map<string, GoodsHanded[]>> {
  const rows = await queryRows<{
    registration_id: string
    goods: string
    kind: string
    marked_at: Date | string
    device_name: string | null
  }>(
    db,
    sql`
      select * from (
        select distinct on (g.registration_id, g.goods) g.registration_id, g.goods, g.kind, g.marked_at,
          g.device_name, g.seq
        from goods_ticks g join registrations r on r.registration_id = g.registration_id
        where r.edition_id = ${editionId} and g.status = 'accepted'
        order by g.registration_id, g.goods, g.seq desc
      ) latest
      where latest.kind = 'mark'
      order by latest.seq
    `,
  )
  const handed = new Map<string, GoodsHanded[]>()
  for (const row of rows) {
    const lines = handed.get(row.registration_id) ?? []
    lines.push({
      goods: row.goods,
      handedAt: new Date(row.marked_at).getTime(),
      ...(row.device_name === null ? {} : { deviceName: row.device_name }),
    })
    handed.set(row.registration_id, lines)
  }
  return handed
}
