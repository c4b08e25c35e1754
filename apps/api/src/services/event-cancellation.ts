import { randomUUID } from 'node:crypto'
import {
  type Clock,
  type EventCancellationDryRunWire,
  type EventCancellationRun,
  eventCancelledRefundJpy,
  registrationTiers,
} from '@furfes/core'
import { desc, eq, sql } from 'drizzle-orm'
import { type Executor, queryRows, sqlState, uniqueViolation } from '../db/database.ts'
import { eventCancellationRuns, refundAttempts } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import type { FeatureFlagService } from './feature-flags.ts'
import type { RefundService } from './refunds.ts'

type RunRow = typeof eventCancellationRuns.$inferSelect

export interface EventCancellationService {
  /** What a run with these expenses would refund, without refunding anything. */
  dryRun(expensesPerPersonJpy: number): Promise<EventCancellationDryRunWire>
  /**
   * Starts a run (or answers the one running): switches registration off, ends the checkouts still open and
   * drives the run in the background.
   */
  start(expensesPerPersonJpy: number, staffUserId: string): Promise<EventCancellationRun>
  /** The latest run with its progress; takes over a run whose driver died. Undefined before any run. */
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

const iso = (epochMs: number) => new Date(epochMs).toISOString()

/** The first wait before a refused refund is tried again; each further refusal doubles it. */
const defaultRetryBaseMs = 60_000
/** The longest wait between two tries of a refused refund. */
const defaultRetryMaxMs = 60 * 60_000
/** Open checkout sessions ended at the provider at a time when the run starts. */
const sessionEndingConcurrency = 8

/**
 * The event-cancelled refund (decision 113): every paid registration refunded the fee minus the per-person
 * expenses, in batches, resumable after a crash, until no registration is paid. Each refund goes through the
 * refund service, whose per-registration attempt keys and the registration's state make a repeated batch refund
 * no one twice.
 */
export function createEventCancellationService(options: {
  db: Executor
  clock: Clock
  logger: Logger
  refunds: RefundService
  /** Ends the checkout sessions still open when the run starts. */
  gateway: PaymentGateway
  /** Registration goes off when the run starts. */
  featureFlags: FeatureFlagService
  batchSize?: number
  /** How long a driver owns the run before another instance may take it over. */
  leaseMs?: number
  /** The wait before a refused refund is tried again, doubled per refusal up to `retryMaxMs`. */
  retryBaseMs?: number
  retryMaxMs?: number
  /** false: nothing runs in the background; tests call runBatch. */
  autoDrive?: boolean
}): EventCancellationService {
  const { db, clock, refunds } = options
  const logger = options.logger.child({ component: 'event-cancellation' })
  const batchSize = options.batchSize ?? 20
  const leaseMs = options.leaseMs ?? 60_000
  const retryBaseMs = options.retryBaseMs ?? defaultRetryBaseMs
  const retryMaxMs = options.retryMaxMs ?? defaultRetryMaxMs
  let driving: Promise<void> = Promise.resolve()
  // Ending the open checkouts may take long when the provider is slow: the start answers without waiting.
  let endingCheckouts: Promise<void> = Promise.resolve()

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

  /**
   * The run with its counts, read from the registrations and their refunds: refunded by this run, and still
   * paid after the provider refused them during it (they are retried; decision 113).
   */
  async function withProgress(run: RunRow): Promise<EventCancellationRun> {
    const startedAt = iso(run.startedAt.getTime())
    const [counts] = await queryRows<{ refunded: number; failed: number }>(
      db,
      sql`select
            (select count(*)::int from registration_refunds
              where source = 'event_cancelled' and refunded_at >= ${startedAt}::timestamptz) as refunded,
            (select count(*)::int from registrations r
              where r.payment_status = 'paid' and exists (
                select 1 from refund_attempts a
                where a.registration_id = r.registration_id and a.status = 'failed'
                  and a.finished_at >= ${startedAt}::timestamptz)) as failed`,
    )
    return {
      runId: run.runId,
      status: run.status as EventCancellationRun['status'],
      expensesPerPersonJpy: run.expensesPerPersonJpy,
      totalRegistrations: run.totalRegistrations,
      refunded: counts?.refunded ?? 0,
      failed: counts?.failed ?? 0,
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

  /**
   * When a paid registration may be tried (again): at once, or after a refusal by the provider once the
   * backoff of its refusals so far has passed. Failed attempts are the refund service's record (decision 111).
   */
  const paidWithRetryAt = sql`
    select r.registration_id,
      case when f.failures is null then null
        else f.last_failed_at + least(${retryBaseMs}::float8 * power(2, f.failures - 1), ${retryMaxMs}::float8)
          * interval '1 millisecond' end as retry_at
    from registrations r
    left join (
      select registration_id, count(*)::int as failures, max(finished_at) as last_failed_at
      from refund_attempts where status = 'failed' group by registration_id
    ) f on f.registration_id = r.registration_id
    where r.payment_status = 'paid'`

  /** Stops driving until `until`: no instance takes the lease before then, any instance after. */
  async function pause(runId: string, until: number, lastError?: string): Promise<void> {
    await db
      .update(eventCancellationRuns)
      .set({
        claimedBy: null,
        claimedUntil: new Date(until),
        ...(lastError === undefined ? {} : { lastError }),
      })
      .where(eq(eventCancellationRuns.runId, runId))
  }

  /**
   * Takes the next paid registrations, whatever their id (a payment may land during the run), leaving out
   * those waiting for the retry of a refusal, and refunds each. The run finishes only when none is paid.
   */
  async function batch(run: RunRow): Promise<boolean> {
    const now = clock()
    const due = await queryRows<{ registration_id: string }>(
      db,
      sql`select registration_id from (${paidWithRetryAt}) paid
          where retry_at is null or retry_at <= ${iso(now)}::timestamptz
          order by retry_at nulls first, registration_id limit ${batchSize}`,
    )
    if (due.length === 0) {
      const [waiting] = await queryRows<{ n: number; next: string | null }>(
        db,
        sql`select count(*)::int as n, min(retry_at) as next from (${paidWithRetryAt}) paid`,
      )
      if (waiting && waiting.n > 0) {
        // Only refusals are left: try them again when the first one's backoff has passed, not before.
        const next = waiting.next === null ? now + retryBaseMs : Date.parse(waiting.next)
        await pause(run.runId, next)
        logger.warn('The event-cancelled run waits to retry refunds the provider refused', {
          runId: run.runId,
          stillPaid: waiting.n,
          retryAt: iso(next),
        })
        return false
      }
      await db
        .update(eventCancellationRuns)
        .set({ status: 'finished', finishedAt: new Date(now), claimedUntil: null })
        .where(eq(eventCancellationRuns.runId, run.runId))
      logger.info('Event-cancelled refund run finished', { runId: run.runId })
      return false
    }
    for (const { registration_id: registrationId } of due) {
      try {
        await refunds.refundForEventCancellation(registrationId, run.expensesPerPersonJpy, run.startedBy)
      } catch (error) {
        const [latest] = await db
          .select({ status: refundAttempts.status, error: refundAttempts.error })
          .from(refundAttempts)
          .where(eq(refundAttempts.registrationId, registrationId))
          .orderBy(desc(refundAttempts.attempt))
          .limit(1)
        // The provider's reason for a refusal; otherwise what went wrong here.
        const reason = latest?.status === 'failed' ? latest.error : null
        const message = `${registrationId}: ${reason ?? (error instanceof Error ? error.message : String(error))}`
        if (latest?.status !== 'failed') {
          // No answer (the provider may have refunded it), or not the provider at all: stop, and try again
          // after a while with the same key; the provider is likely down, so the rest would not fare better.
          await pause(run.runId, clock() + retryBaseMs, message)
          throw error
        }
        // Refused: it stays paid, counts as failed, and a later batch tries it again after its backoff.
        await db
          .update(eventCancellationRuns)
          .set({ lastError: message })
          .where(eq(eventCancellationRuns.runId, run.runId))
        logger.warn('The event-cancelled run could not refund a registration; it stays paid and is retried', {
          registrationId,
          error,
        })
      }
    }
    return true
  }

  async function runBatch(runId: string): Promise<boolean> {
    if (!(await claim(runId, clock()))) return false
    const run = await runById(runId)
    if (run?.status !== 'running') return false
    return batch(run)
  }

  /**
   * Ends at the provider every checkout session still open, so nobody pays into a cancelled event. Their
   * registrations lapse as any ended checkout does (the provider's expiry event, the sweeper); a payment made
   * just before is delivered as usual and, the run existing, refunded in full (decision 141).
   */
  async function endOpenCheckouts(): Promise<void> {
    const open = await queryRows<{ registration_id: string; checkout_session_id: string }>(
      db,
      sql`select registration_id, checkout_session_id from registrations
          where payment_status = 'pending' and checkout_session_id is not null`,
    )
    for (let from = 0; from < open.length; from += sessionEndingConcurrency) {
      await Promise.all(
        open.slice(from, from + sessionEndingConcurrency).map(async (row) => {
          try {
            await options.gateway.expireCheckoutSession(row.checkout_session_id)
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
    if (open.length > 0)
      logger.info('Ended the open checkouts of the cancelled event', { count: open.length })
  }

  function drive(runId: string): void {
    if (options.autoDrive === false) return
    driving = driving.then(async () => {
      try {
        while (await runBatch(runId)) {
          // Each batch renews the lease; another instance takes over only if this one stops.
        }
      } catch (error) {
        // A refund without an answer paused the run, anything else leaves the lease to lapse: a status poll
        // after that (here or on another instance) resumes it.
        logger.error('The event-cancelled run stopped; asking for its progress resumes it', { runId, error })
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
      // Also when the run existed: a start that died halfway is finished by the next one.
      await options.featureFlags.closeRegistration(staffUserId)
      endingCheckouts = endingCheckouts.then(endOpenCheckouts).catch((error: unknown) => {
        logger.error('Could not list the open checkouts of the cancelled event; they lapse by themselves', {
          error,
        })
      })
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
        await Promise.all([current, endingCheckouts])
      } while (current !== driving)
    },
  }
}
