import type { FeatureFlags } from '@furfes/core'
import { Box } from '@mui/material'
import { useEffect, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
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

/**
 * The notice on the page that leads to registration, once the event is cancelled, naming the edition; nothing
 * otherwise. Plain elements rather than MUI's Alert: the public pages' shared chunks must not grow (the 170 KiB
 * budget).
 */
export function EventCancelledNotice({ name }: { name: string }) {
  const { t } = useTranslation('pwa')
  const cancelled = useEventCancelled()
  if (!cancelled) return null
  return (
    <Box
      role="alert"
      aria-labelledby="event-cancelled"
      sx={{
        my: 2,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        borderLeft: 4,
        borderColor: 'warning.main',
        bgcolor: 'action.hover',
        textAlign: 'start',
      }}
    >
      <Box component="h2" id="event-cancelled" sx={{ m: 0, fontSize: '1.1rem' }}>
        {t('eventCancelled.heading', { name })}
      </Box>
      <Box component="p" sx={{ mb: 0 }}>
        {t('eventCancelled.body')}
      </Box>
    </Box>
  )
}
