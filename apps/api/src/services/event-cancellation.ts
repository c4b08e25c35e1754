import { randomUUID } from 'node:crypto'
import type { EventCancellationDryRun, EventCancellationRun } from '@furfes/core'
import { and, desc, eq, sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows, sqlState, uniqueViolation } from '../db/database.ts'
import { eventCancellationRuns } from '../db/schema.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import { readCurrentEdition } from './editions.ts'
import { dryRun } from './event-cancellation-dry-run.ts'
import { type EventCancellationDeps, ofEdition, type RunRow, runBatch } from './event-cancellation-run.ts'

/*
 * Everything here is about the current edition (decision 162): the dry run counts its paid registrations, a
 * run is started for it and refunds only its registrations, and the status answers its latest run.
 */

export interface EventCancellationService {
  /** What a run with these expenses would refund, without refunding anything. */
  dryRun(expensesPerPersonJpy: number): Promise<EventCancellationDryRun>
  /**
   * Starts a run (or answers the one running): switches registration off, ends the checkouts still open and
   * drives the run in the background.
   */
  start(expensesPerPersonJpy: number, actor: AuditActor): Promise<EventCancellationRun>
  /**
   * The current edition's latest run with its progress; takes over a run whose driver died. Undefined before
   * any run of the current edition.
   */
  status(): Promise<EventCancellationRun | undefined>
  /**
   * Refunds one batch of the run if this instance holds (or can take) its lease. False when there is nothing to
   * do now: the run finished, another instance drives it, or only refusals waiting for their retry are left.
   */
  runBatch(runId: string): Promise<boolean>
  /**
   * Resolves when this instance's background work (ending open checkouts, driving the run) has stopped; tests
   * wait on it instead of sleeping.
   */
  idle(): Promise<void>
}

/** The first wait before a refused refund is tried again; each further refusal doubles it. */
const defaultRetryBaseMs = 60_000
/** The longest wait between two tries of a refused refund. */
const defaultRetryMaxMs = 60 * 60_000
/** Open checkout sessions ended at the provider at a time when the run starts. */
const sessionEndingConcurrency = 8

/*
 * The event-cancelled refund (decision 113): every paid registration refunded the fee minus the per-person
 * expenses, in batches, resumable after a crash, until no registration is paid. Each refund goes through the
 * refund service, whose per-registration attempt keys and the registration's state make a repeated batch refund
 * no one twice. Its use cases are functions over the dependencies (event-cancellation-run.ts drives the run,
 * event-cancellation-dry-run.ts counts what one would refund);
 * createEventCancellationService assembles them.
 */

/** The id of the edition a run is started for, and whose run the status answers: the current one. */
async function currentEditionIdOf(deps: Pick<EventCancellationDeps, 'db' | 'clock'>): Promise<string> {
  return (await readCurrentEdition(deps)).edition.id
}

/**
 * The run with its counts, read from the registrations and their refunds: refunded by this run, and still
 * paid after the provider refused them during it (they are retried; decision 113).
 */
async function withProgress(db: Executor, run: RunRow): Promise<EventCancellationRun> {
  const startedAt = iso(run.startedAt.getTime())
  const [counts] = await queryRows<{ refunded: number; failed: number }>(
    db,
    sql`select
          (select count(*)::int from registration_refunds f join registrations r using (registration_id)
            where f.source = 'event_cancelled' and f.refunded_at >= ${startedAt}::timestamptz
              and ${ofEdition(run.editionId)}) as refunded,
          (select count(*)::int from registrations r
            where r.payment_status = 'paid' and ${ofEdition(run.editionId)} and exists (
              select 1 from refund_attempts a
              where a.registration_id = r.registration_id and a.status = 'failed'
                and a.finished_at >= ${startedAt}::timestamptz)) as failed`,
  )
  return {
    runId: run.runId,
    status: run.status,
    expensesPerPersonJpy: run.expensesPerPersonJpy,
    totalRegistrations: run.totalRegistrations,
    refunded: counts?.refunded ?? 0,
    failed: counts?.failed ?? 0,
    startedAt: run.startedAt.getTime(),
    ...(run.finishedAt ? { finishedAt: run.finishedAt.getTime() } : {}),
    ...(run.lastError ? { lastError: run.lastError } : {}),
  }
}

/**
 * Ends at the provider every checkout session still open, so nobody pays into a cancelled event. Their
 * registrations lapse as any ended checkout does (the provider's expiry event, the sweeper); a payment made
 * just before is delivered as usual and, the run existing, refunded in full (decision 141).
 */
async function endOpenCheckouts(
  { db, gateway, logger }: EventCancellationDeps,
  editionId: string,
): Promise<void> {
  const open = await queryRows<{ registration_id: string; checkout_session_id: string }>(
    db,
    sql`select r.registration_id, r.checkout_session_id from registrations r
        where r.payment_status = 'pending' and r.checkout_session_id is not null and ${ofEdition(editionId)}`,
  )
  for (let from = 0; from < open.length; from += sessionEndingConcurrency) {
    await Promise.all(
      open.slice(from, from + sessionEndingConcurrency).map(async (row) => {
        try {
          await gateway.expireCheckoutSession(row.checkout_session_id)
        } catch (error) {
          // Its hold lapses by itself; a payment into it is refunded as paid after the run started.
          logger.error('Could not end an open checkout of the cancelled event', {
            registrationId: row.registration_id,
            error,
          })
        }
      }),
    )
  }
  if (open.length > 0) logger.info('Ended the open checkouts of the cancelled event', { count: open.length })
}

function drive(deps: EventCancellationDeps, runId: string): void {
  if (!deps.autoDrive) return
  deps.background.driving = deps.background.driving.then(async () => {
    try {
      while (await runBatch(deps, runId)) {
        // Each batch renews the lease; another instance takes over only if this one stops.
      }
    } catch (error) {
      // A refund without an answer paused the run, anything else leaves the lease to lapse: a status poll
      // after that (here or on another instance) resumes it.
      deps.logger.error('The event-cancelled run stopped; asking for its progress resumes it', {
        runId,
        error,
      })
    }
  })
}

/**
 * Starts a run (or answers the one running): switches registration off, ends the checkouts still open and
 * drives the run in the background.
 */
async function start(
  deps: EventCancellationDeps,
  expensesPerPersonJpy: number,
  actor: AuditActor,
): Promise<EventCancellationRun> {
  const { db, clock, logger } = deps
  const staffUserId = actor.id
  const editionId = await currentEditionIdOf(deps)
  const totals = await dryRun(db, editionId, expensesPerPersonJpy)
  const runId = randomUUID()
  try {
    const startedAt = new Date(clock())
    await db.transaction(async (tx) => {
      await tx.insert(eventCancellationRuns).values({
        runId,
        editionId,
        expensesPerPersonJpy,
        status: 'running',
        totalRegistrations: totals.paidRegistrations,
        startedBy: staffUserId,
        startedAt,
      })
      // The run is one entry of the audit trail; its refunds are in registration_refunds (decision 157).
      await recordAudit(tx as unknown as Executor, {
        at: startedAt,
        actor,
        action: 'eventCancellationStarted',
        subject: runId,
        details: {
          editionId,
          expensesPerPersonJpy,
          paidRegistrations: totals.paidRegistrations,
          refundTotalJpy: totals.refundTotalJpy,
        },
      })
    })
    logger.warn('Event-cancelled refund run started', {
      runId,
      editionId,
      staffUserId,
      ...totals,
      tiers: undefined,
    })
  } catch (error) {
    if (sqlState(error) !== uniqueViolation) throw error
  }
  // Also when the run existed: a start that died halfway is finished by the next one.
  await deps.featureFlags.closeRegistration(staffUserId)
  deps.background.endingCheckouts = deps.background.endingCheckouts
    .then(() => endOpenCheckouts(deps, editionId))
    .catch((error: unknown) => {
      logger.error('Could not list the open checkouts of the cancelled event; they lapse by themselves', {
        error,
      })
    })
  const [running] = await db
    .select()
    .from(eventCancellationRuns)
    .where(and(eq(eventCancellationRuns.editionId, editionId), eq(eventCancellationRuns.status, 'running')))
  if (!running) {
    const latest = await status(deps)
    if (!latest) throw new Error('The event-cancelled run vanished')
    return latest
  }
  drive(deps, running.runId)
  return withProgress(db, running)
}

/**
 * The current edition's latest run with its progress; takes over a run whose driver died. Undefined before any
 * run of the current edition: a past edition's run is not driven again (runBatch refuses it).
 */
async function status(deps: EventCancellationDeps): Promise<EventCancellationRun | undefined> {
  const { db, clock, logger } = deps
  const [run] = await db
    .select()
    .from(eventCancellationRuns)
    .where(eq(eventCancellationRuns.editionId, await currentEditionIdOf(deps)))
    .orderBy(desc(eventCancellationRuns.startedAt))
    .limit(1)
  if (!run) return undefined
  const now = clock()
  if (run.status === 'running' && (run.claimedUntil === null || run.claimedUntil.getTime() <= now)) {
    logger.info('Resuming an event-cancelled refund run whose driver stopped', { runId: run.runId })
    drive(deps, run.runId)
  }
  return withProgress(db, run)
}

/** The settings that have a default; the rest of the dependencies are given. */
type Tunable = 'batchSize' | 'leaseMs' | 'retryBaseMs' | 'retryMaxMs' | 'autoDrive'

export function createEventCancellationService(
  options: Omit<EventCancellationDeps, Tunable | 'driverId' | 'background'> &
    Partial<Pick<EventCancellationDeps, Tunable>>,
): EventCancellationService {
  const deps: EventCancellationDeps = {
    ...options,
    logger: options.logger.child({ component: 'event-cancellation' }),
    batchSize: options.batchSize ?? 20,
    leaseMs: options.leaseMs ?? 60_000,
    retryBaseMs: options.retryBaseMs ?? defaultRetryBaseMs,
    retryMaxMs: options.retryMaxMs ?? defaultRetryMaxMs,
    autoDrive: options.autoDrive ?? true,
    driverId: randomUUID(),
    // Ending the open checkouts may take long when the provider is slow: the start answers without waiting.
    background: { driving: Promise.resolve(), endingCheckouts: Promise.resolve() },
  }
  return {
    dryRun: async (expensesPerPersonJpy) =>
      dryRun(deps.db, await currentEditionIdOf(deps), expensesPerPersonJpy),
    start: (expensesPerPersonJpy, actor) => start(deps, expensesPerPersonJpy, actor),
    status: () => status(deps),
    runBatch: (runId) => runBatch(deps, runId),
    idle: async () => {
      let current: Promise<void>
      do {
        current = deps.background.driving
        await Promise.all([current, deps.background.endingCheckouts])
      } while (current !== deps.background.driving)
    },
  }
}
