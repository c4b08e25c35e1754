import { Alert, Box, Button, Stack } from '@mui/material'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../app/services.tsx'
import type { Camera } from './camera.ts'

export type CameraProblem = 'denied' | 'missing' | 'failed'

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'TypeError') return 'missing'
  return 'failed'
}

/** The rear camera's picture with continuous decoding, and the torch where the device has one. */
export function CameraView({
  onText,
  onProblem,
}: {
  onText: (text: string, decodedAt: number) => void
  /** Told when the camera cannot be used, so the page stops asking for a code held up to it. */
  onProblem?: (problem: CameraProblem) => void
}) {
  const { t } = useTranslation('reception')
  const { scanner, reportError } = useServices()
  const video = useRef<HTMLVideoElement>(null)
  const callback = useRef(onText)
  callback.current = onText
  const problemCallback = useRef(onProblem)
  problemCallback.current = onProblem
  const [camera, setCamera] = useState<Camera | undefined>(undefined)
  const [problem, setProblem] = useState<CameraProblem | undefined>(undefined)
  const [torchOn, setTorchOn] = useState(false)

  useEffect(() => {
    let cancelled = false
    let opened: Camera | undefined
    let stopScan: (() => void) | undefined
    const element = video.current
    void (async () => {
      try {
        opened = await scanner.openCamera()
        if (cancelled || !element) return opened.stop()
        setCamera(opened)
        const scan = await scanner.decoder.decodeFromStream(opened.stream, element, (text, at) =>
          callback.current(text, at),
        )
        if (cancelled) scan.stop()
        else stopScan = () => scan.stop()
      } catch (error) {
        if (cancelled) return
        const kind = problemOf(error)
        if (kind === 'failed') reportError(error, { where: 'camera' })
        setProblem(kind)
        problemCallback.current?.(kind)
      }
    })()
    return () => {
      cancelled = true
      stopScan?.()
      opened?.stop()
    }
  }, [scanner, reportError])

  const toggleTorch = async () => {
    if (!camera) return
    try {
      await camera.torch.set(!torchOn)
      setTorchOn(!torchOn)
    } catch (error) {
      reportError(error, { where: 'torch' })
    }
  }

  return (
    <Stack spacing={1}>
      <Box
        sx={{
          position: 'relative',
          bgcolor: 'common.black',
          borderRadius: 2,
          overflow: 'hidden',
          aspectRatio: '4 / 3',
          display: problem ? 'none' : 'block',
        }}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('scan.cameraLabel')}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </Box>
      {problem && <Alert severity="warning">{t(`scan.camera.${problem}`)}</Alert>}
      {camera?.torch.supported && (
        <Button variant="outlined" onClick={() => void toggleTorch()} aria-pressed={torchOn}>
          {torchOn ? t('scan.torchOff') : t('scan.torchOn')}
        </Button>
      )}
    </Stack>
  )
}
