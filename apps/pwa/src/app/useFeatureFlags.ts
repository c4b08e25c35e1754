import { useEffect, useSyncExternalStore } from 'react'
import type { FeatureFlagsState } from './feature-flags.ts'
import { useServices } from './services.tsx'

/** The feature flags, fetched once per visit (the store keeps them); the first use starts the fetch. */
export function useFeatureFlags(): FeatureFlagsState {
  const { featureFlags } = useServices()
  const state = useSyncExternalStore(
    featureFlags.subscribe,
    featureFlags.getSnapshot,
    featureFlags.getSnapshot,
  )
  useEffect(() => {
    void featureFlags.load()
  }, [featureFlags])
  return state
}
