import { Box } from '@mui/material'
import { useTranslation } from 'react-i18next'

/**
 * The notice that the event is cancelled (EventCancelledNotice.tsx), naming the edition. Plain elements rather than
 * MUI's Alert: the public pages' shared chunks must not grow (the 170 KiB budget).
 */
export default function EventCancelledAlert({ name }: { name: string }) {
  const { t } = useTranslation('pwa')
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
