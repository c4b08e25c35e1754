import type { Participant } from '@furfes/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useServices } from '../app/services.tsx'
import type { StoredCheckIn } from '../data/check-ins.ts'
import { judgeCode, judgeParticipant, type Verdict } from '../verify/verdict.ts'

export type ScanSource = 'camera' | 'manual' | 'search'

export interface ScanResult {
  /** Changes with every verdict, so the screen can tell two verdicts on the same person apart. */
  serial: number
  verdict: Verdict
  source: ScanSource
  /** The check-in this verdict recorded (or the one staff confirmed after a search). */
  checkIn: StoredCheckIn | undefined
  undone: boolean
  /** Milliseconds from the decode to the verdict, for the camera (the 150 ms budget). */
  verdictMs: number | undefined
  /** `performance.now()` of the decode, so a benchmark can measure until the verdict is on screen. */
  decodedAt: number | undefined
}

/** Resolves once the browser has painted the frame React is committing now. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return resolve()
    requestAnimationFrame(() => setTimeout(resolve, 0))
  })
}

/** A code that stays in front of the camera is read many times a second; it counts once in this window. */
const repeatWindowMs = 5_000

/**
 * From a read code (or a person chosen in the search) to a verdict, its cue and, when valid, the check-in.
 * The verdict is shown before the check-in is written to IndexedDB, so the disk never delays it.
 */
export function useScanFlow() {
  const services = useServices()
  const [result, setResult] = useState<ScanResult | undefined>(undefined)
  const serial = useRef(0)
  const lastRead = useRef<{ text: string; at: number } | undefined>(undefined)

  const show = useCallback(
    (verdict: Verdict, source: ScanSource, decodedAt?: number) => {
      const next: ScanResult = {
        serial: ++serial.current,
        verdict,
        source,
        checkIn: undefined,
        undone: false,
        verdictMs: decodedAt === undefined ? undefined : performance.now() - decodedAt,
        decodedAt,
      }
      setResult(next)
      return next.serial
    },
    [services],
  )

  // The cue follows the verdict on screen: starting audio must not delay the paint.
  const cueFor = result?.serial
  const cueKind = result?.verdict.kind
  useEffect(() => {
    if (cueFor !== undefined && cueKind !== undefined) services.cue.play(cueKind)
  }, [cueFor, cueKind, services])

  const attachCheckIn = useCallback((forSerial: number, checkIn: StoredCheckIn) => {
    setResult((current) => (current?.serial === forSerial ? { ...current, checkIn } : current))
  }, [])

  const checkIn = useCallback(
    async (forSerial: number, registrationId: string) => {
      try {
        attachCheckIn(forSerial, await services.store.recordCheckIn(registrationId))
      } catch (error) {
        services.reportError(error, { where: 'record-check-in' })
      }
    },
    [services, attachCheckIn],
  )

  /** A code read by the camera or typed in. */
  const submitCode = useCallback(
    async (text: string, source: ScanSource, decodedAt?: number) => {
      const now = services.clock()
      const previous = lastRead.current
      if (source === 'camera' && previous?.text === text && now - previous.at < repeatWindowMs) return
      lastRead.current = { text, at: now }
      const verdict = judgeCode(await services.verifier.verify(text), services.store.getSnapshot())
      const shown = show(verdict, source, decodedAt)
      // Recorded right after the verdict is painted: the store update re-renders the sync state, which
      // must not hold back the verdict.
      if (verdict.kind === 'valid') {
        await afterPaint()
        await checkIn(shown, verdict.subject.registrationId)
      }
    },
    [services, show, checkIn],
  )

  /** A person chosen in the search: the verdict first, the check-in only when staff confirm it. */
  const choose = useCallback(
    (participant: Participant) => {
      const registrationId = participant.registration?.registrationId
      const snapshot = services.store.getSnapshot()
      const verdict: Verdict = registrationId
        ? judgeParticipant(participant, registrationId, snapshot.checkInsByRegistration.get(registrationId))
        : { kind: 'rejected', reason: 'notRegistered', subject: undefined }
      show(verdict, 'search')
    },
    [services, show],
  )

  const confirmCheckIn = useCallback(async () => {
    if (result?.verdict.kind !== 'valid' || result.checkIn) return
    await checkIn(result.serial, result.verdict.subject.registrationId)
  }, [result, checkIn])

  const undo = useCallback(async () => {
    if (!result?.checkIn || result.undone) return
    try {
      await services.store.recordUndo(result.checkIn)
      setResult((current) => (current?.serial === result.serial ? { ...current, undone: true } : current))
    } catch (error) {
      services.reportError(error, { where: 'record-undo' })
    }
  }, [result, services])

  const dismiss = useCallback(() => {
    lastRead.current = undefined
    setResult(undefined)
  }, [])

  return { result, submitCode, choose, confirmCheckIn, undo, dismiss }
}
