import type { BadgePrintStatus } from '@furfes/core'
import type { EntityTable } from 'dexie'

/**
 * A mark a device records and uploads (a printed badge, decision 170; a line of goods handed over, decision
 * 180): queued until the API answers, then kept until the next participant snapshot carries it.
 */
export interface QueuedMark {
  id: string
  /** Order of recording on this device: the queue uploads in this order, so an unmark follows its mark. */
  localSeq: number
  /** Absent while it waits in the queue. */
  status?: BadgePrintStatus
}

/**
 * The marks of one kind in memory, written through to their IndexedDB table. `version` changes with every
 * change, so the store folds them again only then. The caller runs the table writes that must go with other
 * tables (a new snapshot, a sign-out) in its own transaction, with the ids this answers.
 */
export function createMarkQueue<T extends QueuedMark>(table: () => EntityTable<T, 'id'>) {
  const marks = new Map<string, T>()
  let version = 0
  const sorted = () => [...marks.values()].sort((a, b) => a.localSeq - b.localSeq)
  return {
    version: () => version,
    all: sorted,
    pending: () => sorted().filter((item) => item.status === undefined),
    /** Loads the stored marks; answers the highest local sequence number among them. */
    async load(): Promise<number> {
      const rows = await table().toArray()
      for (const row of rows) marks.set(row.id, row)
      version++
      return Math.max(0, ...rows.map((row) => row.localSeq))
    },
    async add(recorded: readonly T[], publish: () => void) {
      for (const item of recorded) marks.set(item.id, item)
      version++
      publish()
      await table().bulkPut([...recorded])
    },
    async applyResults(results: readonly { id: string; status: BadgePrintStatus }[], publish: () => void) {
      const changed: T[] = []
      for (const result of results) {
        const item = marks.get(result.id)
        if (!item) continue
        const next = { ...item, status: result.status }
        marks.set(next.id, next)
        changed.push(next)
      }
      version++
      publish()
      await table().bulkPut(changed)
    },
    /** Forgets the answered marks in memory; answers their ids for the caller's transaction to delete. */
    dropAnswered(): string[] {
      const answered = [...marks.values()].filter((item) => item.status !== undefined).map((item) => item.id)
      for (const id of answered) marks.delete(id)
      version++
      return answered
    },
  }
}
