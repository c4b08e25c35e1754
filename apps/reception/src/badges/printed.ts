import { createStore, type Store } from '@furfes/core'
import { z } from 'zod'

const printedStorageKey = 'furfesReceptionPrintedBadges'

const printedSchema = z.record(z.string().min(1).max(64), z.number().int().nonnegative())

/** When each registration's badge was marked printed on this device (epoch ms), by registration id. */
export type PrintedBadges = Readonly<Record<string, number>>

export interface PrintedBadgeMarks extends Store<PrintedBadges> {
  /** Marks the badges printed now; a badge printed again keeps its newest time. */
  mark(registrationIds: readonly string[]): void
  /** Takes the marks off, so the badges count as not yet printed (a sheet that jammed). */
  unmark(registrationIds: readonly string[]): void
}

/**
 * Which badges this device has printed, in localStorage beside the device identity (decision 134). Only
 * registration ids and times: nothing personal, so the marks stay through a sign-out and the printing desk
 * can carry on where it left off.
 */
export function createPrintedBadgeMarks(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  clock: () => number,
): PrintedBadgeMarks {
  const { set, ...marks } = createStore<PrintedBadges>(read())

  function read(): PrintedBadges {
    try {
      const parsed = printedSchema.safeParse(JSON.parse(storage.getItem(printedStorageKey) ?? '{}'))
      if (parsed.success) return parsed.data
    } catch {
      // An unreadable entry counts as nothing printed; the next mark replaces it.
    }
    return {}
  }

  function replace(next: PrintedBadges) {
    try {
      storage.setItem(printedStorageKey, JSON.stringify(next))
    } catch {
      // A full or private storage: the marks hold for this session, which is when the sheets are printed.
    }
    set(next)
  }

  return {
    ...marks,
    mark(registrationIds) {
      if (registrationIds.length === 0) return
      const at = clock()
      replace({ ...marks.getSnapshot(), ...Object.fromEntries(registrationIds.map((id) => [id, at])) })
    },
    unmark(registrationIds) {
      if (registrationIds.length === 0) return
      const next = { ...marks.getSnapshot() }
      for (const id of registrationIds) delete next[id]
      replace(next)
    },
  }
}
