import {
  editionTakesPayments,
  paymentStatusOf,
  registrationStateOf,
  registrationTransition,
} from '@furfes/core'
import { eq, sql } from 'drizzle-orm'
import { type Executor, queryRows } from '../db/database.ts'
import { editions, registrations } from '../db/schema.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { readEdition } from './editions.ts'
import { eventCancelledIn } from './event-cancellation-run.ts'
import { offerReturnedSpots, retakeSpot } from './inventory.ts'
import {
  memberCancels,
  type RegistrationDeps,
  release,
  rememberSessionToEnd,
  retryOnConflict,
  sessionExpires,
} from './registration-context.ts'
import { liveRegistrationOf, type RegistrationRow, registrationById } from './registration-queries.ts'
import {
  endUpgrade,
  registrationOfUpgrade,
  type UpgradePaymentDeps,
  upgradePaid,
} from './tier-change-upgrade.ts'

/*
 * What the payment provider reports about a checkout session: paid (markPaid) or expired (markExpired). The
 * payment webhook (payments/webhooks.ts) calls both; a lazy read and the sweep call markPaid when the provider
 * says a session they meant to end was paid.
 */

export type MarkPaidResult =
  | { outcome: 'paid' | 'already_paid'; registration: RegistrationRow }
  /**
   * The payment cannot buy the registration (decision 141): it stays as it was (or, once the event is being
   * cancelled, a pending one ends) and the payment is refunded in full, now or by a later sweep.
   */
  | { outcome: 'refunded_automatically'; registration: RegistrationRow }
  /** The registration was refunded after this payment: reporting the payment again changes nothing. */
  | { outcome: 'already_refunded'; registration: RegistrationRow }
  | { outcome: 'unknown_session' }

export type MarkExpiredResult = 'expired' | 'not_pending' | 'unknown_session'

/**
 * The edition's next badge number (decision 189): the edition's counter, raised under its row's lock, so two
 * payments at once get two numbers and an undone transaction gives its number back.
 */
export async function nextBadgeNumber(tx: Executor, editionId: string): Promise<number> {
  const [issued] = await tx
    .update(editions)
    .set({ badgeNumbersIssued: sql`${editions.badgeNumbersIssued} + 1` })
    .where(eq(editions.editionId, editionId))
    .returning({ number: editions.badgeNumbersIssued })
  if (!issued) throw new Error(`No edition ${editionId} to number a badge in`)
  return issued.number
}

/** A late payment found no spot it could take: the transaction is undone and the payment refunded. */
class NoSpot extends Error {}

/**
 * A payment of `sessionId` completed. What it does is the lifecycle table's (core's registrationTransition,
 * decision 141): a pending registration becomes paid; a paid or refunded one records it again; an expired one
 * becomes paid again if its member can take a spot (a spot of the tier is free and they hold no other paid
 * registration; a newer pending one of theirs gives way); otherwise, and for a canceled one or once the event
 * is being cancelled, the payment is owed back in full, in the same transaction, and refunded at once or by
 * the sweep.
 */
export async function markPaid(deps: RegistrationDeps, sessionId: string): Promise<MarkPaidResult> {
  const { db, clock, automaticRefunds } = deps
  const apply = (spotFound: boolean) =>
    retryOnConflict(() =>
      db.transaction(async (tx) => {
        const now = clock()
        const [row] = await tx
          .select()
          .from(registrations)
          .where(eq(registrations.checkoutSessionId, sessionId))
          .for('update')
        if (!row) return { outcome: 'unknown_session' as const }
        const state = registrationStateOf(row)
        const [cancelling] = await queryRows<{ started: boolean }>(
          tx,
          // The registration's own edition's event (decision 162).
          sql`select ${eventCancelledIn(row.editionId)} as started`,
        )
        const other =
          state === 'expired' ? await liveRegistrationOf(tx, row.userId, row.editionId) : undefined
        const alreadyPaid = other?.paymentStatus === 'paid'
        // No payment is taken for an edition whose event is over (decision 158): it goes back like a late
        // payment that found no spot.
        const editionOver = !editionTakesPayments(
          (await readEdition({ db: tx, clock }, row.editionId)).edition,
          now,
        )
        const { next, money } = registrationTransition(state, 'paymentCompleted', {
          spotAvailable: spotFound && !alreadyPaid,
          eventCancellationStarted: cancelling?.started === true,
          editionOver,
        })
        if (money === 'none') return { outcome: 'already_refunded' as const, registration: row }
        if (money === 'refundInFull') {
          if (next !== state) {
            // Pending while the event is being cancelled: the hold ends (its spot is not offered on).
            const thisOne = sql`registration_id = ${row.registrationId}::uuid`
            await release(deps, tx, { from: [state], to: next }, thisOne, now, false)
          }
          await automaticRefunds.owe(tx, {
            registrationId: row.registrationId,
            checkoutSessionId: sessionId,
            amountJpy: row.amountJpy,
            reason: cancelling?.started
              ? 'event_cancelled'
              : state === 'canceled'
                ? 'canceled'
                : alreadyPaid
                  ? 'already_paid'
                  : 'hold_ended',
            now,
          })
          const [after] = await tx
            .select()
            .from(registrations)
            .where(eq(registrations.registrationId, row.registrationId))
          return { outcome: 'refunded_automatically' as const, registration: after ?? row }
        }
        if (state === 'paid') return { outcome: 'already_paid' as const, registration: row }
        let replaced: { registrationId: string; sessionId: string } | null = null
        if (state === 'expired') {
          // Paid after the spot went back (a late webhook): the member's newer hold gives way, then a spot is
          // taken again; none free undoes the transaction and the payment is refunded instead.
          if (other) {
            const theirs = sql`registration_id = ${other.registrationId}::uuid`
            await release(deps, tx, memberCancels, theirs, now, false)
            if (other.checkoutSessionId !== null) {
              replaced = { registrationId: other.registrationId, sessionId: other.checkoutSessionId }
            }
          }
          if (!(await retakeSpot(tx, { editionId: row.editionId, tier: row.registrationTier }))) {
            throw new NoSpot()
          }
        }
        const paidStatus = paymentStatusOf(next)
        const [paid] = await tx
          .update(registrations)
          .set({
            paymentStatus: paidStatus,
            paidAt: new Date(now),
            updatedAt: new Date(now),
            ...(paidStatus === 'paid' && row.badgeNumber === null
              ? { badgeNumber: await nextBadgeNumber(tx, row.editionId) }
              : {}),
          })
          .where(eq(registrations.registrationId, row.registrationId))
          .returning()
        if (!paid) throw new Error('The locked registration vanished')
        await enqueueMail(tx, { kind: 'receipt', registrationId: paid.registrationId, now })
        return { outcome: 'paid' as const, registration: paid, replaced }
      }),
    )
  let result: Awaited<ReturnType<typeof apply>>
  try {
    result = await apply(true)
  } catch (error) {
    if (!(error instanceof NoSpot)) throw error
    result = await apply(false)
  }
  if (result.outcome === 'unknown_session') return upgradeSessionPaid(deps, sessionId)
  if ('replaced' in result && result.replaced) {
    const { registrationId, sessionId: replaced } = result.replaced
    await deps.gateway
      .expireCheckoutSession(replaced)
      .catch((error: unknown) => rememberSessionToEnd(deps, registrationId, replaced, error))
  }
  if (result.outcome === 'refunded_automatically') {
    deps.logger.warn('A payment could not buy its registration: it is refunded in full', {
      registrationId: result.registration.registrationId,
      sessionId,
      paymentStatus: result.registration.paymentStatus,
    })
    await automaticRefunds.settle(sessionId)
  }
  return { outcome: result.outcome, registration: result.registration }
}

/** What an upgrade's payment needs of the registrations' dependencies (decision 169). */
export function upgradePaymentDeps(deps: RegistrationDeps): UpgradePaymentDeps {
  return {
    ...deps,
    offer: (executor, tier) =>
      offerReturnedSpots(executor, { tier, now: deps.clock(), offerMs: deps.offerMs }),
    onSpotsReturned: (tier) => deps.soldOut.forget(tier),
  }
}

/** A paid session that is no registration's first payment: an upgrade's difference, if any (decision 169). */
async function upgradeSessionPaid(deps: RegistrationDeps, sessionId: string): Promise<MarkPaidResult> {
  const outcome = await upgradePaid(upgradePaymentDeps(deps), sessionId)
  const payment = outcome && (await registrationOfUpgrade(deps.db, sessionId))
  const registration = payment && (await registrationById(deps.db, payment))
  return outcome && registration ? { outcome, registration } : { outcome: 'unknown_session' }
}

/** The provider reports that `sessionId` expired: its hold ends and its spot is given back and offered on. */
export async function markExpired(deps: RegistrationDeps, sessionId: string): Promise<MarkExpiredResult> {
  const now = deps.clock()
  const released = await retryOnConflict(() =>
    release(deps, deps.db, sessionExpires, sql`checkout_session_id = ${sessionId}`, now),
  )
  if (released.length > 0) return 'expired'
  // An upgrade's session: its hold of the target tier ends and nothing else changes (decision 169).
  const upgrades = upgradePaymentDeps(deps)
  const ended = await endUpgrade(
    { db: deps.db, offerReturnedSpots: upgrades.offer, onSpotsReturned: upgrades.onSpotsReturned },
    sql`checkout_session_id = ${sessionId}`,
  )
  if (ended > 0) return 'expired'
  if (await registrationOfUpgrade(deps.db, sessionId)) return 'not_pending'
  const [row] = await deps.db
    .select({ id: registrations.registrationId })
    .from(registrations)
    .where(eq(registrations.checkoutSessionId, sessionId))
  return row ? 'not_pending' : 'unknown_session'
}
