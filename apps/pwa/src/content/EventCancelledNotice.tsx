import { Alert, AlertTitle } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { useFeatureFlags } from '../app/useFeatureFlags.ts'

/**
 * Whether the event is cancelled, as the API's flags say (docs/decisions/113-event-cancelled-refund-run.md);
 * false until the flags load, so the prerendered page keeps its buttons until then.
 */
export function useEventCancelled(): boolean {
  return useFeatureFlags().flags?.isEventCancelled === true
}

/** The notice on the pages that lead to registration, once the event is cancelled; nothing otherwise. */
export function EventCancelledNotice() {
  const { t } = useTranslation('pwa')
  const cancelled = useEventCancelled()
  if (!cancelled) return null
  return (
    <Alert severity="warning" aria-labelledby="event-cancelled" sx={{ my: 2, textAlign: 'start' }}>
      <AlertTitle id="event-cancelled" component="h2">
        {t('eventCancelled.heading')}
      </AlertTitle>
      {t('eventCancelled.body')}
    </Alert>
  )
}
