import type { Clock } from '@furfes/core'
import { desc, eq, type SQL, sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows } from '../db/database.ts'
import { eventCancellationRuns, refundAttempts } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { requireCurrentEdition } from './editions.ts'
import type { FeatureFlagService } from './feature-flags.ts'
import type { RefundService } from './refunds.ts'

/*
 * Driving the event-cancelled refund run (decision 113): one batch at a time, by whichever instance holds the
 * run's lease, retrying refusals after a backoff. event-cancellation.ts starts it and reports its progress.
 */

export type RunRow = typeof eventCancellationRuns.$inferSelect

export interface EventCancellationDeps {
  db: Executor
  clock: Clock
  logger: Logger
  refunds: RefundService
  /** Ends the checkout sessions still open when the run starts. */
  gateway: PaymentGateway
  /** Registration goes off when the run starts. */
  featureFlags: FeatureFlagService
  batchSize: number
  /** How long a driver owns the run before another instance may take it over. */
  leaseMs: number
  /** The wait before a refused refund is tried again, doubled per refusal up to `retryMaxMs`. */
  retryBaseMs: number
  retryMaxMs: number
  /** false: nothing runs in the background; tests call runBatch. */
  autoDrive: boolean
  /** This instance, as the holder of a run's lease. */
  driverId: string
  /** This instance's background work: driving the run, and ending the open checkouts (event-cancellation.ts). */
  background: { driving: Promise<void>; endingCheckouts: Promise<void> }
}

/** Takes the lease (free or passed) or renews this instance's; false when another live driver holds it. */
async function claim(deps: EventCancellationDeps, runId: string, now: number): Promise<boolean> {
  const { db, leaseMs, driverId } = deps
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

/** The current edition's id, as a statement reads it. */
export const currentEditionId = sql`(select edition_id from current_edition where id = 1)`

/**
 * A run refunds its own edition's registrations only (decisions 158 and 162): another edition's participants
 * were not cancelled.
 */
export const ofEdition = (editionId: string | SQL) => sql`r.edition_id = ${editionId}`

/**
 * Whether the event of an edition is cancelled: a run of that edition exists (runs are never deleted). Offers,
 * the registration flag, late payments and the lapse mail ask it of the edition they are about (decision 162).
 */
export const eventCancelledIn = (editionId: string | SQL) =>
  sql<boolean>`exists (select 1 from event_cancellation_runs c where c.edition_id = ${editionId})`

/**
 * When a paid registration may be tried (again): at once, or after a refusal by the provider once the
 * backoff of its refusals so far has passed. Failed attempts are the refund service's record (decision 111).
 */
function paidWithRetryAt({ retryBaseMs, retryMaxMs }: EventCancellationDeps, editionId: string): SQL {
  return sql`
  select r.registration_id,
    case when f.failures is null then null
      else f.last_failed_at + least(${retryBaseMs}::float8 * power(2, f.failures - 1), ${retryMaxMs}::float8)
        * interval '1 millisecond' end as retry_at
  from registrations r
  left join (
    select registration_id, count(*)::int as failures, max(finished_at) as last_failed_at
    from refund_attempts where status = 'failed' group by registration_id
  ) f on f.registration_id = r.registration_id
  where r.payment_status = 'paid' and ${ofEdition(editionId)}`
}

/** Stops driving until `until`: no instance takes the lease before then, any instance after. */
async function pause(
  deps: EventCancellationDeps,
  runId: string,
  until: number,
  lastError?: string,
): Promise<void> {
  await deps.db
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
async function batch(deps: EventCancellationDeps, run: RunRow): Promise<boolean> {
  const { db, clock, logger, retryBaseMs } = deps
  const now = clock()
  const due = await queryRows<{ registration_id: string }>(
    db,
    sql`select registration_id from (${paidWithRetryAt(deps, run.editionId)}) paid
        where retry_at is null or retry_at <= ${iso(now)}::timestamptz
        order by retry_at nulls first, registration_id limit ${deps.batchSize}`,
  )
  if (due.length === 0) {
    const [waiting] = await queryRows<{ n: number; next: string | null }>(
      db,
      sql`select count(*)::int as n, min(retry_at) as next from (${paidWithRetryAt(deps, run.editionId)}) paid`,
    )
    if (waiting && waiting.n > 0) {
      // Only refusals are left: try them again when the first one's backoff has passed, not before.
      const next = waiting.next === null ? now + retryBaseMs : Date.parse(waiting.next)
      await pause(deps, run.runId, next)
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
      await deps.refunds.refundForEventCancellation(registrationId, run.expensesPerPersonJpy, run.startedBy)
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
        await pause(deps, run.runId, clock() + retryBaseMs, message)
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

/**
 * Refunds one batch of the run. A run of an edition that is no longer current is refused (409
 * editionNotCurrent, as a staff refund of its registrations is): a past edition is read only (decision 162).
 */
export async function runBatch(deps: EventCancellationDeps, runId: string): Promise<boolean> {
  const [owner] = await deps.db
    .select({ editionId: eventCancellationRuns.editionId })
    .from(eventCancellationRuns)
    .where(eq(eventCancellationRuns.runId, runId))
  if (!owner) return false
  await requireCurrentEdition(deps, owner.editionId)
  if (!(await claim(deps, runId, deps.clock()))) return false
  const [run] = await deps.db
    .select()
    .from(eventCancellationRuns)
    .where(eq(eventCancellationRuns.runId, runId))
  if (run?.status !== 'running') return false
  return batch(deps, run)
}
