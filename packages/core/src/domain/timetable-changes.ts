import type { TimetableSession } from './timetable.ts'

/*
 * What a new timetable version changed for the sessions people starred
 * (docs/decisions/176-push-notifications-and-change-alerts.md): a session that moved (start or end), changed
 * stage, or was cancelled (no longer in the timetable). Ids stay across versions (decision 172), so a session is
 * the same session whatever else changed; a new session, or a changed title or description, is no alert.
 */

export const timetableChangeKinds = ['moved', 'stageChanged', 'cancelled'] as const
export type TimetableChangeKind = (typeof timetableChangeKinds)[number]

export interface TimetableChange {
  sessionId: string
  /** What changed: `cancelled` alone, or `moved` and/or `stageChanged`. */
  kinds: TimetableChangeKind[]
  /** The session as it was. */
  before: TimetableSession
  /** The session as it is now; absent when cancelled. */
  after?: TimetableSession
}

/** The changes from `previous` to `next`, in the order of the previous version. */
export function timetableChanges(
  previous: readonly TimetableSession[],
  next: readonly TimetableSession[],
): TimetableChange[] {
  const nextById = new Map(next.map((session) => [session.id, session]))
  const changes: TimetableChange[] = []
  for (const before of previous) {
    const after = nextById.get(before.id)
    if (!after) {
      changes.push({ sessionId: before.id, kinds: ['cancelled'], before })
      continue
    }
    const kinds: TimetableChangeKind[] = []
    if (after.startsAt !== before.startsAt || after.endsAt !== before.endsAt) kinds.push('moved')
    if (after.stage.ja !== before.stage.ja || after.stage.en !== before.stage.en) kinds.push('stageChanged')
    if (kinds.length > 0) changes.push({ sessionId: before.id, kinds, before, after })
  }
  return changes
}

/** The changes among the starred sessions. */
export function starredChanges(
  changes: readonly TimetableChange[],
  starred: Iterable<string>,
): TimetableChange[] {
  const ids = new Set(starred)
  return changes.filter((change) => ids.has(change.sessionId))
}

/** How long before a starred session its reminder is sent: time to walk across the venue and find a seat. */
export const reminderLeadMs = 10 * 60_000

/**
 * The sessions whose reminder is due at `now`: starting within the lead time and not yet started. A sweep that
 * runs late still reminds of a session until it starts; after that a reminder is no use.
 */
export function sessionsDueForReminder<T extends Pick<TimetableSession, 'startsAt'>>(
  sessions: readonly T[],
  now: number,
): T[] {
  return sessions.filter((session) => session.startsAt > now && session.startsAt - now <= reminderLeadMs)
}
