import { useEffect, useSyncExternalStore } from 'react'
import type { EditionState } from './edition.ts'
import { useServices } from './services.tsx'

/**
 * The edition the pages show: the one they were built with until GET /edition answers (once per visit), then the
 * current one (docs/decisions/160-the-site-reads-the-edition.md). Read with React's hook rather than ui's
 * `useStore`, which public pages do not share (the top page's script budget, decision 041).
 */
export function useEdition(): EditionState {
  return useEditionPart(whole)
}

const whole = (state: EditionState) => state

/**
 * One part of the edition's state, for a component that shows only that part: it renders again when the part
 * changes, not each time the state does. Every visit's answer changes the state (when and whether the phase was
 * judged) while the edition itself usually stays the built one, whose object the store keeps, so the header,
 * the footer and the copy pages are not rendered a second time after hydration (docs/decisions/203).
 * `select` must return a value kept in the state, or a primitive: never a new object.
 */
export function useEditionPart<T>(select: (state: EditionState) => T): T {
  const { edition } = useServices()
  const part = useSyncExternalStore(
    edition.subscribe,
    () => select(edition.getSnapshot()),
    // Hydration renders what the prerendered HTML holds, then the current state if it differs.
    () => select(edition.initial),
  )
  useEffect(() => {
    void edition.load()
  }, [edition])
  return part
}
