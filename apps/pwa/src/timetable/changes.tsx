import type { Language, PublishedTimetable, TimetableChange, TimetableSession } from '@furfes/core'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { useServices } from '../app/services.tsx'
import { readStarred, rememberSeen, seenKey } from './favourites.ts'

/** Loaded with the comparison that found changes to show (decision 194). */
const StarredChangesAlert = lazy(() => import('./StarredChangesAlert.tsx'))

/*
 * Change alerts on the page (docs/decisions/176-push-notifications-and-change-alerts.md): the version of the
 * timetable this browser last showed is kept beside the favourites; when a newer one is read, what it changed
 * among the starred sessions is shown until the participant dismisses it, which makes the newer one the seen one.
 * This module loads only once this browser has starred sessions (decision 209): without stars there is nothing to
 * compare, and the first star records the version shown then as the seen one (favourites.ts).
 */

interface SeenTimetable {
  editionId: string
  version: number
  sessions: TimetableSession[]
}

function readSeen(): SeenTimetable | undefined {
  const stored: unknown = JSON.parse(window.localStorage.getItem(seenKey) ?? 'null')
  if (typeof stored !== 'object' || stored === null) return undefined
  const seen = stored as Partial<SeenTimetable>
  return typeof seen.editionId === 'string' &&
    typeof seen.version === 'number' &&
    Array.isArray(seen.sessions)
    ? (seen as SeenTimetable)
    : undefined
}

/** The changes among the starred sessions since the version last seen here, and a way to dismiss them. */
function useStarredChanges(timetable: PublishedTimetable): {
  changes: TimetableChange[]
  dismiss(): void
} {
  const { errors } = useServices()
  const [changes, setChanges] = useState<TimetableChange[]>([])
  const remember = useCallback(() => rememberSeen(timetable, errors), [timetable, errors])
  useEffect(() => {
    let seen: SeenTimetable | undefined
    let starred: string[]
    try {
      seen = readSeen()
      starred = readStarred()
    } catch (error) {
      errors.report(error, { where: 'timetable changes', action: 'read' })
      return
    }
    // The first visit, or another edition's timetable: nothing to compare with.
    if (!seen || seen.editionId !== timetable.editionId) {
      remember()
      return
    }
    if (seen.version >= timetable.version) return
    const { sessions } = seen
    let current = true
    // The comparison and the alert load only now, when there is a newer version to compare (decision 194).
    import('./StarredChangesAlert.tsx')
      .then(({ changesAmongStarred }) => {
        if (!current) return
        const found = changesAmongStarred(sessions, timetable.sessions, starred)
        if (found.length === 0) remember()
        setChanges(found)
      })
      .catch((error: unknown) => errors.report(error, { where: 'timetable changes', action: 'compare' }))
    return () => {
      current = false
    }
  }, [timetable, remember, errors])
  const dismiss = useCallback(() => {
    remember()
    setChanges([])
  }, [remember])
  return { changes, dismiss }
}

/** The alert of what a newer version changed among the starred sessions, when there is one. */
export default function StarredChanges({
  timetable,
  language,
}: {
  timetable: PublishedTimetable
  language: Language
}) {
  const { changes, dismiss } = useStarredChanges(timetable)
  return changes.length > 0 ? (
    <Suspense fallback={null}>
      <StarredChangesAlert changes={changes} dismiss={dismiss} language={language} />
    </Suspense>
  ) : null
}
