import { usePhrases } from '@furfes/ui'
import { Box, Button, Chip, Stack, Tooltip, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { useConnectivity, useReceptionSnapshot, useSyncState } from '../app/hooks.ts'
import { useServices } from '../app/services.tsx'
import { formatTime } from './format.ts'

/**
 * Always on screen (pretix's users could not tell whether anything was still waiting): online or offline,
 * how many check-ins wait for upload, when the device last synced, and conflicts found.
 */
export function SyncStatus() {
  const phrase = usePhrases()
  const { t, i18n } = useTranslation('reception')
  const services = useServices()
  const connectivity = useConnectivity()
  const sync = useSyncState()
  const snapshot = useReceptionSnapshot()
  const language = i18n.language === 'en' ? 'en' : 'ja'
  const lastSync =
    snapshot.lastSyncAt === undefined
      ? t('sync.never')
      : formatTime(snapshot.lastSyncAt, language, services.clock())
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status" aria-live="polite">
      <Chip
        size="small"
        color={connectivity === 'online' ? 'success' : 'warning'}
        label={connectivity === 'online' ? t('sync.online') : t('sync.offline')}
      />
      <Chip
        size="small"
        color={snapshot.pendingCount > 0 ? 'warning' : 'default'}
        label={t('sync.pending', { count: snapshot.pendingCount })}
        // MUI's default chip is a faint grey over whatever is behind it: on the festival's pink bar its text fell
        // under 4.5:1 (axe), so it stands on the page's own background (decision 188).
        sx={snapshot.pendingCount > 0 ? undefined : { bgcolor: 'background.paper', color: 'text.primary' }}
      />
      {snapshot.conflicts.length > 0 && (
        <Chip size="small" color="error" label={t('sync.conflicts', { count: snapshot.conflicts.length })} />
      )}
      <Box sx={{ display: { xs: 'none', md: 'block' } }}>
        <Typography variant="caption" component="p">
          {t('sync.lastSync', { time: lastSync })}
        </Typography>
        {(sync.problem === 'signedOut' || sync.problem === 'failed') && (
          // On the festival's pink bar the error red would be unreadable: bold words in the bar's own colour.
          <Typography variant="caption" component="p" sx={{ fontWeight: 700 }}>
            {t(`sync.${sync.problem}`)}
          </Typography>
        )}
      </Box>
      <Tooltip title={t('sync.now')}>
        <span>
          <Button
            size="small"
            color="inherit"
            variant="outlined"
            loading={sync.running}
            onClick={() => void services.sync.sync({ refreshSnapshot: true })}
          >
            {phrase(t('sync.nowShort'))}
          </Button>
        </span>
      </Tooltip>
    </Stack>
  )
}
