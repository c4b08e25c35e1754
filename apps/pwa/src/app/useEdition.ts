import { useEffect, useSyncExternalStore } from 'react'
import type { EditionState } from './edition.ts'
import { useServices } from './services.tsx'

/**
 * The edition the pages show: the one they were built with until GET /edition answers (once per visit), then the
 * current one (docs/decisions/160-the-site-reads-the-edition.md). Read with React's hook rather than ui's
 * `useStore`, which public pages do not share (the top page's script budget, decision 041).
 */
export function useEdition(): EditionState {
  const { edition } = useServices()
  const state = useSyncExternalStore(edition.subscribe, edition.getSnapshot, edition.getSnapshot)
  useEffect(() => {
    void edition.load()
  }, [edition])
  return state
}
