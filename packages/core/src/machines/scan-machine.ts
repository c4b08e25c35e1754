import { assign, cancel, raise, setup } from 'xstate'
import { logUnreportedError, placeholderActor } from './placeholders.ts'

/** Where a verdict's person came from: the camera, a code typed in, or the participant search. */
export type ScanSource = 'camera' | 'manual' | 'search'

/** What the scan flow must know of a verdict; the app's verdicts carry more for the screen. */
export type ScanVerdict =
  /** `scannedCode`: the compact code a valid scan read, which its check-in carries to the API (decision 159). */
  | { kind: 'valid'; subject: { registrationId: string; scannedCode?: string | undefined } }
  | { kind: 'alreadyCheckedIn' }
  | { kind: 'rejected' }

export interface ScanResult<TVerdict extends ScanVerdict, TCheckIn> {
  /** Changes with every verdict, so the screen can tell two verdicts on the same person apart. */
  serial: number
  verdict: TVerdict
  source: ScanSource
  /** The check-in this verdict recorded (or the one staff confirmed after a search). */
  checkIn: TCheckIn | undefined
  undone: boolean
  /** Milliseconds from the decode to the verdict, for the camera (the 150 ms budget). */
  verdictMs: number | undefined
  /** `now()` of the decode, so a benchmark can measure until the verdict is on screen. */
  decodedAt: number | undefined
}

/** A code waiting to be judged. */
interface CodeRead {
  text: string
  source: Exclude<ScanSource, 'search'>
  decodedAt: number | undefined
}

/** A write waiting its turn; `serial` names the verdict it belongs to. */
type ScanWrite<TCheckIn> =
  | {
      kind: 'checkIn'
      serial: number
      registrationId: string
      scannedCode: string | undefined
      afterPaint: boolean
    }
  | { kind: 'undo'; serial: number; checkIn: TCheckIn }

export interface ScanContext<TVerdict extends ScanVerdict, TCheckIn> {
  /** Monotonic milliseconds, the time base of `decodedAt` (`performance.now()` in the browser). */
  now: () => number
  serial: number
  /** The code last read, while a camera reading it again does not count (the repeat window). */
  lastRead: string | undefined
  reads: CodeRead[]
  writes: ScanWrite<TCheckIn>[]
  result: ScanResult<TVerdict, TCheckIn> | undefined
}

export type ScanEvent<TVerdict extends ScanVerdict> =
  /** A code read by the camera or typed in; `decodedAt` is when the camera decoded it. */
  | { type: 'code.read'; text: string; source: Exclude<ScanSource, 'search'>; decodedAt?: number | undefined }
  /** A person chosen in the search, judged by the app from its participant list. */
  | { type: 'person.chosen'; verdict: TVerdict }
  | { type: 'checkIn.confirm' }
  | { type: 'checkIn.undo' }
  | { type: 'verdict.dismiss' }
  | { type: 'repeatWindow.end' }

/** The write whose turn it is; the state that asks for it was entered because it is of that kind. */
function nextWrite<TCheckIn, TKind extends ScanWrite<TCheckIn>['kind']>(
  context: { writes: ScanWrite<TCheckIn>[] },
  kind: TKind,
): Extract<ScanWrite<TCheckIn>, { kind: TKind }> {
  const write = context.writes[0]
  if (write?.kind !== kind) throw new Error(`The next write is not a ${kind}`)
  return write as Extract<ScanWrite<TCheckIn>, { kind: TKind }>
}

/**
 * Whether the check-in staff confirmed for the verdict on screen is still being written: the screen holds the
 * confirmation meanwhile, and a second press must not record the person twice.
 */
export function isConfirmingCheckIn(context: Pick<ScanContext<ScanVerdict, unknown>, 'writes' | 'result'>) {
  const serial = context.result?.serial
  return context.writes.some((write) => write.kind === 'checkIn' && write.serial === serial)
}

/** A write that failed is reported, and its verdict stays on screen as it was. */
const writeFailed = (where: string) =>
  ({
    target: 'idle',
    actions: [
      {
        type: 'reportError',
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, where }),
      },
      { type: 'settleWrite', params: { change: undefined } },
    ],
  }) as const

/** A code that stays in front of the camera is read many times a second; it counts once in this window. */
export const scanRepeatWindowMs = 5_000

/**
 * From a read code (or a person chosen in the search) to a verdict, its cue and, when valid, the check-in
 * (docs/requirements.md RCP-1, CHK-8). Codes are judged one at a time in the order read; each verdict gets
 * the next serial and its cue at once. The check-in of a valid code is written only once the verdict is
 * painted (`verdictPainted`), so the disk and the re-render its store update causes never delay the verdict;
 * a search verdict is written when staff confirm it. A person found by search is not let in yet, so a valid
 * search verdict gets no cue; the valid cue sounds once the confirmed check-in is recorded
 * (docs/decisions/145-door-states-and-the-saved-code.md). Writes run in order to their end, whatever the screen
 * shows meanwhile, and each lands on the verdict it belongs to only.
 *
 * Generic over the app's verdict and stored check-in, so core knows nothing of how codes are verified or
 * where check-ins are kept: the app provides `judgeCode`, `verdictPainted`, `recordCheckIn`, `recordUndo`
 * and the `cue` and `reportError` actions.
 */
export function createScanMachine<TVerdict extends ScanVerdict, TCheckIn>() {
  /** A person chosen in the search, on screen. */
  const showChosen = {
    type: 'show',
    params: ({ event }: { event: { verdict: TVerdict } }) => ({
      verdict: event.verdict,
      source: 'search' as const,
      decodedAt: undefined,
    }),
  } as const
  /** A recorded check-in, on the verdict it belongs to. */
  const settleCheckIn = {
    type: 'settleWrite',
    params: ({ event }: { event: { output: TCheckIn } }) => ({ change: { checkIn: event.output } }),
  } as const
  return setup({
    types: {
      context: {} as ScanContext<TVerdict, TCheckIn>,
      events: {} as ScanEvent<TVerdict>,
      input: {} as { now: () => number },
    },
    actors: {
      /** Verifies a code and judges it against what the device knows. */
      judgeCode: placeholderActor<TVerdict, { text: string }>('judgeCode'),
      /** Resolves once the verdict now shown has been painted. */
      verdictPainted: placeholderActor<void>('verdictPainted'),
      recordCheckIn: placeholderActor<TCheckIn, { registrationId: string; scannedCode: string | undefined }>(
        'recordCheckIn',
      ),
      recordUndo: placeholderActor<unknown, { checkIn: TCheckIn }>('recordUndo'),
    },
    actions: {
      /** Sounds and vibrates for a verdict, so staff need not look at the screen for every person. */
      cue: (_, _params: { kind: ScanVerdict['kind'] }) => undefined,
      reportError: (_, params: { error: unknown; where: string }) => logUnreportedError(_, params),
      /** The next verdict on screen; a valid one from a code queues its check-in, after the paint. */
      show: assign(
        ({ context }, params: { verdict: TVerdict; source: ScanSource; decodedAt: number | undefined }) => {
          const serial = context.serial + 1
          const { verdict, source, decodedAt } = params
          const verdictMs = decodedAt === undefined ? undefined : context.now() - decodedAt
          const writes: ScanWrite<TCheckIn>[] =
            verdict.kind === 'valid' && source !== 'search'
              ? [
                  ...context.writes,
                  {
                    kind: 'checkIn',
                    serial,
                    registrationId: verdict.subject.registrationId,
                    scannedCode: verdict.subject.scannedCode,
                    afterPaint: true,
                  },
                ]
              : context.writes
          return {
            serial,
            result: { serial, verdict, source, checkIn: undefined, undone: false, verdictMs, decodedAt },
            writes,
          }
        },
      ),
      /** Puts a write's outcome on its own verdict; a later verdict on screen is left alone. */
      settleWrite: assign(
        ({ context }, params: { change: Partial<ScanResult<TVerdict, TCheckIn>> | undefined }) => {
          const [write, ...writes] = context.writes
          const result = context.result
          const applies =
            params.change !== undefined && result !== undefined && result.serial === write?.serial
          return { writes, result: applies ? { ...result, ...params.change } : result }
        },
      ),
      forgetRead: assign({ reads: ({ context }) => context.reads.slice(1) }),
    },
    guards: {
      isRepeat: ({ context, event }) =>
        event.type === 'code.read' && event.source === 'camera' && event.text === context.lastRead,
      hasRead: ({ context }) => context.reads.length > 0,
      nextWriteWaitsForPaint: ({ context }) =>
        context.writes[0]?.kind === 'checkIn' && context.writes[0].afterPaint,
      nextWriteIsCheckIn: ({ context }) => context.writes[0]?.kind === 'checkIn',
      nextWriteIsUndo: ({ context }) => context.writes[0]?.kind === 'undo',
      canConfirm: ({ context }) =>
        context.result?.verdict.kind === 'valid' && !context.result.checkIn && !isConfirmingCheckIn(context),
      /** The check-in just written is the one staff confirmed for the verdict still on screen. */
      wroteConfirmedCheckIn: ({ context }) => {
        const write = context.writes[0]
        return write?.kind === 'checkIn' && !write.afterPaint && write.serial === context.result?.serial
      },
      isSearchValid: ({ event }) => event.type === 'person.chosen' && event.verdict.kind === 'valid',
      canUndo: ({ context }) => context.result?.checkIn !== undefined && !context.result.undone,
    },
    delays: { repeatWindow: scanRepeatWindowMs },
  }).createMachine({
    id: 'scan',
    context: ({ input }) => ({
      now: input.now,
      serial: 0,
      lastRead: undefined,
      reads: [],
      writes: [],
      result: undefined,
    }),
    type: 'parallel',
    on: {
      'code.read': [
        { guard: 'isRepeat' },
        {
          actions: [
            cancel('repeatWindow'),
            assign({
              lastRead: ({ event }) => event.text,
              reads: ({ context, event }) => [
                ...context.reads,
                { text: event.text, source: event.source, decodedAt: event.decodedAt },
              ],
            }),
            raise({ type: 'repeatWindow.end' }, { id: 'repeatWindow', delay: 'repeatWindow' }),
          ],
        },
      ],
      'repeatWindow.end': { actions: assign({ lastRead: undefined }) },
      'person.chosen': [
        // Not checked in yet: no cue, so nothing at the door sounds like "OK" before the check-in is recorded.
        {
          guard: 'isSearchValid',
          actions: showChosen,
        },
        {
          actions: [showChosen, { type: 'cue', params: ({ event }) => ({ kind: event.verdict.kind }) }],
        },
      ],
      'checkIn.confirm': {
        guard: 'canConfirm',
        actions: assign({
          writes: ({ context }) => {
            const result = context.result
            if (result?.verdict.kind !== 'valid') return context.writes
            const registrationId = result.verdict.subject.registrationId
            return [
              ...context.writes,
              {
                kind: 'checkIn',
                serial: result.serial,
                registrationId,
                scannedCode: undefined,
                afterPaint: false,
              },
            ]
          },
        }),
      },
      'checkIn.undo': {
        guard: 'canUndo',
        actions: assign({
          writes: ({ context }) => {
            const result = context.result
            if (result?.checkIn === undefined) return context.writes
            return [...context.writes, { kind: 'undo', serial: result.serial, checkIn: result.checkIn }]
          },
        }),
      },
      'verdict.dismiss': {
        actions: [cancel('repeatWindow'), assign({ lastRead: undefined, result: undefined })],
      },
    },
    states: {
      reading: {
        description: 'Judges the codes read, one at a time in the order they came.',
        initial: 'idle',
        states: {
          idle: { always: { guard: 'hasRead', target: 'judging' } },
          judging: {
            invoke: {
              src: 'judgeCode',
              input: ({ context }) => ({ text: context.reads[0]?.text ?? '' }),
              onDone: {
                target: 'idle',
                actions: [
                  {
                    type: 'show',
                    params: ({ context, event }) => ({
                      verdict: event.output,
                      source: context.reads[0]?.source ?? 'manual',
                      decodedAt: context.reads[0]?.decodedAt,
                    }),
                  },
                  { type: 'cue', params: ({ event }) => ({ kind: event.output.kind }) },
                  'forgetRead',
                ],
              },
              onError: {
                target: 'idle',
                actions: [
                  {
                    type: 'reportError',
                    params: ({ event }) => ({ error: event.error, where: 'judge-code' }),
                  },
                  'forgetRead',
                ],
              },
            },
          },
        },
      },
      writing: {
        description: 'Writes check-ins and undos in order, each after its verdict is on screen.',
        initial: 'idle',
        states: {
          idle: {
            always: [
              { guard: 'nextWriteWaitsForPaint', target: 'waitingForPaint' },
              { guard: 'nextWriteIsCheckIn', target: 'recordingCheckIn' },
              { guard: 'nextWriteIsUndo', target: 'recordingUndo' },
            ],
          },
          waitingForPaint: {
            invoke: { src: 'verdictPainted', onDone: 'recordingCheckIn', onError: 'recordingCheckIn' },
          },
          recordingCheckIn: {
            invoke: {
              src: 'recordCheckIn',
              input: ({ context }) => {
                const { registrationId, scannedCode } = nextWrite(context, 'checkIn')
                return { registrationId, scannedCode }
              },
              onDone: [
                {
                  guard: 'wroteConfirmedCheckIn',
                  target: 'idle',
                  actions: [{ type: 'cue', params: { kind: 'valid' } }, settleCheckIn],
                },
                {
                  target: 'idle',
                  actions: settleCheckIn,
                },
              ],
              onError: writeFailed('record-check-in'),
            },
          },
          recordingUndo: {
            invoke: {
              src: 'recordUndo',
              input: ({ context }) => ({ checkIn: nextWrite(context, 'undo').checkIn }),
              onDone: {
                target: 'idle',
                actions: { type: 'settleWrite', params: { change: { undone: true } } },
              },
              onError: writeFailed('record-undo'),
            },
          },
        },
      },
    },
  })
}
