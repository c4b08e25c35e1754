import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import {
  createScanMachine,
  isConfirmingCheckIn,
  type ScanVerdict,
  scanRepeatWindowMs,
} from './scan-machine.ts'

interface CheckIn {
  id: string
  registrationId: string
}

const valid = (registrationId: string): ScanVerdict => ({ kind: 'valid', subject: { registrationId } })

/** A promise with its resolve at hand, so a test decides when an actor answers. */
function gate<T = void>() {
  let open: (value: T) => void = () => undefined
  let fail: (error: unknown) => void = () => undefined
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve
    fail = reject
  })
  return { promise, open, fail }
}

/**
 * Starts the scan machine on a simulated clock (also its `now`). Codes are judged from `verdicts` (a code
 * not listed is rejected); every effect is logged in `log` in the order it happened.
 */
function start(
  options: {
    verdicts?: Record<string, ScanVerdict>
    paint?: () => Promise<void>
    /** Holds each check-in write until it resolves. */
    record?: () => Promise<void>
  } = {},
) {
  const clock = new SimulatedClock()
  clock.set(1_000)
  const log: string[] = []
  const reported: { error: unknown; where: string }[] = []
  const writes: string[] = []
  /** The scanned code each check-in was written with. */
  const scannedCodes: (string | undefined)[] = []
  const failures = { checkIn: undefined as Error | undefined, undo: undefined as Error | undefined }
  let written = 0
  const sut = createScanMachine<ScanVerdict, CheckIn>().provide({
    actors: {
      judgeCode: fromPromise(async ({ input }) => {
        log.push(`judge ${input.text}`)
        return options.verdicts?.[input.text] ?? { kind: 'rejected' }
      }),
      verdictPainted: fromPromise(async () => {
        await options.paint?.()
        log.push('painted')
      }),
      recordCheckIn: fromPromise(async ({ input }) => {
        log.push(`check in ${input.registrationId}`)
        await options.record?.()
        if (failures.checkIn) throw failures.checkIn
        written += 1
        writes.push(input.registrationId)
        scannedCodes.push(input.scannedCode)
        return { id: `check-in-${written}`, registrationId: input.registrationId }
      }),
      recordUndo: fromPromise(async ({ input }) => {
        log.push(`undo ${input.checkIn.id}`)
        if (failures.undo) throw failures.undo
        return input.checkIn
      }),
    },
    actions: {
      cue: (_, { kind }) => log.push(`cue ${kind}`),
      reportError: (_, params) => reported.push(params),
    },
  })
  const actor = createActor(sut, { clock, input: { now: () => clock.now() } }).start()
  const result = () => actor.getSnapshot().context.result
  /** Waits until every read is judged and every write written. */
  const settled = () =>
    waitFor(
      actor,
      (snapshot) =>
        snapshot.matches({ reading: 'idle', writing: 'idle' }) &&
        snapshot.context.reads.length === 0 &&
        snapshot.context.writes.length === 0,
    )
  const read = async (text: string, source: 'camera' | 'manual' = 'camera', decodedAt?: number) => {
    actor.send({ type: 'code.read', text, source, decodedAt })
    await settled()
  }
  return { actor, clock, log, reported, writes, scannedCodes, failures, result, settled, read }
}

describe('scan machine (from a read code to a verdict and its check-in)', () => {
  it('shows the verdict and its cue first, and writes the check-in once the verdict is painted', async () => {
    const paint = gate()
    const scan = start({ verdicts: { A: valid('reg-a') }, paint: () => paint.promise })

    scan.actor.send({ type: 'code.read', text: 'A', source: 'camera' })
    await waitFor(scan.actor, (snapshot) => snapshot.matches({ writing: 'waitingForPaint' }))

    expect(scan.result()).toMatchObject({
      serial: 1,
      verdict: valid('reg-a'),
      source: 'camera',
      checkIn: undefined,
    })
    expect(scan.log).toEqual(['judge A', 'cue valid'])

    paint.open()
    await scan.settled()

    expect(scan.log).toEqual(['judge A', 'cue valid', 'painted', 'check in reg-a'])
    expect(scan.result()?.checkIn).toEqual({ id: 'check-in-1', registrationId: 'reg-a' })
  })

  it('counts a code the camera reads again within 5 s once, and again from 5 s on', async () => {
    const scan = start({ verdicts: { A: valid('reg-a') } })
    await scan.read('A')

    scan.clock.increment(scanRepeatWindowMs - 1)
    await scan.read('A')
    expect(scan.result()?.serial).toBe(1)

    scan.clock.increment(1)
    await scan.read('A')
    expect(scan.result()?.serial).toBe(2)
    expect(scan.log.filter((entry) => entry.startsWith('cue'))).toEqual(['cue valid', 'cue valid'])
  })

  it('measures the window from the last counted read, and a different code or Next ends it', async () => {
    const scan = start()
    await scan.read('A')
    scan.clock.increment(4_000)
    await scan.read('B')
    await scan.read('A')
    expect(scan.result()?.serial).toBe(3)

    scan.actor.send({ type: 'verdict.dismiss' })
    expect(scan.result()).toBeUndefined()
    await scan.read('A')
    expect(scan.result()?.serial).toBe(4)
  })

  it('never suppresses a code typed in, and a typed code suppresses the camera reading it', async () => {
    const scan = start()
    await scan.read('A', 'manual')
    await scan.read('A', 'manual')
    expect(scan.result()).toMatchObject({ serial: 2, source: 'manual' })

    await scan.read('A', 'camera')
    expect(scan.result()?.serial).toBe(2)
  })

  it('gives each verdict the next serial, even for the same person', async () => {
    const scan = start({ verdicts: { A: { kind: 'alreadyCheckedIn' } } })
    await scan.read('A', 'manual')
    const first = scan.result()
    await scan.read('A', 'manual')

    expect(first?.serial).toBe(1)
    expect(scan.result()?.serial).toBe(2)
    expect(scan.result()?.verdict).toEqual({ kind: 'alreadyCheckedIn' })
  })

  it('says how long the verdict took from the decode, and when the decode was', async () => {
    const scan = start({ verdicts: { A: valid('reg-a') } })
    const decodedAt = scan.clock.now() - 42

    await scan.read('A', 'camera', decodedAt)

    expect(scan.result()).toMatchObject({ verdictMs: 42, decodedAt })
    await scan.read('B', 'manual')
    expect(scan.result()).toMatchObject({ verdictMs: undefined, decodedAt: undefined })
  })

  it('writes nothing for a verdict that is not valid', async () => {
    const scan = start({ verdicts: { A: { kind: 'alreadyCheckedIn' } } })
    await scan.read('A')
    await scan.read('garbage')

    expect(scan.writes).toEqual([])
    expect(scan.log).toEqual(['judge A', 'cue alreadyCheckedIn', 'judge garbage', 'cue rejected'])
  })

  it('judges codes read one after another in order, and writes every valid one', async () => {
    const scan = start({ verdicts: { A: valid('reg-a'), B: valid('reg-b') } })
    scan.actor.send({ type: 'code.read', text: 'A', source: 'camera' })
    scan.actor.send({ type: 'code.read', text: 'B', source: 'manual' })
    await scan.settled()

    expect(scan.writes).toEqual(['reg-a', 'reg-b'])
    // Each check-in lands on its own verdict: B's is on screen, A's was written for A.
    expect(scan.result()).toMatchObject({ serial: 2, checkIn: { registrationId: 'reg-b' } })
  })

  it('finishes a check-in whose verdict was replaced before the paint, without putting it on the new one', async () => {
    const paint = gate()
    const scan = start({ verdicts: { A: valid('reg-a') }, paint: () => paint.promise })
    scan.actor.send({ type: 'code.read', text: 'A', source: 'camera' })
    await waitFor(scan.actor, (snapshot) => snapshot.matches({ writing: 'waitingForPaint' }))
    scan.actor.send({ type: 'person.chosen', verdict: { kind: 'rejected' } })
    paint.open()
    await scan.settled()

    expect(scan.writes).toEqual(['reg-a'])
    expect(scan.result()).toMatchObject({ serial: 2, verdict: { kind: 'rejected' }, checkIn: undefined })
  })

  it('writes a scanned check-in with the code it read, and one confirmed after a search with none', async () => {
    const scanned: ScanVerdict = {
      kind: 'valid',
      subject: { registrationId: 'reg-a', scannedCode: 'CODE-A' },
    }
    const scan = start({ verdicts: { A: scanned } })
    await scan.read('A')
    scan.actor.send({ type: 'person.chosen', verdict: valid('reg-s') })
    scan.actor.send({ type: 'checkIn.confirm' })
    await scan.settled()

    expect(scan.writes).toEqual(['reg-a', 'reg-s'])
    expect(scan.scannedCodes).toEqual(['CODE-A', undefined])
  })

  it('shows a person chosen in the search without a cue, and checks them in only when staff confirm', async () => {
    const scan = start()
    scan.actor.send({ type: 'person.chosen', verdict: valid('reg-s') })
    await scan.settled()
    expect(scan.result()).toMatchObject({ serial: 1, source: 'search', checkIn: undefined })
    // Not checked in yet: nothing may sound like the "OK" of a valid code.
    expect(scan.log).toEqual([])

    scan.actor.send({ type: 'checkIn.confirm' })
    await scan.settled()
    // The valid cue comes with the recorded check-in.
    expect(scan.log).toEqual(['check in reg-s', 'cue valid'])
    expect(scan.result()?.checkIn).toEqual({ id: 'check-in-1', registrationId: 'reg-s' })

    scan.actor.send({ type: 'checkIn.confirm' })
    await scan.settled()
    expect(scan.writes).toEqual(['reg-s'])
  })

  it('records a confirmed check-in once however often it is pressed while it is written', async () => {
    const disk = gate()
    const scan = start({ record: () => disk.promise })
    scan.actor.send({ type: 'person.chosen', verdict: valid('reg-s') })
    scan.actor.send({ type: 'checkIn.confirm' })
    expect(isConfirmingCheckIn(scan.actor.getSnapshot().context)).toBe(true)
    scan.actor.send({ type: 'checkIn.confirm' })
    disk.open()
    await scan.settled()

    expect(scan.writes).toEqual(['reg-s'])
    expect(isConfirmingCheckIn(scan.actor.getSnapshot().context)).toBe(false)
  })

  it('gives the cues of a search verdict that is not valid at once', async () => {
    const scan = start()
    scan.actor.send({ type: 'person.chosen', verdict: { kind: 'alreadyCheckedIn' } })
    scan.actor.send({ type: 'person.chosen', verdict: { kind: 'rejected' } })
    await scan.settled()

    expect(scan.log).toEqual(['cue alreadyCheckedIn', 'cue rejected'])
  })

  it('sounds no cue for a confirmed check-in whose verdict was replaced before it was recorded', async () => {
    const disk = gate()
    const scan = start({ record: () => disk.promise })
    scan.actor.send({ type: 'person.chosen', verdict: valid('reg-s') })
    scan.actor.send({ type: 'checkIn.confirm' })
    scan.actor.send({ type: 'verdict.dismiss' })
    disk.open()
    await scan.settled()

    expect(scan.writes).toEqual(['reg-s'])
    expect(scan.log).toEqual(['check in reg-s'])
  })

  it('confirms nothing for a verdict that is not valid', async () => {
    const scan = start()
    scan.actor.send({ type: 'person.chosen', verdict: { kind: 'rejected' } })
    scan.actor.send({ type: 'checkIn.confirm' })
    await scan.settled()

    expect(scan.writes).toEqual([])
  })

  it('undoes the check-in of the verdict on screen, once', async () => {
    const scan = start({ verdicts: { A: valid('reg-a') } })
    scan.actor.send({ type: 'checkIn.undo' })
    await scan.read('A')

    scan.actor.send({ type: 'checkIn.undo' })
    await scan.settled()
    scan.actor.send({ type: 'checkIn.undo' })
    await scan.settled()

    expect(scan.log.filter((entry) => entry.startsWith('undo'))).toEqual(['undo check-in-1'])
    expect(scan.result()).toMatchObject({ undone: true, checkIn: { id: 'check-in-1' } })
  })

  it('reports a check-in or undo that fails, and keeps the verdict on screen', async () => {
    const scan = start({ verdicts: { A: valid('reg-a'), B: valid('reg-b') } })
    const diskFull = new Error('disk full')
    scan.failures.checkIn = diskFull
    await scan.read('A')

    expect(scan.reported).toEqual([{ error: diskFull, where: 'record-check-in' }])
    expect(scan.result()).toMatchObject({ verdict: valid('reg-a'), checkIn: undefined })

    scan.failures.checkIn = undefined
    scan.failures.undo = diskFull
    await scan.read('B')
    scan.actor.send({ type: 'checkIn.undo' })
    await scan.settled()

    expect(scan.reported).toEqual([
      { error: diskFull, where: 'record-check-in' },
      { error: diskFull, where: 'record-undo' },
    ])
    expect(scan.result()).toMatchObject({ verdict: valid('reg-b'), undone: false })
  })
})
