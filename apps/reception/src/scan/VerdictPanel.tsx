import { isFursuitTier } from '@furfes/core'
import { usePhrases } from '@furfes/ui'
import { Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { useConnectivity, useReceptionSnapshot } from '../app/hooks.ts'
import { useServices } from '../app/services.tsx'
import { answerKey, type StoredCheckIn, uploadStateOf } from '../data/check-ins.ts'
import { formatTime } from '../layout/format.ts'
import type { Verdict, VerdictSubject } from '../verify/verdict.ts'
import { GoodsChecklist } from './GoodsChecklist.tsx'
import { Guardianship } from './Guardianship.tsx'
import type { ScanResult } from './useScanFlow.ts'

/**
 * What the panel shows: a verdict, or for a person found by search the door states of decision 145
 * (docs/decisions/145-door-states-and-the-saved-code.md): not checked in yet (neutral), then checked in. A
 * valid verdict on someone staff flagged is amber with their note, however the person was found
 * (docs/decisions/175-door-attention.md).
 */
type PanelState = Verdict['kind'] | 'notCheckedIn' | 'checkedIn' | 'attention'

const colours = {
  valid: { bgcolor: 'success.main', color: 'success.contrastText' },
  checkedIn: { bgcolor: 'success.main', color: 'success.contrastText' },
  notCheckedIn: { bgcolor: 'background.paper', color: 'text.primary', border: 2, borderColor: 'divider' },
  alreadyCheckedIn: { bgcolor: 'warning.main', color: 'warning.contrastText' },
  attention: { bgcolor: 'warning.main', color: 'warning.contrastText' },
  rejected: { bgcolor: 'error.main', color: 'error.contrastText' },
} as const

function panelState(result: ScanResult): PanelState {
  const { verdict } = result
  if (verdict.kind === 'valid' && verdict.subject.participant?.attention?.flagged) return 'attention'
  // A code is the proof (decision 072): its valid verdict checks the person in at once. A person found by
  // search is only checked in when staff confirm, so until then nothing on screen may look like "OK".
  if (result.source !== 'search' || verdict.kind !== 'valid') return verdict.kind
  return result.checkIn && !result.undone ? 'checkedIn' : 'notCheckedIn'
}

/** The verdict's main actions: solid on any of the three colours, and large enough to hit at a glance. */
const solidButton = {
  variant: 'contained',
  color: 'inherit',
  size: 'large',
  sx: { color: 'text.primary' },
} as const
/** On the neutral panel, checking in is the one main action. */
const primaryButton = { variant: 'contained', size: 'large' } as const
const secondaryButton = { variant: 'outlined', color: 'inherit', size: 'large' } as const

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
 * Staff's note on the person (decision 175): why the panel is amber when they flagged it, for information
 * otherwise; then the access needs the person stated, always for information (decision 185).
 */
function AttentionNote({ subject, flagged }: { subject: VerdictSubject; flagged: boolean }) {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const note = subject.participant?.attention?.note
  const accessNeeds = subject.participant?.registration?.accessNeeds
  return (
    <>
      {note && (
        <Box data-attention-note>
          <Typography variant={flagged ? 'h5' : 'h6'} component="h3" sx={{ fontWeight: 700 }}>
            {phrase(t(flagged ? 'verdict.attentionReason' : 'verdict.note'))}
          </Typography>
          <Typography variant={flagged ? 'h4' : 'h6'} component="p" sx={{ wordBreak: 'break-word' }}>
            {note}
          </Typography>
        </Box>
      )}
      {accessNeeds && (
        <Box data-access-needs>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
            {phrase(t('verdict.accessNeeds'))}
          </Typography>
          <Typography variant="h6" component="p" sx={{ wordBreak: 'break-word' }}>
            {accessNeeds}
          </Typography>
        </Box>
      )}
    </>
  )
}

/** Where the check-in staff confirmed stands now: on this device, waiting for upload, uploaded. */
function UploadProgress({ recorded }: { recorded: StoredCheckIn }) {
  const { t } = useTranslation('reception')
  const snapshot = useReceptionSnapshot()
  const connectivity = useConnectivity()
  const checkIn = snapshot.checkIns.find((item) => item.id === recorded.id) ?? recorded
  const state = uploadStateOf(checkIn, connectivity)
  return (
    <Typography variant="h6" component="p" data-upload-state={state}>
      {state === 'answeredOtherwise' ? t(answerKey(checkIn)) : t(`verdict.upload.${state}`)}
    </Typography>
  )
}

/**
 * The verdict, large enough to read at arm's length: green valid with what to hand over, amber already
 * checked in with when and where, red with the reason; a person found by search is neutral until staff
 * check them in. Announced to screen readers as it changes.
 */
export function VerdictPanel(props: {
  result: ScanResult
  /** The check-in staff confirmed is being written: the button waits. */
  confirming?: boolean
  onConfirm: () => void
  onUndo: () => void
  onDismiss: () => void
}) {
  const phrase = usePhrases()
  const { t, i18n } = useTranslation(['reception', 'domain'])
  const services = useServices()
  const { edition } = useReceptionSnapshot()
  const { verdict } = props.result
  const state = panelState(props.result)
  const language = i18n.language === 'en' ? 'en' : 'ja'

  return (
    <Box
      role="status"
      aria-live="assertive"
      data-verdict={state}
      data-verdict-ms={props.result.verdictMs === undefined ? undefined : props.result.verdictMs.toFixed(1)}
      data-decoded-at={props.result.decodedAt}
      sx={{
        ...colours[state],
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
        {phrase(t(`verdict.${state}`))}
      </Typography>

      {state === 'attention' && verdict.kind === 'valid' && (
        <>
          <AttentionNote subject={verdict.subject} flagged />
          {props.result.checkIn ? (
            <UploadProgress recorded={props.result.checkIn} />
          ) : (
            props.result.source === 'search' && (
              <Typography variant="h6" component="p">
                {t('verdict.confirmIdentity')}
              </Typography>
            )
          )}
        </>
      )}

      {state === 'notCheckedIn' && verdict.kind === 'valid' && (
        <>
          <Subject subject={verdict.subject} />
          <Guardianship participant={verdict.subject.participant} />
          <AttentionNote subject={verdict.subject} flagged={false} />
          <Typography variant="h6" component="p">
            {t('verdict.confirmIdentity')}
          </Typography>
        </>
      )}

      {state === 'checkedIn' && props.result.checkIn && <UploadProgress recorded={props.result.checkIn} />}

      {(state === 'valid' || state === 'checkedIn' || state === 'attention') && verdict.kind === 'valid' && (
        <>
          <Subject subject={verdict.subject} />
          <Guardianship participant={verdict.subject.participant} />
          {state !== 'attention' && <AttentionNote subject={verdict.subject} flagged={false} />}
          {verdict.notInSnapshot && <Typography>{t('verdict.notInSnapshot')}</Typography>}
          {verdict.subject.registrationTier === undefined && (
            <Typography>{t('verdict.detailsNotInSnapshot')}</Typography>
          )}
          <Box>
            <Typography variant="h6" component="h3">
              {phrase(t('verdict.handOver'))}
            </Typography>
            <List dense disablePadding>
              <ListItem disableGutters>
                <ListItemText primary={t('verdict.badge')} />
              </ListItem>
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
            <GoodsChecklist registrationId={verdict.subject.registrationId} lines={verdict.handOver.goods} />
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
          <Guardianship participant={verdict.subject.participant} />
          <AttentionNote subject={verdict.subject} flagged={false} />
          <GoodsChecklist registrationId={verdict.subject.registrationId} lines={verdict.handOver.goods} />
        </>
      )}

      {verdict.kind === 'rejected' && (
        <>
          <Typography variant="h5" component="p">
            {t(`verdict.reason.${verdict.reason}`, {
              edition: verdict.codeEdition,
              current: edition?.name[language],
            })}
          </Typography>
          {verdict.subject && <Subject subject={verdict.subject} />}
          {verdict.subject && <AttentionNote subject={verdict.subject} flagged={false} />}
        </>
      )}

      <Box sx={{ flexGrow: 1 }} />
      {props.result.undone && <Typography variant="h6">{t('verdict.undone')}</Typography>}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        {(state === 'valid' || state === 'notCheckedIn' || state === 'attention') &&
          !props.result.checkIn && (
            <Button
              {...(state === 'valid' ? solidButton : primaryButton)}
              loading={props.confirming}
              onClick={props.onConfirm}
            >
              {phrase(t('verdict.checkIn'))}
            </Button>
          )}
        {props.result.checkIn && !props.result.undone && (
          <Button {...secondaryButton} onClick={props.onUndo}>
            {phrase(t('verdict.undo'))}
          </Button>
        )}
        <Button {...(state === 'notCheckedIn' ? secondaryButton : solidButton)} onClick={props.onDismiss}>
          {phrase(t('verdict.next'))}
        </Button>
      </Stack>
    </Box>
  )
}
