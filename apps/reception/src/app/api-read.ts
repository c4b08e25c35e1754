import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react'

export interface ApiRead<T> {
  /** What the last read answered; undefined until the first answer for the current subject. */
  data: T | undefined
  /** Why the last read failed; cleared when a new read starts. */
  error: unknown
  /** Reads the same subject again, keeping what is shown until the answer comes. */
  reload: () => void
  /** Shows what a change answered without reading again. */
  setData: (data: T) => void
}

const sameSubject = (previous: DependencyList | undefined, next: DependencyList) =>
  previous !== undefined &&
  previous.length === next.length &&
  previous.every((value, index) => Object.is(value, next[index]))

/**
 * A read the staff screens make from the API while they are open: read when opened and whenever `subject` (the
 * values the read depends on) changes, abort when left or superseded, keep the failure to show, read again on
 * demand. A new subject starts from nothing; a reload keeps what is shown. The one way every screen reads.
 */
export function useApiRead<T>(
  read: (signal: AbortSignal) => Promise<T>,
  subject: DependencyList,
): ApiRead<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown }>({})
  const [attempt, setAttempt] = useState(0)
  const latestRead = useRef(read)
  latestRead.current = read
  const readFor = useRef<DependencyList | undefined>(undefined)

  useEffect(() => {
    const controller = new AbortController()
    const fresh = !sameSubject(readFor.current, subject)
    readFor.current = subject
    setState((previous) => (fresh || previous.data === undefined ? {} : { data: previous.data }))
    latestRead.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, error }))
      },
    )
    return () => controller.abort()
  }, [...subject, attempt])

  const reload = useCallback(() => setAttempt((count) => count + 1), [])
  const setData = useCallback((data: T) => setState({ data }), [])
  return { data: state.data, error: state.error, reload, setData }
}
