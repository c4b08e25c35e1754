import type { AutomaticRefund, AutomaticRefundReason, Clock } from '@furfes/core'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { automaticRefunds } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { type PaymentGateway, RefundRefusedError } from '../payments/gateway.ts'

/** The provider idempotency key of a session's automatic refund: every retry, request and instance shares it. */
const automaticRefundKey = (checkoutSessionId: string): string => `automatic-refund-${checkoutSessionId}`

interface OwedRefund {
  registrationId: string
  checkoutSessionId: string
  amountJpy: number
  reason: AutomaticRefundReason
  now: number
}

interface AutomaticRefundDeps {
  db: Executor
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
}

/**
 * Payments given back whole because they cannot buy a registration (decision 141). The payment is recorded as
 * owed in the transaction that records it (`owe`); the provider is asked afterwards (`settle`) and again by
 * every sweep until it refunds or refuses, so a refund is never lost and, under one key, never made twice.
 */
export interface AutomaticRefunds {
  owe(executor: Executor, refund: OwedRefund): Promise<void>
  /** Asks the provider for the owed refunds (of one session, or all): the sweep's part. */
  settle(checkoutSessionId?: string): Promise<void>
  /** The automatic refund of a registration, for staff. */
  of(registrationId: string): Promise<AutomaticRefund | undefined>
}

async function refundOne(
  deps: AutomaticRefundDeps,
  row: typeof automaticRefunds.$inferSelect,
): Promise<void> {
  const { db, clock, gateway, logger } = deps
  const where = and(
    eq(automaticRefunds.checkoutSessionId, row.checkoutSessionId),
    eq(automaticRefunds.status, 'owed'),
  )
  try {
    const refund = await gateway.refund({
      registrationId: row.registrationId,
      checkoutSessionId: row.checkoutSessionId,
      amountJpy: row.amountJpy,
      idempotencyKey: automaticRefundKey(row.checkoutSessionId),
      metadata: { registration_id: row.registrationId, automatic_refund: row.reason },
    })
    const now = clock()
    await db.transaction(async (tx) => {
      const [done] = await tx
        .update(automaticRefunds)
        .set({
          status: 'refunded',
          providerRefundId: refund.refundId,
          refundedAt: new Date(now),
          attempts: sql`${automaticRefunds.attempts} + 1`,
          lastError: null,
        })
        .where(where)
        .returning()
      // The member hears of it once, with the refund (decision 100).
      if (done)
        await enqueueMail(tx, { kind: 'refunded_automatically', registrationId: row.registrationId, now })
    })
    logger.info('A payment that could not buy a registration was refunded in full', {
      registrationId: row.registrationId,
      sessionId: row.checkoutSessionId,
      amountJpy: row.amountJpy,
      reason: row.reason,
    })
  } catch (error) {
    const refused = error instanceof RefundRefusedError
    await db
      .update(automaticRefunds)
      .set({
        ...(refused ? { status: 'refused' as const } : {}),
        attempts: sql`${automaticRefunds.attempts} + 1`,
        lastError: error instanceof Error ? error.message : String(error),
      })
      .where(where)
    const fields = { registrationId: row.registrationId, sessionId: row.checkoutSessionId, error }
    if (refused) {
      // Retrying the same key cannot change the provider's answer: staff pay back by hand (docs/operations.md).
      logger.error('The payment provider refused an automatic refund: pay the member back by hand', fields)
    } else {
      logger.warn('An automatic refund could not be made yet; the sweep retries it', fields)
    }
  }
}

/** Records a payment as owed back, in the caller's transaction. */
async function owe(executor: Executor, refund: OwedRefund): Promise<void> {
  await executor
    .insert(automaticRefunds)
    .values({
      checkoutSessionId: refund.checkoutSessionId,
      registrationId: refund.registrationId,
      amountJpy: refund.amountJpy,
      reason: refund.reason,
      status: 'owed',
      owedAt: new Date(refund.now),
    })
    .onConflictDoNothing()
}

async function settle(deps: AutomaticRefundDeps, checkoutSessionId?: string): Promise<void> {
  const { db } = deps
  const owed = await db
    .select()
    .from(automaticRefunds)
    .where(
      checkoutSessionId === undefined
        ? eq(automaticRefunds.status, 'owed')
        : and(eq(automaticRefunds.status, 'owed'), eq(automaticRefunds.checkoutSessionId, checkoutSessionId)),
    )
    .orderBy(automaticRefunds.owedAt)
  for (const row of owed) await refundOne(deps, row)
}

async function refundOf(db: Executor, registrationId: string): Promise<AutomaticRefund | undefined> {
  const [row] = await db
    .select()
    .from(automaticRefunds)
    .where(eq(automaticRefunds.registrationId, registrationId))
    .orderBy(desc(automaticRefunds.owedAt))
    .limit(1)
  if (!row) return undefined
  return {
    amountJpy: row.amountJpy,
    reason: row.reason,
    status: row.status,
    owedAt: row.owedAt.getTime(),
    ...(row.refundedAt === null ? {} : { refundedAt: row.refundedAt.getTime() }),
  }
}

export function createAutomaticRefunds(options: AutomaticRefundDeps): AutomaticRefunds {
  const deps = { ...options, logger: options.logger.child({ component: 'automatic-refunds' }) }
  return {
    owe,
    settle: (checkoutSessionId) => settle(deps, checkoutSessionId),
    of: (registrationId) => refundOf(deps.db, registrationId),
  }
}
