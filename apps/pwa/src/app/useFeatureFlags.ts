import { useStore } from '@furfes/ui'
import { useEffect } from 'react'
import type { FeatureFlagsState } from './feature-flags.ts'
import { useServices } from './services.tsx'

/** The feature flags, fetched once per visit (the store keeps them); the first use starts the fetch. */
export function useFeatureFlags(): FeatureFlagsState {
  const { featureFlags } = useServices()
  // Hydration renders the prerendered state (no flags yet), then the flags if they came first.
  const state = useStore(featureFlags, () => featureFlags.initial)
  useEffect(() => {
    void featureFlags.load()
  }, [featureFlags])
  return state
}
