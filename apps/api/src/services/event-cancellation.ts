import { randomUUID } from 'node:crypto'
import {
  type Clock,
  type EventCancellationDryRunWire,
  type EventCancellationRun,
  eventCancelledRefundJpy,
  registrationTiers,
} from '@furfes/core'
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm'
import { type Executor, queryRows, sqlState, uniqueViolation } from '../db/database.ts'
import { eventCancellationRuns, refundAttempts, registrations } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import type { RefundService } from './refunds.ts'

type RunRow = typeof eventCancellationRuns.$inferSelect

export interface EventCancellationService {
  /** What a run with these expenses would refund, without refunding anything. */
  dryRun(expensesPerPersonJpy: number): Promise<EventCancellationDryRunWire>
  /** Starts a run (or answers the one running) and drives it in the background. */
  start(expensesPerPersonJpy: number, staffUserId: string): Promise<EventCancellationRun>
  /** The latest run with its progress; takes over a run whose driver died. Undefined before any run. */
  status(): Promise<EventCancellationRun | undefined>
  /** Refunds one batch of the run if this instance holds (or can take) its lease; false once nothing is left. */
  runBatch(runId: string): Promise<boolean>
  /** Resolves when this instance's background driving has stopped (tests wait on it instead of sleeping). */
  idle(): Promise<void>
}

const iso = (epochMs: number) => new Date(epochMs).toISOString()

/**
 * The event-cancelled refund (decision 113): every paid registration refunded the fee minus the per-person
 * expenses, in batches, resumable after a crash. Each refund goes through the refund service, whose
 * per-registration attempt keys and the registration's state make a repeated batch refund no one twice.
 */
export function createEventCancellationService(options: {
  db: Executor
  clock: Clock
  logger: Logger
  refunds: RefundService
  batchSize?: number
  /** How long a driver owns the run before another instance may take it over. */
  leaseMs?: number
  /** false: nothing runs in the background; tests call runBatch. */
  autoDrive?: boolean
}): EventCancellationService {
  const { db, clock, refunds } = options
  const logger = options.logger.child({ component: 'event-cancellation' })
  const batchSize = options.batchSize ?? 20
  const leaseMs = options.leaseMs ?? 60_000
  let driving: Promise<void> = Promise.resolve()

  async function paidByTier() {
    return queryRows<{ registration_tier: string; amount_jpy: number; n: number }>(
      db,
      sql`select registration_tier, amount_jpy, count(*)::int as n from registrations
          where payment_status = 'paid' group by registration_tier, amount_jpy`,
    )
  }

  async function dryRun(expensesPerPersonJpy: number): Promise<EventCancellationDryRunWire> {
    const rows = await paidByTier()
    const tiers = registrationTiers.map((tier) => {
      const mine = rows.filter((row) => row.registration_tier === tier)
      const count = mine.reduce((sum, row) => sum + row.n, 0)
      return {
        registration_tier: tier,
        paid_registrations: count,
        gross_jpy: mine.reduce((sum, row) => sum + row.n * row.amount_jpy, 0),
        refund_total_jpy: mine.reduce(
          (sum, row) => sum + row.n * eventCancelledRefundJpy(row.amount_jpy, expensesPerPersonJpy),
          0,
        ),
      }
    })
    return {
      expenses_per_person_jpy: expensesPerPersonJpy,
      paid_registrations: tiers.reduce((sum, tier) => sum + tier.paid_registrations, 0),
      gross_jpy: tiers.reduce((sum, tier) => sum + tier.gross_jpy, 0),
      expenses_total_jpy: tiers.reduce((sum, tier) => sum + (tier.gross_jpy - tier.refund_total_jpy), 0),
      refund_total_jpy: tiers.reduce((sum, tier) => sum + tier.refund_total_jpy, 0),
      tiers,
    }
  }

  /** The run with its counts, read from the registrations and their refunds. */
  async function withProgress(run: RunRow): Promise<EventCancellationRun> {
    const [counts] = await queryRows<{ refunded: number; failed: number; remaining: number }>(
      db,
      sql`select
            (select count(*)::int from registration_refunds
              where source = 'event_cancelled' and refunded_at >= ${iso(run.startedAt.getTime())}::timestamptz)
              as refunded,
            (select count(*)::int from registrations
              where payment_status = 'paid' and ${run.cursor}::uuid is not null
                and registration_id <= ${run.cursor}::uuid) as failed,
            (select count(*)::int from registrations
              where payment_status = 'paid'
                and (${run.cursor}::uuid is null or registration_id > ${run.cursor}::uuid)) as remaining`,
    )
    return {
      runId: run.runId,
      status: run.status as EventCancellationRun['status'],
      expensesPerPersonJpy: run.expensesPerPersonJpy,
      totalRegistrations: run.totalRegistrations,
      refunded: counts?.refunded ?? 0,
      failed:
        run.status === 'finished' ? (counts?.failed ?? 0) + (counts?.remaining ?? 0) : (counts?.failed ?? 0),
      startedAt: run.startedAt.getTime(),
      ...(run.finishedAt ? { finishedAt: run.finishedAt.getTime() } : {}),
      ...(run.lastError ? { lastError: run.lastError } : {}),
    }
  }

  async function runById(runId: string): Promise<RunRow | undefined> {
    const [run] = await db.select().from(eventCancellationRuns).where(eq(eventCancellationRuns.runId, runId))
    return run
  }

  /** This instance, as the holder of a run's lease. */
  const driverId = randomUUID()

  /** Takes the lease (free or passed) or renews this instance's; false when another live driver holds it. */
  async function claim(runId: string, now: number): Promise<boolean> {
    const claimed = await queryRows(
      db,
      sql`update event_cancellation_runs
          set claimed_until = ${iso(now + leaseMs)}::timestamptz, claimed_by = ${driverId}
          where run_id = ${runId}::uuid and status = 'running'
            and (claimed_by = ${driverId} or claimed_until is null
              or claimed_until <= ${iso(now)}::timestamptz)
          returning run_id`,
    )
    return claimed.length > 0
  }

  async function batch(run: RunRow): Promise<boolean> {
    const due = await db
      .select({ registrationId: registrations.registrationId })
      .from(registrations)
      .where(
        and(
          eq(registrations.paymentStatus, 'paid'),
          run.cursor === null ? undefined : gt(registrations.registrationId, run.cursor),
        ),
      )
      .orderBy(asc(registrations.registrationId))
      .limit(batchSize)
    if (due.length === 0) {
      await db
        .update(eventCancellationRuns)
        .set({ status: 'finished', finishedAt: new Date(clock()), claimedUntil: null })
        .where(eq(eventCancellationRuns.runId, run.runId))
      logger.info('Event-cancelled refund run finished', { runId: run.runId })
      return false
    }
    for (const { registrationId } of due) {
      try {
        await refunds.refundForEventCancellation(registrationId, run.expensesPerPersonJpy, run.startedBy)
      } catch (error) {
        const [open] = await db
          .select({ attempt: refundAttempts.attempt })
          .from(refundAttempts)
          .where(
            and(eq(refundAttempts.registrationId, registrationId), eq(refundAttempts.status, 'requested')),
          )
        const message = error instanceof Error ? error.message : String(error)
        await db
          .update(eventCancellationRuns)
          .set({ lastError: `${registrationId}: ${message}` })
          .where(eq(eventCancellationRuns.runId, run.runId))
        // The provider may have refunded it: stop here, and the next drive retries it with the same key. A
        // refusal is final for this run: the registration stays paid and counts as failed.
        if (open) throw error
        logger.warn('The event-cancelled run could not refund a registration; it stays paid', {
          registrationId,
          error,
        })
      }
      await db
        .update(eventCancellationRuns)
        .set({ cursor: registrationId })
        .where(eq(eventCancellationRuns.runId, run.runId))
    }
    return true
  }

  async function runBatch(runId: string): Promise<boolean> {
    if (!(await claim(runId, clock()))) return false
    const run = await runById(runId)
    if (run?.status !== 'running') return false
    return batch(run)
  }

  function drive(runId: string): void {
    if (options.autoDrive === false) return
    driving = driving.then(async () => {
      try {
        while (await runBatch(runId)) {
          // Each batch renews the lease; another instance takes over only if this one stops.
        }
      } catch (error) {
        logger.error('The event-cancelled run stopped; asking for its progress resumes it', { runId, error })
        // Let the next status poll (here or on another instance) take over at once.
        await db
          .update(eventCancellationRuns)
          .set({ claimedUntil: null })
          .where(eq(eventCancellationRuns.runId, runId))
      }
    })
  }

  return {
    dryRun,

    async start(expensesPerPersonJpy, staffUserId) {
      const totals = await dryRun(expensesPerPersonJpy)
      const runId = randomUUID()
      try {
        await db.insert(eventCancellationRuns).values({
          runId,
          expensesPerPersonJpy,
          status: 'running',
          totalRegistrations: totals.paid_registrations,
          startedBy: staffUserId,
          startedAt: new Date(clock()),
        })
        logger.warn('Event-cancelled refund run started', { runId, staffUserId, ...totals, tiers: undefined })
      } catch (error) {
        if (sqlState(error) !== uniqueViolation) throw error
      }
      const [running] = await db
        .select()
        .from(eventCancellationRuns)
        .where(eq(eventCancellationRuns.status, 'running'))
      if (!running) {
        const latest = await this.status()
        if (!latest) throw new Error('The event-cancelled run vanished')
        return latest
      }
      drive(running.runId)
      return withProgress(running)
    },

    async status() {
      const [run] = await db
        .select()
        .from(eventCancellationRuns)
        .orderBy(desc(eventCancellationRuns.startedAt))
        .limit(1)
      if (!run) return undefined
      const now = clock()
      if (run.status === 'running' && (run.claimedUntil === null || run.claimedUntil.getTime() <= now)) {
        logger.info('Resuming an event-cancelled refund run whose driver stopped', { runId: run.runId })
        drive(run.runId)
      }
      return withProgress(run)
    },

    runBatch,

    idle: async () => {
      let current: Promise<void>
      do {
        current = driving
        await current
      } while (current !== driving)
    },
  }
}
