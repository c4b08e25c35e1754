import type { Store } from '@furfes/core'
import { useSyncExternalStore } from 'react'

/**
 * The store's value, rendering again when it changes: how components read every store (packages/core
 * `Store`). `serverSnapshot` is what prerendering and hydration assume, where the browser's value would differ
 * from the prerendered HTML.
 */
export function useStore<T>(store: Store<T>, serverSnapshot: () => T = store.getSnapshot): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot)
}
