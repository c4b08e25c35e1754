import {
  type AdminApiClient,
  AuthenticationError,
  type Clock,
  createStore,
  maxCheckInUploadItems,
  NetworkError,
  NotAuthenticatedError,
  type Store,
} from '@furfes/core'
import { isConflict, type StoredCheckIn } from '../data/check-ins.ts'
import type { ReceptionStore } from '../data/store.ts'
import type { Connectivity } from './connectivity.ts'

type SyncApi = Pick<
  AdminApiClient,
  | 'uploadCheckIns'
  | 'uploadBadgePrints'
  | 'uploadGoodsTicks'
  | 'listCheckIns'
  | 'listParticipants'
  | 'getRegistrationCodeKeys'
  | 'getEdition'
>

type SyncProblem = 'offline' | 'signedOut' | 'failed'

export interface SyncState {
  running: boolean
  /** Why the last run stopped short; undefined after a run that completed. */
  problem: SyncProblem | undefined
}

interface SyncOutcome {
  uploaded: number
  pulled: number
  /** Check-ins of this device the API answered as duplicates or refused in this run. */
  conflicts: StoredCheckIn[]
  problem: SyncProblem | undefined
}

export interface SyncEngine extends Store<SyncState> {
  /** Uploads the queue, pulls others' check-ins, and refreshes the snapshot when it is due or forced. */
  sync(options?: { refreshSnapshot?: boolean }): Promise<SyncOutcome>
  /**
   * Syncs every `intervalMs`, when the connection comes back, and soon after each check-in; returns the
   * function that stops it.
   */
  start(options?: { intervalMs?: number; afterChangeMs?: number }): () => void
  /**
   * Stops syncing before the device forgets its data at sign-out: the run under way is aborted and awaited,
   * and no run starts until `start` is called again (the next sign-in), so nothing is written back after.
   */
  halt(): Promise<void>
}

export interface SyncEngineOptions {
  api: SyncApi
  store: ReceptionStore
  connectivity: Connectivity
  clock: Clock
  /** How old the participant snapshot and keys may get before a sync refreshes them. */
  snapshotMaxAgeMs?: number
  reportError?: (error: unknown) => void
  onConflicts?: (conflicts: StoredCheckIn[]) => void
}

const defaultSnapshotMaxAgeMs = 60_000

/**
 * The upload queue and the incremental pull. Uploads are idempotent (the API stores each id once and answers
 * a repeated id as before), so a batch whose answer was lost is simply sent again. One run at a time: a sync
 * asked for while one runs makes that run go round once more.
 */
export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { api, store, connectivity, clock } = options
  const snapshotMaxAgeMs = options.snapshotMaxAgeMs ?? defaultSnapshotMaxAgeMs
  const { set: setState, ...state } = createStore<SyncState>({ running: false, problem: undefined })
  let current: Promise<SyncOutcome> | undefined
  let again: { refreshSnapshot: boolean } | undefined
  let halted = false
  /** Aborts the requests of the run under way. */
  let runAbort: AbortController | undefined

  async function upload(signal: AbortSignal): Promise<{ uploaded: number; conflicts: StoredCheckIn[] }> {
    let uploaded = 0
    const conflicts: StoredCheckIn[] = []
    for (;;) {
      const batch = store.pending().slice(0, maxCheckInUploadItems)
      if (batch.length === 0) return { uploaded, conflicts }
      const results = await api.uploadCheckIns(batch, { signal })
      connectivity.reportReachable()
      await store.applyResults(results)
      uploaded += batch.length
      const answered = new Set(results.map((result) => result.id))
      conflicts.push(
        ...store.getSnapshot().checkIns.filter((item) => answered.has(item.id) && isConflict(item)),
      )
    }
  }

  /** Uploads marks of one kind recorded here, in batches; answers how many it sent. */
  async function uploadMarks<T, R>(
    pending: () => T[],
    send: (batch: T[]) => Promise<R[]>,
    apply: (results: R[]) => Promise<void>,
  ): Promise<number> {
    let uploaded = 0
    for (;;) {
      const batch = pending().slice(0, maxCheckInUploadItems)
      if (batch.length === 0) return uploaded
      const results = await send(batch)
      connectivity.reportReachable()
      await apply(results)
      uploaded += batch.length
    }
  }

  /** Uploads the printed badge marks (decision 170), then the goods ticks (decision 180) recorded here. */
  async function uploadBadgePrintsAndTicks(signal: AbortSignal): Promise<number> {
    const marks = await uploadMarks(
      () => store.pendingBadgePrints(),
      (batch) => api.uploadBadgePrints(batch, { signal }),
      (results) => store.applyBadgePrintResults(results),
    )
    const ticks = await uploadMarks(
      () => store.pendingGoodsTicks(),
      (batch) => api.uploadGoodsTicks(batch, { signal }),
      (results) => store.applyGoodsTickResults(results),
    )
    return marks + ticks
  }

  async function pull(signal: AbortSignal): Promise<number> {
    let pulled = 0
    for (;;) {
      const page = await api.listCheckIns(store.getSnapshot().cursor, { signal })
      connectivity.reportReachable()
      await store.mergeRecords(page.items, page.nextCursor)
      pulled += page.items.length
      if (!page.hasMore || page.items.length === 0) return pulled
    }
  }

  async function refreshSnapshot(force: boolean, signal: AbortSignal) {
    const { participantsSyncedAt, keys } = store.getSnapshot()
    const due =
      force ||
      !keys ||
      participantsSyncedAt === undefined ||
      clock() - participantsSyncedAt >= snapshotMaxAgeMs
    if (!due) return
    // The current edition travels with the keys: together they are what the door judges codes by offline.
    const [participants, keySet, current] = await Promise.all([
      api.listParticipants({ signal }),
      api.getRegistrationCodeKeys({ signal }),
      api.getEdition({ signal }),
    ])
    connectivity.reportReachable()
    await store.setKeys(keySet)
    await store.setEdition(current.edition)
    await store.replaceParticipants(participants)
  }

  async function runOnce(refresh: boolean): Promise<SyncOutcome> {
    const outcome: SyncOutcome = { uploaded: 0, pulled: 0, conflicts: [], problem: undefined }
    const controller = new AbortController()
    runAbort = controller
    try {
      const pushed = await upload(controller.signal)
      outcome.uploaded = pushed.uploaded
      outcome.conflicts = pushed.conflicts
      // Marks and ticks sent bring the snapshot that carries them, and with it every other desk's (decision 170).
      const marksSent = await uploadBadgePrintsAndTicks(controller.signal)
      outcome.pulled = await pull(controller.signal)
      await refreshSnapshot(refresh || marksSent > 0, controller.signal)
      await store.setLastSync(clock())
    } catch (error) {
      // Halted for a sign-out: the abort is ours, not a failure to report.
      outcome.problem = controller.signal.aborted ? 'signedOut' : problemOf(error)
      if (outcome.problem === 'offline') connectivity.reportUnreachable()
      if (outcome.problem === 'failed') options.reportError?.(error)
    }
    if (outcome.conflicts.length > 0) options.onConflicts?.(outcome.conflicts)
    return outcome
  }

  async function loop(refresh: boolean): Promise<SyncOutcome> {
    setState({ running: true, problem: state.getSnapshot().problem })
    let outcome = await runOnce(refresh)
    while (again && outcome.problem === undefined && !halted) {
      const next = again
      again = undefined
      const more = await runOnce(next.refreshSnapshot)
      outcome = {
        uploaded: outcome.uploaded + more.uploaded,
        pulled: outcome.pulled + more.pulled,
        conflicts: [...outcome.conflicts, ...more.conflicts],
        problem: more.problem,
      }
    }
    again = undefined
    setState({ running: false, problem: outcome.problem })
    return outcome
  }

  function sync(syncOptions: { refreshSnapshot?: boolean } = {}): Promise<SyncOutcome> {
    if (halted) return Promise.resolve({ uploaded: 0, pulled: 0, conflicts: [], problem: 'signedOut' })
    const refresh = syncOptions.refreshSnapshot ?? false
    if (current) {
      again = { refreshSnapshot: refresh || (again?.refreshSnapshot ?? false) }
      return current
    }
    current = loop(refresh).finally(() => {
      current = undefined
    })
    return current
  }

  return {
    ...state,
    sync,
    async halt() {
      halted = true
      again = undefined
      runAbort?.abort()
      await current
    },
    start({ intervalMs = 10_000, afterChangeMs = 300 } = {}) {
      halted = false
      const waiting = () => {
        const snapshot = store.getSnapshot()
        return snapshot.pendingCount + snapshot.pendingBadgePrintCount + snapshot.pendingGoodsTickCount
      }
      let pendingBefore = waiting()
      let changeTimer: ReturnType<typeof setTimeout> | undefined
      const run = () => void sync()
      const interval = setInterval(run, intervalMs)
      const stopConnectivity = connectivity.subscribe(() => {
        if (connectivity.getSnapshot() === 'online') run()
      })
      const stopStore = store.subscribe(() => {
        const pendingNow = waiting()
        if (pendingNow > pendingBefore) {
          clearTimeout(changeTimer)
          changeTimer = setTimeout(run, afterChangeMs)
        }
        pendingBefore = pendingNow
      })
      void sync({ refreshSnapshot: true })
      return () => {
        clearInterval(interval)
        clearTimeout(changeTimer)
        stopConnectivity()
        stopStore()
      }
    },
  }
}

function problemOf(error: unknown): SyncProblem {
  if (error instanceof NetworkError) return 'offline'
  if (error instanceof AuthenticationError || error instanceof NotAuthenticatedError) return 'signedOut'
  return 'failed'
}
