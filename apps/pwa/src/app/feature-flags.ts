import { createStore, type FeatureFlags, type Store } from '@furfes/core'

export interface FeatureFlagsState {
  /** `failed` means the last attempt failed; flags loaded before are kept. */
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  /** The last flags the API gave, if it ever gave any. */
  flags: FeatureFlags | undefined
}

export interface FeatureFlagsStore extends Store<FeatureFlagsState> {
  /** Before any read: what the prerendered HTML shows, and so what hydration must render. */
  readonly initial: FeatureFlagsState
  /**
   * The flags, fetched once and then served from memory; `force` fetches again (My Page entry does). Resolves
   * undefined when the flags have never loaded: a network error is then presumed (docs/requirements.md STAT-6).
   */
  load(options?: { force?: boolean }): Promise<FeatureFlags | undefined>
}

/** Flags that never loaded mean a network error is presumed. */
export function isNetworkErrorPresumed(state: FeatureFlagsState): boolean {
  return state.flags === undefined && state.status === 'failed'
}

export function createFeatureFlagsStore(fetchFlags: () => Promise<FeatureFlags>): FeatureFlagsStore {
  const initial: FeatureFlagsState = { status: 'idle', flags: undefined }
  const { set: publish, ...state } = createStore<FeatureFlagsState>(initial)
  let inFlight: Promise<FeatureFlags | undefined> | undefined

  function fetchOnce(): Promise<FeatureFlags | undefined> {
    publish({ ...state.getSnapshot(), status: 'loading' })
    const request = fetchFlags().then(
      (flags) => {
        publish({ status: 'loaded', flags })
        return flags
      },
      () => {
        publish({ ...state.getSnapshot(), status: 'failed' })
        return state.getSnapshot().flags
      },
    )
    inFlight = request
    void request.finally(() => {
      if (inFlight === request) inFlight = undefined
    })
    return request
  }

  return {
    ...state,
    initial,
    load({ force = false } = {}) {
      // A request already under way is as fresh as a forced one would be.
      if (inFlight) return inFlight
      const { status, flags } = state.getSnapshot()
      if (!force && status === 'loaded') return Promise.resolve(flags)
      return fetchOnce()
    },
  }
}
