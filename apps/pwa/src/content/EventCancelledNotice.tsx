import type { FeatureFlags } from '@furfes/core'
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { useServices } from '../app/services.tsx'

/** The API's flags on a public page; undefined until they load. */
export function usePublicFlags(): FeatureFlags | undefined {
  // The flags store read directly rather than through useFeatureFlags and ui's useStore: sharing those with
  // this public page split them into chunks of their own on the top page, past its 170 KiB script budget.
  const { featureFlags } = useServices()
  const state = useSyncExternalStore(
    featureFlags.subscribe,
    featureFlags.getSnapshot,
    // Hydration renders the prerendered state (no flags yet), then the flags if they came first.
    () => featureFlags.initial,
  )
  useEffect(() => {
    void featureFlags.load()
  }, [featureFlags])
  return state.flags
}

/**
 * Whether the event is cancelled, as the API's flags say (docs/decisions/113-event-cancelled-refund-run.md);
 * false until the flags load, so the prerendered page keeps its buttons until then.
 */
export function useEventCancelled(): boolean {
  return usePublicFlags()?.isEventCancelled === true
}

const CancelledAlert = lazy(() => import('./EventCancelledAlert.tsx'))

/**
 * The notice on the page that leads to registration, once the event is cancelled, naming the edition; nothing
 * otherwise. The flags load after the first render, so the notice is never in the prerendered page: its markup
 * loads only when there is one to show (decision 209).
 */
export function EventCancelledNotice({ name }: { name: string }) {
  const cancelled = useEventCancelled()
  if (!cancelled) return null
  return (
    <Suspense fallback={null}>
      <CancelledAlert name={name} />
    </Suspense>
  )
}
