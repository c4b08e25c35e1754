import { type Clock, type RegistrationTier, registrationStateOf } from '@furfes/core'
import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { registrations, tierChanges } from '../db/schema.ts'
import { highTraffic, productError } from '../http/errors.ts'
import type { Logger } from '../logger.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import type { AutomaticRefunds } from './automatic-refunds.ts'
import { endUpgradeHolds, retakeSpot, returnPaidSpot } from './inventory.ts'
import { openRefundAttempt } from './refund-attempts.ts'
import { checkoutHoldMs, retryOnConflict } from './registration-context.ts'
import type { RegistrationRow } from './registration-queries.ts'
import {
  lockForChange,
  moveRegistration,
  newChange,
  type PlannedChange,
  type TierChangeDeps,
  type TierChangeInput,
} from './tier-change.ts'
import type { TierChangeRow } from './tier-change-refunds.ts'

/*
 * An upgrade (docs/decisions/169-upgrades-through-checkout.md): the participant pays the difference in a Stripe
 * Checkout session on the same registration. The target tier's spot is held for the session's life (counted in
 * the inventory like a pending registration); the payment's webhook applies the change in one transaction; an
 * expired or withdrawn session gives the spot back and changes nothing.
 */

/**
 * Holds a spot of the target tier and records the upgrade awaiting its payment, in one transaction; then opens the
 * Checkout session for the difference and records it. A provider that fails gives the spot back (503).
 */
export async function startUpgrade(
  deps: TierChangeDeps,
  row: RegistrationRow,
  input: TierChangeInput,
  plan: PlannedChange,
): Promise<TierChangeRow> {
  const now = plan.now
  const holdMs = checkoutHoldMs({ checkoutSessionMs: undefined, gateway: deps.gateway }, plan.edition)
  const held = await retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      // A double submit that took the lock first holds the spot already: answer its change.
      const made = await lockForChange(tx, row, input.clientKey, now)
      if (made) return { change: made, created: false }
      if (!(await retakeSpot(tx, { editionId: row.editionId, tier: input.tier }, true))) {
        throw productError(409, 'soldOut')
      }
      const [inserted] = await tx
        .insert(tierChanges)
        .values({ ...newChange(row, input, plan), expiresAt: new Date(now + holdMs) })
        .returning()
      if (!inserted) throw new Error('The tier change was not stored')
      return { change: inserted, created: true }
    }),
  )
  if (!held.created) return held.change
  const change = held.change
  let session: Awaited<ReturnType<PaymentGateway['createCheckoutSession']>>
  try {
    session = await deps.gateway.createCheckoutSession({
      registrationId: row.registrationId,
      registrationTier: change.toTier,
      amountJpy: change.amountJpy,
      customerEmail: input.email,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      locale: row.language,
      expiresAt: now + holdMs,
      metadata: { registration_id: row.registrationId, user_id: row.userId, tier_change: change.changeId },
    })
  } catch (error) {
    deps.logger.warn('Could not create the checkout session of an upgrade; its spot is given back', {
      registrationId: row.registrationId,
      changeId: change.changeId,
      error,
    })
    await endUpgrade(deps, sql`change_id = ${change.changeId}::uuid`)
    throw highTraffic()
  }
  const [attached] = await deps.db
    .update(tierChanges)
    .set({
      checkoutSessionId: session.sessionId,
      paymentUrl: session.url,
      expiresAt: new Date(session.expiresAt),
    })
    .where(and(eq(tierChanges.changeId, change.changeId), eq(tierChanges.status, 'awaiting_payment')))
    .returning()
  if (!attached) {
    // Its hold was swept meanwhile: the session must not be payable.
    await deps.gateway.expireCheckoutSession(session.sessionId)
    throw productError(409, 'purchaseSessionTimedOut')
  }
  return attached
}

export interface UpgradePaymentDeps {
  db: Executor
  clock: Clock
  logger: Logger
  automaticRefunds: AutomaticRefunds
  /** Offers a returned spot on, in the caller's transaction (the waiting list, decision 115). */
  offer: (executor: Executor, tier: RegistrationTier) => Promise<unknown>
  /** This instance's sold-out memory forgets a tier whose spot came back. */
  onSpotsReturned: (tier: RegistrationTier) => void
}

/** Ends the upgrade holds matching `condition`, gives their spots back and offers them on. */
export async function endUpgrade(
  deps: Pick<TierChangeDeps, 'db' | 'offerReturnedSpots' | 'onSpotsReturned'>,
  condition: ReturnType<typeof sql>,
): Promise<number> {
  const ended = await retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      const rows = await endUpgradeHolds(tx, condition)
      for (const row of rows) await deps.offerReturnedSpots?.(tx, row.registration_tier)
      return rows
    }),
  )
  for (const row of ended) deps.onSpotsReturned?.(row.registration_tier)
  return ended.length
}

export type UpgradePaidOutcome = 'paid' | 'already_paid' | 'refunded_automatically'

/**
 * The payment of an upgrade's session completed (the webhook, or a sweep that found it paid). Awaiting: the
 * change applies in one transaction (the held spot becomes the registration's, the old one goes back and is
 * offered on, tier, goods and fee move, audited, the receipt mailed). Applied already: nothing (a replay). The
 * hold ended, or the registration is no longer paid or is being refunded (a cancel or a staff refund won): the
 * payment is owed back in full (decision 141's automatic refund) and nothing changes. Undefined when the session
 * is no upgrade's.
 */
export async function upgradePaid(
  deps: UpgradePaymentDeps,
  sessionId: string,
): Promise<UpgradePaidOutcome | undefined> {
  const result = await retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      const now = deps.clock()
      const [found] = await tx
        .select({ registrationId: tierChanges.registrationId })
        .from(tierChanges)
        .where(eq(tierChanges.checkoutSessionId, sessionId))
      if (!found) return undefined
      // The registration's row lock first, as a refund and a cancellation take it (decision 167).
      const [registration] = await tx
        .select()
        .from(registrations)
        .where(eq(registrations.registrationId, found.registrationId))
        .for('update')
      const [change] = await tx
        .select()
        .from(tierChanges)
        .where(eq(tierChanges.checkoutSessionId, sessionId))
        .for('update')
      if (!change || !registration) return undefined
      if (change.status === 'applied') return { outcome: 'already_paid' as const }
      const stillPaid =
        registrationStateOf(registration) === 'paid' &&
        !(await openRefundAttempt(tx, registration.registrationId))
      if (change.status === 'awaiting_payment' && stillPaid) {
        const [applied] = await tx
          .update(tierChanges)
          .set({ status: 'applied', appliedAt: new Date(now), expiresAt: null })
          .where(eq(tierChanges.changeId, change.changeId))
          .returning()
        if (!applied) throw new Error('The locked tier change vanished')
        // The held spot of the target is the registration's now; its old tier's spot goes back.
        await returnPaidSpot(
          tx,
          { editionId: registration.editionId, tier: registration.registrationTier },
          deps.offer,
        )
        await moveRegistration(tx, applied, registration, now)
        return { outcome: 'paid' as const, returned: registration.registrationTier }
      }
      let returned: RegistrationTier | undefined
      if (change.status === 'awaiting_payment') {
        // The registration was canceled or is being refunded while the participant paid: the hold ends.
        const [ended] = await endUpgradeHolds(tx, sql`change_id = ${change.changeId}::uuid`)
        if (ended) await deps.offer(tx, ended.registration_tier)
        returned = ended?.registration_tier
      }
      await deps.automaticRefunds.owe(tx, {
        registrationId: registration.registrationId,
        checkoutSessionId: sessionId,
        amountJpy: change.amountJpy,
        reason: change.status === 'expired' ? 'hold_ended' : 'canceled',
        now,
      })
      return { outcome: 'refunded_automatically' as const, returned }
    }),
  )
  if (!result) return undefined
  if ('returned' in result && result.returned) deps.onSpotsReturned(result.returned)
  if (result.outcome === 'refunded_automatically') {
    deps.logger.warn('An upgrade was paid after it could no longer apply: the payment is refunded in full', {
      sessionId,
    })
    await deps.automaticRefunds.settle(sessionId)
  }
  return result.outcome
}

/** The registration an upgrade's session belongs to, whatever became of the upgrade. */
export async function registrationOfUpgrade(db: Executor, sessionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ registrationId: tierChanges.registrationId })
    .from(tierChanges)
    .where(eq(tierChanges.checkoutSessionId, sessionId))
  return row?.registrationId
}
