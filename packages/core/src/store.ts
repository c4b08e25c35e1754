/**
 * A value that changes over time and says when it did: the one shape of every store the apps keep outside
 * React (the reception's data and devices, My Page's cache, the feature flags, the notification queue).
 * Components read one with `useStore` from packages/ui; the shape is the one `useSyncExternalStore` takes.
 */
export interface Store<T> {
  getSnapshot(): T
  /** Calls `listener` after each change of the value; returns the function that stops it. */
  subscribe(listener: () => void): () => void
}

/** A store and the function that changes its value; the owner keeps `set` and hands out the rest. */
export interface WritableStore<T> extends Store<T> {
  /** Replaces the value and tells the subscribers, unless it is the very same value (`Object.is`). */
  set(next: T): void
}

export function createStore<T>(initial: T): WritableStore<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    getSnapshot: () => value,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    set(next) {
      if (Object.is(next, value)) return
      value = next
      for (const listener of listeners) listener()
    },
  }
}
