import { registrationChanges, registrationStateOf } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { highTraffic, productError } from '../http/errors.ts'
import type { ExpireOutcome, PaymentGateway } from '../payments/gateway.ts'
import {
  holdLapses,
  memberCancels,
  type RegistrationDeps,
  release,
  rememberSessionToEnd,
  retryOnConflict,
} from './registration-context.ts'
import { markPaid } from './registration-payment.ts'
import {
  currentRegistrationOf,
  liveRegistrationOf,
  type RegistrationRow,
  registrationById,
} from './registration-queries.ts'

/*
 * A hold that ends on the member's side: they cancel their checkout, or its time ran out and a read finds it.
 * Either way the provider is asked first, so a payment whose webhook has not arrived yet wins.
 */

/**
 * A pending registration past its expiry: asks the provider how its session ended (ending it if it is still
 * open) before giving the spot back, so a payment whose webhook has not arrived yet wins over the expiry.
 * When the provider cannot be reached the hold is released anyway and the session is remembered for the
 * sweep; a payment arriving later is a late payment (markPaid).
 */
export async function settleOverdue(
  deps: RegistrationDeps,
  row: RegistrationRow,
  now: number,
): Promise<ExpireOutcome> {
  if (row.checkoutSessionId !== null) {
    let outcome: ExpireOutcome = 'expired'
    try {
      outcome = await deps.gateway.expireCheckoutSession(row.checkoutSessionId)
    } catch (error) {
      await rememberSessionToEnd(deps, row.registrationId, row.checkoutSessionId, error)
    }
    if (outcome === 'completed') {
      const paid = await markPaid(deps, row.checkoutSessionId)
      if (paid.outcome === 'paid' || paid.outcome === 'already_paid') return 'completed'
    }
  }
  const due = sql`registration_id = ${row.registrationId}::uuid and expires_at <= ${iso(now)}::timestamptz`
  await retryOnConflict(() => release(deps, deps.db, holdLapses, due, now))
  return 'expired'
}

/**
 * The user's registration in the current edition as they see it: the live one, else the latest ended one. A pending one past its
 * expiry is settled with the payment provider first (paid wins over expired). A pending one without a
 * checkout session is returned as it is: its session is being opened, and it holds a spot meanwhile.
 */
export async function currentRegistration(
  deps: RegistrationDeps,
  userId: string,
): Promise<RegistrationRow | undefined> {
  const now = deps.clock()
  const { id: editionId } = await deps.currentEdition.read()
  const row = await currentRegistrationOf(deps.db, userId, editionId)
  if (row?.paymentStatus !== 'pending' || row.expiresAt.getTime() > now) return row
  // Lazily reconcile a session that expired without its webhook (yet).
  await settleOverdue(deps, row, now)
  return registrationById(deps.db, row.registrationId)
}

/**
 * Ends the pending checkout session of the member's registration in the current edition and gives the spot
 * back; returns the registration as it now is.
 */
export async function cancelCheckout(deps: RegistrationDeps, userId: string): Promise<RegistrationRow> {
  const { db, clock, gateway, logger } = deps
  const now = clock()
  const { id: editionId } = await deps.currentEdition.read()
  const live = await liveRegistrationOf(db, userId, editionId)
  // A live registration the member cannot cancel (paid) is answered as it is.
  if (!live || !registrationChanges(registrationStateOf(live), 'memberCancels')) {
    const latest = live ?? (await currentRegistration(deps, userId))
    if (!latest) throw productError(404, 'notFound')
    return latest
  }
  if (live.expiresAt.getTime() <= now) {
    await settleOverdue(deps, live, now)
  } else {
    if (live.checkoutSessionId !== null) {
      let outcome: Awaited<ReturnType<PaymentGateway['expireCheckoutSession']>>
      try {
        outcome = await gateway.expireCheckoutSession(live.checkoutSessionId)
      } catch (error) {
        logger.warn('Could not end the checkout session', { registrationId: live.registrationId, error })
        throw highTraffic()
      }
      if (outcome === 'completed') {
        const paid = await markPaid(deps, live.checkoutSessionId)
        if (paid.outcome !== 'unknown_session') return paid.registration
      }
    }
    await release(deps, db, memberCancels, sql`registration_id = ${live.registrationId}::uuid`, now)
  }
  const after = await registrationById(db, live.registrationId)
  if (!after) throw productError(404, 'notFound')
  return after
}
