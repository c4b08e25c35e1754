import { useEffect, useState } from 'react'
import { useServices } from '../app/services.tsx'
import { readPublishedTimetable, type TimetableAnswer } from './published.ts'

/**
 * The published timetable once this visit has read it: `loading` until then (the prerendered page shows the
 * timetable image and its text, as a page without a published timetable does), `failed` when it could not be
 * read at all (reported; the image stays).
 */
export function usePublishedTimetable(): TimetableAnswer | { kind: 'loading' } | { kind: 'failed' } {
  const { fetchPublic, errors } = useServices()
  const [answer, setAnswer] = useState<TimetableAnswer | { kind: 'loading' } | { kind: 'failed' }>({
    kind: 'loading',
  })
  useEffect(() => {
    let current = true
    readPublishedTimetable(fetchPublic)
      .then((read) => {
        if (current) setAnswer(read)
      })
      .catch((error: unknown) => {
        errors.report(error, { where: 'timetable' })
        if (current) setAnswer({ kind: 'failed' })
      })
    return () => {
      current = false
    }
  }, [fetchPublic, errors])
  return answer
}
