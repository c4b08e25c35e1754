import { usePhrases } from '@furfes/ui'
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useReceptionSnapshot } from '../app/hooks.ts'
import { useServices } from '../app/services.tsx'
import { ParticipantSearch } from '../participants/ParticipantSearch.tsx'
import { CameraView } from './CameraView.tsx'
import { type ScanResult, useScanFlow } from './useScanFlow.ts'
import { VerdictPanel } from './VerdictPanel.tsx'

const noop = () => undefined

const warmUpResult: ScanResult = {
  serial: 0,
  source: 'camera',
  checkIn: undefined,
  undone: false,
  verdictMs: undefined,
  decodedAt: undefined,
  verdict: {
    kind: 'valid',
    notInSnapshot: true,
    subject: {
      userId: '',
      registrationId: '',
      badgeName: '',
      handleName: undefined,
      email: undefined,
      registrationTier: 'sponsor_fursuiter',
      participant: undefined,
    },
    handOver: { badge: true, goods: [{ kind: 'benefit', key: 'tShirt' }], changingRoomType: undefined },
  },
}

/** Landscape: the camera, manual entry and search on the left, the verdict large on the right. */
export function ScanPage() {
  const phrase = usePhrases()
  const { t } = useTranslation('reception')
  const services = useServices()
  const snapshot = useReceptionSnapshot()
  const flow = useScanFlow()
  const [code, setCode] = useState('')
  const [cameraMissing, setCameraMissing] = useState(false)

  // Ready before the first person arrives: the keys imported into WebCrypto, and audio allowed from the first
  // touch or key press anywhere (browsers only start audio after a user gesture).
  useEffect(() => services.verifier.warm(), [services, snapshot.keys])
  // The first render of a verdict costs more than 100 ms (its styles are computed and inserted the first
  // time); render one hidden sample on arrival so the first person in the queue sees theirs at once.
  const [warmingUp, setWarmingUp] = useState(true)
  useEffect(() => setWarmingUp(false), [])
  useEffect(() => {
    const unlock = () => services.cue.unlock()
    document.addEventListener('pointerdown', unlock)
    document.addEventListener('keydown', unlock)
    return () => {
      document.removeEventListener('pointerdown', unlock)
      document.removeEventListener('keydown', unlock)
    }
  }, [services])

  const submitManual = (event: FormEvent) => {
    event.preventDefault()
    const text = code.trim()
    if (text === '') return
    setCode('')
    flow.submitCode(text, 'manual')
  }

  return (
    <Box
      sx={{
        flexGrow: 1,
        display: 'grid',
        gap: 2,
        p: 2,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(320px, 2fr) 3fr' },
      }}
    >
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {phrase(t('scan.heading'))}
        </Typography>
        {!snapshot.keys && <Typography color="warning.main">{t('scan.noKeys')}</Typography>}
        <CameraView
          onText={(text, at) => flow.submitCode(text, 'camera', at)}
          onProblem={() => setCameraMissing(true)}
        />
        <Stack component="form" direction="row" spacing={1} onSubmit={submitManual}>
          <TextField
            label={t('scan.manualLabel')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            sx={{ flexGrow: 1 }}
          />
          <Button type="submit" variant="contained">
            {phrase(t('scan.verify'))}
          </Button>
        </Stack>
        <ParticipantSearch onChoose={flow.choose} />
      </Stack>
      <Box sx={{ minHeight: 360 }}>
        {warmingUp && (
          <Box hidden aria-hidden>
            <VerdictPanel result={warmUpResult} onConfirm={noop} onUndo={noop} onDismiss={noop} />
          </Box>
        )}
        {flow.result ? (
          <VerdictPanel
            key={flow.result.serial}
            result={flow.result}
            confirming={flow.confirming}
            onConfirm={flow.confirmCheckIn}
            onUndo={flow.undo}
            onDismiss={flow.dismiss}
          />
        ) : (
          <Paper variant="outlined" sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 3 }}>
            <Typography variant="h5" component="p" color="text.secondary">
              {t(cameraMissing ? 'scan.waitingWithoutCamera' : 'scan.waiting')}
            </Typography>
          </Paper>
        )}
      </Box>
    </Box>
  )
}
