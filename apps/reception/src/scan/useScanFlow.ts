import {
  type ScanResult as CoreScanResult,
  createScanMachine,
  isConfirmingCheckIn,
  type Participant,
  type ScanSource,
} from '@furfes/core'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { useServices } from '../app/services.tsx'
import type { StoredCheckIn } from '../data/check-ins.ts'
import type { ReceptionSnapshot } from '../data/store.ts'
import { judgeCode, judgeParticipant, type Verdict } from '../verify/verdict.ts'

export type ScanResult = CoreScanResult<Verdict, StoredCheckIn>

const scanMachine = createScanMachine<Verdict, StoredCheckIn>()

/** Resolves once the browser has painted the frame React is committing now. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return resolve()
    requestAnimationFrame(() => setTimeout(resolve, 0))
  })
}

/** A person chosen in the search, judged from this device's list. */
function judgeChosen(participant: Participant, snapshot: ReceptionSnapshot): Verdict {
  const registrationId = participant.registration?.registrationId
  return registrationId
    ? judgeParticipant(participant, registrationId, snapshot.checkInsByRegistration.get(registrationId))
    : { kind: 'rejected', reason: 'notRegistered', subject: undefined }
}

/**
 * The scan screen's side of core's scan machine, which orders verdict, cue and check-in: this provides how
 * codes and chosen people are judged, where check-ins are kept, the cue and when the verdict is painted.
 */
export function useScanFlow() {
  const services = useServices()
  const machine = useMemo(
    () =>
      scanMachine.provide({
        actors: {
          judgeCode: fromPromise(async ({ input }) =>
            judgeCode(await services.verifier.verify(input.text), services.store.getSnapshot()),
          ),
          verdictPainted: fromPromise(afterPaint),
          recordCheckIn: fromPromise(({ input }) =>
            services.store.recordCheckIn(input.registrationId, input.scannedCode),
          ),
          recordUndo: fromPromise(({ input }) => services.store.recordUndo(input.checkIn)),
        },
        actions: {
          cue: (_, { kind }) => services.cue.play(kind),
          reportError: (_, { error, where }) => services.reportError(error, { where }),
        },
      }),
    [services],
  )
  // The camera stamps its decodes with performance.now(), so the verdict's delay is measured on that clock.
  const [snapshot, send] = useMachine(machine, { input: { now: () => performance.now() } })

  return {
    result: snapshot.context.result,
    /** The check-in of the verdict on screen is being written. */
    confirming: isConfirmingCheckIn(snapshot.context),
    /** A code read by the camera or typed in. */
    submitCode: (text: string, source: Exclude<ScanSource, 'search'>, decodedAt?: number) =>
      send({ type: 'code.read', text, source, decodedAt }),
    /** A person chosen in the search: the verdict first, the check-in only when staff confirm it. */
    choose: (participant: Participant) =>
      send({ type: 'person.chosen', verdict: judgeChosen(participant, services.store.getSnapshot()) }),
    confirmCheckIn: () => send({ type: 'checkIn.confirm' }),
    undo: () => send({ type: 'checkIn.undo' }),
    dismiss: () => send({ type: 'verdict.dismiss' }),
  }
}
