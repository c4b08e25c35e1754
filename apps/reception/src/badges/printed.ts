import type { BadgePrint, BadgePrintItem, Participant } from '@furfes/core'
import type { QueuedMark } from '../data/mark-queue.ts'

/**
 * A printed mark, or a mark taken off, recorded on this device (docs/decisions/170-printed-badge-marks-on-the-server.md):
 * queued for upload like a check-in, kept after the API's answer until the next participant snapshot carries it.
 */
export interface StoredBadgePrint extends BadgePrintItem, QueuedMark {}

/** Which badges are printed, by registration id. */
export type PrintedBadges = ReadonlyMap<string, BadgePrint>

/**
 * The marks in force: the snapshot's, as every desk's uploads left them, then this device's own marks not in the
 * snapshot yet, in the order they were made, so a badge marked here offline counts as printed at once. A mark
 * the API refused (no such registration) counts for nothing.
 */
export function printedBadges(
  participants: readonly Participant[],
  local: readonly StoredBadgePrint[],
): PrintedBadges {
  const printed = new Map<string, BadgePrint>()
  for (const participant of participants) {
    const id = participant.registration?.registrationId
    if (id !== undefined && participant.badgePrint) printed.set(id, participant.badgePrint)
  }
  for (const item of local) {
    if (item.status === 'rejected') continue
    if (item.kind === 'unmark') printed.delete(item.registrationId)
    else if (item.status !== 'duplicate' || !printed.has(item.registrationId)) {
      printed.set(item.registrationId, {
        printedAt: item.markedAt,
        ...(item.deviceName === undefined ? {} : { deviceName: item.deviceName }),
        reprintNeeded: false,
      })
    }
  }
  return printed
}
