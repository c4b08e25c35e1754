import type { Language, PublishedTimetable, TimetableSession } from '@furfes/core'
import { useCallback, useEffect, useState } from 'react'
import { type AppServices, useServices } from '../app/services.tsx'

/*
 * Favourites (docs/decisions/172-timetable-as-data.md): the ids of the sessions a visitor starred, kept in this
 * browser's localStorage, with no account. Session ids stay the same across versions, so the stars follow a
 * session that moves; a session removed from the timetable simply shows no more.
 */

const storageKey = 'furfes.timetable.starred'

/** The stored ids; anything unreadable counts as none. */
export function readStarred(): string[] {
  const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '[]')
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []
}

/** Where the version of the timetable this browser last showed is kept, for the change alert (changes.tsx). */
export const seenKey = 'furfes.timetable.seen'

/** Records a version as the one seen here. */
export function rememberSeen(timetable: PublishedTimetable, errors: AppServices['errors']) {
  const seen = { editionId: timetable.editionId, version: timetable.version, sessions: timetable.sessions }
  try {
    window.localStorage.setItem(seenKey, JSON.stringify(seen))
  } catch (error) {
    // Private modes and full quotas refuse writes: the alert then shows again on the next visit.
    errors.report(error, { where: 'timetable changes', action: 'write' })
  }
}

/**
 * The starred sessions and a switch for each; read after the first render, so the prerendered page matches. The
 * first star records the version shown as the seen one: the change alert compares only from there, and its code
 * loads only while there are stars (decision 209).
 */
export function useStarredSessions(timetable: PublishedTimetable): {
  starred: ReadonlySet<string>
  toggle(id: string): void
} {
  const { errors } = useServices()
  const [starred, setStarred] = useState<ReadonlySet<string>>(new Set())
  useEffect(() => {
    try {
      setStarred(new Set(readStarred()))
    } catch (error) {
      errors.report(error, { where: 'timetable favourites', action: 'read' })
    }
  }, [errors])
  const toggle = useCallback(
    (id: string) =>
      setStarred((previous) => {
        const next = new Set(previous)
        if (!next.delete(id)) next.add(id)
        if (previous.size === 0) rememberSeen(timetable, errors)
        try {
          window.localStorage.setItem(storageKey, JSON.stringify([...next]))
        } catch (error) {
          // Private modes and full quotas refuse writes: the stars then last for this visit only.
          errors.report(error, { where: 'timetable favourites', action: 'write' })
        }
        return next
      }),
    [errors, timetable],
  )
  return { starred, toggle }
}

/** Writes sessions as an .ics file and hands it to the browser; the calendar code loads only now. */
export async function downloadSessionsCalendar(options: {
  sessions: readonly TimetableSession[]
  language: Language
  name: string
  stampedAt: number
  fileName: string
}): Promise<void> {
  const { timetableCalendar } = await import('@furfes/core/calendar')
  const ics = timetableCalendar(options)
  const href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }))
  Object.assign(document.createElement('a'), { href, download: options.fileName }).click()
  URL.revokeObjectURL(href)
}
