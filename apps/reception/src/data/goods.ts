import type { GoodsHanded, GoodsTickItem, Participant } from '@furfes/core'
import type { QueuedMark } from './mark-queue.ts'

/**
 * A line of goods ticked as handed over, or the tick taken off, on this device
 * (docs/decisions/180-goods-handed-out.md): queued and kept like a printed badge mark.
 */
export interface StoredGoodsTick extends GoodsTickItem, QueuedMark {}

/** The lines of goods handed over, by registration id, then by goods key. */
export type HandedGoods = ReadonlyMap<string, ReadonlyMap<string, GoodsHanded>>

/**
 * The ticks in force: the snapshot's, as every desk's uploads left them, then this device's own ticks not in the
 * snapshot yet, in the order they were made, so a line ticked here offline shows ticked at once. A tick the API
 * refused (no such registration) counts for nothing; a tick another desk made first stays as that desk made it.
 */
export function handedGoods(
  participants: readonly Participant[],
  local: readonly StoredGoodsTick[],
): HandedGoods {
  const handed = new Map<string, Map<string, GoodsHanded>>()
  const linesOf = (registrationId: string) => {
    const lines = handed.get(registrationId) ?? new Map<string, GoodsHanded>()
    handed.set(registrationId, lines)
    return lines
  }
  for (const participant of participants) {
    const id = participant.registration?.registrationId
    if (id === undefined || !participant.goodsHanded) continue
    const lines = linesOf(id)
    for (const line of participant.goodsHanded) lines.set(line.goods, line)
  }
  for (const item of local) {
    if (item.status === 'rejected') continue
    const lines = linesOf(item.registrationId)
    if (item.kind === 'unmark') lines.delete(item.goods)
    else if (item.status !== 'duplicate' || !lines.has(item.goods)) {
      lines.set(item.goods, {
        goods: item.goods,
        handedAt: item.markedAt,
        ...(item.deviceName === undefined ? {} : { deviceName: item.deviceName }),
      })
    }
  }
  return handed
}
