import { browserOnline, useStore } from '@furfes/ui'
import { Box } from '@mui/material'
import { useTranslation } from 'react-i18next'

/**
 * A bar at the top of every page while the device is offline, kept on screen when scrolling. The status
 * region is always in the page (empty when online), so screen readers announce the change. The server and
 * the first client render assume online, so hydration matches the prerendered HTML.
 */
export function OfflineIndicator() {
  const { t } = useTranslation('pwa')
  const online = useStore(browserOnline, () => true)
  return (
    <Box
      role="status"
      aria-label={t('connectivity.indicatorLabel')}
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        bgcolor: 'text.primary',
        color: 'background.default',
        textAlign: 'center',
        fontSize: '0.875rem',
        fontWeight: 'bold',
        ...(online ? {} : { px: 2, py: 0.5 }),
      }}
    >
      {online ? null : t('connectivity.indicator')}
    </Box>
  )
}
