import type { RegistrationTier } from '@furfes/core'
import { eq, sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { checkoutSessionsToEnd } from '../db/schema.ts'
import { endAddonHolds, markAddonPaid, settleAddonRefunds } from './addon-payments.ts'
import { sweepOffers } from './offer-sweep.ts'
import {
  holdLapses,
  type RegistrationDeps,
  type Released,
  release,
  rememberSessionToEnd,
  retryOnConflict,
} from './registration-context.ts'
import { markPaid, upgradePaymentDeps } from './registration-payment.ts'
import { settleOwedTierChangeRefunds } from './tier-change-refunds.ts'
import { endUpgrade } from './tier-change-upgrade.ts'

/**
 * The one periodic sweep (server.ts runs it every EXPIRY_SWEEP_INTERVAL_SECONDS; a sold-out start and the staff
 * lists run it on demand): gives back the spots of pending registrations whose session expired, or whose claim
 * passed without a session (of one tier, or all); then ends the waiting-list offers past their deadline and
 * offers every free spot to the people waiting (decision 115). The periodic run (no tier) also retries what the
 * provider could not be told or asked for before. Answers how many registration holds it ended.
 */
export async function sweep(deps: RegistrationDeps, tier?: RegistrationTier): Promise<number> {
  const { db, clock, logger } = deps
  const now = clock()
  const due = sql`expires_at <= ${iso(now)}::timestamptz`
  const condition = tier ? sql`registration_tier = ${tier} and ${due}` : due
  const released = await retryOnConflict(() => release(deps, db, holdLapses, condition, now))
  if (released.length > 0) {
    const withoutSession = released.filter((row) => row.checkout_session_id === null).length
    logger.info('Released expired checkout holds', { count: released.length, withoutSession, tier })
  }
  // Holds configured shorter than the provider's shortest session (tests of expiry, decision 031): the
  // session would stay payable after its spot went back, so the API ends it itself. An edition's hold is never
  // shorter (checkoutHoldMs).
  if (deps.checkoutSessionMs !== undefined && deps.checkoutSessionMs < deps.gateway.minimumSessionMs) {
    await endSessionsOf(deps, released)
  }
  // Upgrades whose Checkout ran out unpaid give their target's spot back (decision 169); a payment arriving later
  // is refunded in full (upgradePaid).
  const upgrades = upgradePaymentDeps(deps)
  const lapsedUpgrades = await endUpgrade(
    { db, offerReturnedSpots: upgrades.offer, onSpotsReturned: upgrades.onSpotsReturned },
    tier ? sql`to_tier = ${tier} and ${due}` : due,
  )
  if (lapsedUpgrades > 0) logger.info('Released lapsed upgrade holds', { count: lapsedUpgrades, tier })
  const waiting = await retryOnConflict(() => sweepOffers(db, { now, offerMs: deps.offerMs }))
  if (waiting.expired > 0 || waiting.offered > 0) logger.info('Waiting list swept', waiting)
  if (tier === undefined) {
    await sweepAddons(deps, now)
    await endRememberedSessions(deps)
    await deps.automaticRefunds.settle()
    // The refunds of downgrades the provider could not make yet (decision 167).
    await settleOwedTierChangeRefunds(deps)
  }
  return released.length
}

/** A session found paid when it was to be ended: an add-on's purchase (decision 178) or a registration. */
async function paid(deps: RegistrationDeps, sessionId: string): Promise<void> {
  if ((await markAddonPaid(deps, sessionId)) === undefined) await markPaid(deps, sessionId)
}

/**
 * The add-ons' part of the periodic sweep (decision 178): ends the purchases whose checkout ran out and gives their
 * places back (ending their sessions too when holds are shorter than the provider's shortest session), and asks
 * the provider again for the add-on refunds it could not make yet.
 */
async function sweepAddons(deps: RegistrationDeps, now: number): Promise<void> {
  const ended = await retryOnConflict(() =>
    endAddonHolds(deps.db, sql`expires_at <= ${iso(now)}::timestamptz`, now),
  )
  if (ended.length > 0) deps.logger.info('Released expired add-on holds', { count: ended.length })
  if (deps.checkoutSessionMs !== undefined && deps.checkoutSessionMs < deps.gateway.minimumSessionMs) {
    await endSessionsOf(deps, ended)
  }
  await settleAddonRefunds(deps)
}

/** Asks the provider again to end the sessions it could not end before (rememberSessionToEnd). */
async function endRememberedSessions(deps: RegistrationDeps): Promise<void> {
  const { db, gateway, logger } = deps
  const owed = await db.select().from(checkoutSessionsToEnd).orderBy(checkoutSessionsToEnd.since)
  for (const row of owed) {
    const done = eq(checkoutSessionsToEnd.checkoutSessionId, row.checkoutSessionId)
    try {
      if ((await gateway.expireCheckoutSession(row.checkoutSessionId)) === 'completed') {
        await paid(deps, row.checkoutSessionId)
      }
      await db.delete(checkoutSessionsToEnd).where(done)
    } catch (error) {
      logger.warn('A checkout session still could not be ended; the next sweep retries it', {
        registrationId: row.registrationId,
        sessionId: row.checkoutSessionId,
        error,
      })
      await db
        .update(checkoutSessionsToEnd)
        .set({
          attempts: sql`${checkoutSessionsToEnd.attempts} + 1`,
          lastError: error instanceof Error ? error.message : String(error),
        })
        .where(done)
    }
  }
}

/**
 * Ends, at the provider, the sessions of holds released here while the sessions were still payable. A session
 * paid meanwhile makes its registration paid.
 */
async function endSessionsOf(
  deps: RegistrationDeps,
  released: readonly Pick<Released, 'registration_id' | 'checkout_session_id'>[],
): Promise<void> {
  for (const row of released) {
    if (row.checkout_session_id === null) continue
    try {
      if ((await deps.gateway.expireCheckoutSession(row.checkout_session_id)) === 'completed') {
        await paid(deps, row.checkout_session_id)
      }
    } catch (error) {
      await rememberSessionToEnd(deps, row.registration_id, row.checkout_session_id, error)
    }
  }
}
