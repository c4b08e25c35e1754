import { isFursuitTier } from '@furfes/core'
import { Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { useServices } from '../app/services.tsx'
import { formatTime } from '../layout/format.ts'
import type { VerdictSubject } from '../verify/verdict.ts'
import type { ScanResult } from './useScanFlow.ts'

const colours = {
  valid: { bgcolor: 'success.main', color: 'success.contrastText' },
  alreadyCheckedIn: { bgcolor: 'warning.main', color: 'warning.contrastText' },
  rejected: { bgcolor: 'error.main', color: 'error.contrastText' },
} as const

/** The verdict's main actions: solid on any of the three colours, and large enough to hit at a glance. */
const solidButton = {
  variant: 'contained',
  color: 'inherit',
  size: 'large',
  sx: { color: 'text.primary' },
} as const

function Subject({ subject }: { subject: VerdictSubject }) {
  const { t } = useTranslation(['reception', 'domain'])
  return (
    <Box>
      <Typography variant="h3" component="p" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
        {subject.badgeName ?? t('verdict.unknown')}
      </Typography>
      {subject.handleName && subject.handleName !== subject.badgeName && (
        <Typography variant="h6" component="p">
          {subject.handleName}
        </Typography>
      )}
      {subject.registrationTier !== undefined && (
        <Typography variant="h5" component="p">
          {t(`domain:registrationTier.${subject.registrationTier}`)}
        </Typography>
      )}
    </Box>
  )
}

/**
 * The verdict, large enough to read at arm's length: green valid with what to hand over, amber already
 * checked in with when and where, red with the reason. Announced to screen readers as it changes.
 */
export function VerdictPanel(props: {
  result: ScanResult
  onConfirm: () => void
  onUndo: () => void
  onDismiss: () => void
}) {
  const { t, i18n } = useTranslation(['reception', 'domain'])
  const services = useServices()
  const { verdict } = props.result
  const language = i18n.language === 'en' ? 'en' : 'ja'

  return (
    <Box
      role="status"
      aria-live="assertive"
      data-verdict={verdict.kind}
      data-verdict-ms={props.result.verdictMs === undefined ? undefined : props.result.verdictMs.toFixed(1)}
      data-decoded-at={props.result.decodedAt}
      sx={{
        ...colours[verdict.kind],
        borderRadius: 2,
        p: 3,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
      }}
    >
      <Typography
        variant="h2"
        component="h2"
        sx={{ fontWeight: 800, fontSize: { xs: '2.5rem', md: '3.5rem' } }}
      >
        {t(`verdict.${verdict.kind}`)}
      </Typography>

      {verdict.kind === 'valid' && (
        <>
          <Subject subject={verdict.subject} />
          {verdict.notInSnapshot && <Typography>{t('verdict.notInSnapshot')}</Typography>}
          {verdict.subject.registrationTier === undefined && (
            <Typography>{t('verdict.detailsNotInSnapshot')}</Typography>
          )}
          <Box>
            <Typography variant="h6" component="h3">
              {t('verdict.handOver')}
            </Typography>
            <List dense disablePadding>
              <ListItem disableGutters>
                <ListItemText primary={t('verdict.badge')} />
              </ListItem>
              {verdict.handOver.sponsorGoods.length > 0 && (
                <ListItem disableGutters>
                  <ListItemText
                    primary={t('verdict.sponsorGoods')}
                    secondary={verdict.handOver.sponsorGoods
                      .map((benefit) => t(`domain:sponsorBenefit.${benefit}`))
                      .join('、')}
                    slotProps={{ secondary: { color: 'inherit' } }}
                  />
                </ListItem>
              )}
              {verdict.handOver.sponsorGoods.includes('tShirt') && (
                <ListItem disableGutters>
                  <ListItemText
                    primary={t('verdict.tShirtSize', {
                      size: verdict.handOver.tShirtSize ?? t('verdict.unknown'),
                    })}
                  />
                </ListItem>
              )}
              {verdict.subject.registrationTier !== undefined &&
                isFursuitTier(verdict.subject.registrationTier) && (
                  <ListItem disableGutters>
                    <ListItemText
                      primary={t('verdict.changingRoom', {
                        room: verdict.handOver.changingRoomType
                          ? t(`domain:changingRoomType.${verdict.handOver.changingRoomType}`)
                          : t('verdict.unknown'),
                      })}
                    />
                  </ListItem>
                )}
            </List>
          </Box>
        </>
      )}

      {verdict.kind === 'alreadyCheckedIn' && (
        <>
          <Typography variant="h5" component="p">
            {t('verdict.checkedInAt', {
              time: formatTime(verdict.checkIn.checkedInAt, language, services.clock()),
              device: verdict.checkIn.deviceName ?? verdict.checkIn.deviceId,
            })}
          </Typography>
          <Subject subject={verdict.subject} />
        </>
      )}

      {verdict.kind === 'rejected' && (
        <>
          <Typography variant="h5" component="p">
            {t(`verdict.reason.${verdict.reason}`)}
          </Typography>
          {verdict.subject && <Subject subject={verdict.subject} />}
        </>
      )}

      <Box sx={{ flexGrow: 1 }} />
      {props.result.undone && <Typography variant="h6">{t('verdict.undone')}</Typography>}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        {verdict.kind === 'valid' && !props.result.checkIn && (
          <Button {...solidButton} onClick={props.onConfirm}>
            {t('verdict.checkIn')}
          </Button>
        )}
        {props.result.checkIn && !props.result.undone && (
          <Button variant="outlined" color="inherit" size="large" onClick={props.onUndo}>
            {t('verdict.undo')}
          </Button>
        )}
        <Button {...solidButton} onClick={props.onDismiss}>
          {t('verdict.next')}
        </Button>
      </Stack>
    </Box>
  )
}
