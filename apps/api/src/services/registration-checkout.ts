import type { RegistrationTier } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { highTraffic, productError } from '../http/errors.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { type RegistrationDeps, release, rememberSessionToEnd } from './registration-context.ts'

/**
 * Records the session and extends the claim to the session's expiry. It changes only a row still pending, and
 * a release changes only a row still pending and due: whichever of the two locks the row first, the other
 * sees its result, so a spot is neither given back under a recorded session nor given back twice. A row whose
 * claim passed but that nobody released yet is simply kept (its spot never left the counter).
 */
const attachSessionStatement = {
  name: 'attach_checkout_session',
  text: `
    update registrations
    set checkout_session_id = $2, payment_url = $3, expires_at = $4::timestamptz, updated_at = $5::timestamptz
    where registration_id = $1::uuid and payment_status = 'pending'
    returning registration_id`,
}

/** The checkout page speaks the language of the PWA page the user registered from (`/en/…`), else Japanese. */
export function checkoutLocale(successUrl: string): 'ja' | 'en' {
  return new URL(successUrl).pathname.split('/')[1] === 'en' ? 'en' : 'ja'
}

export interface Checkout {
  registrationId: string
  tier: RegistrationTier
  /** What the registration was recorded at: its tier's price in the current edition when it took its spot. */
  amountJpy: number
  /** How long the hold, and the session, last (checkoutHoldMs, registration-context.ts). */
  holdMs: number
  userId: string
  email: string | undefined
  successUrl: string
  cancelUrl: string
  now: number
}

/**
 * Opens the checkout session of a registration that holds its spot under a claim, and records it. If the
 * provider fails the spot is given back (and offered on) and the member gets 503 highTraffic.
 */
export async function openCheckout(
  deps: RegistrationDeps,
  checkout: Checkout,
): Promise<{ paymentUrl: string; registrationId: string }> {
  const { db, gateway, logger, clock } = deps
  let session: Awaited<ReturnType<PaymentGateway['createCheckoutSession']>>
  try {
    session = await gateway.createCheckoutSession({
      registrationId: checkout.registrationId,
      registrationTier: checkout.tier,
      amountJpy: checkout.amountJpy,
      customerEmail: checkout.email,
      successUrl: checkout.successUrl,
      cancelUrl: checkout.cancelUrl,
      locale: checkoutLocale(checkout.successUrl),
      expiresAt: checkout.now + checkout.holdMs,
      metadata: { registration_id: checkout.registrationId, user_id: checkout.userId },
    })
  } catch (error) {
    logger.warn('Could not create a checkout session; the spot is given back', {
      registrationId: checkout.registrationId,
      error,
    })
    // The member never saw this registration, let alone canceled it: it goes with its spot, in one statement.
    await release(deps, db, null, sql`registration_id = ${checkout.registrationId}::uuid`, clock())
    throw highTraffic()
  }
  const [attached] = await deps.query<{ registration_id: string }>(attachSessionStatement, [
    checkout.registrationId,
    session.sessionId,
    session.url,
    iso(session.expiresAt),
    iso(clock()),
  ])
  if (!attached) {
    // Ended meanwhile: canceled by the user before the session existed, or given back after its claim
    // passed (this request took longer than the claim). Its spot went back once, with that release; the
    // session must not be payable.
    logger.warn('A checkout session was opened for a registration that had ended meanwhile', {
      registrationId: checkout.registrationId,
    })
    await gateway
      .expireCheckoutSession(session.sessionId)
      .catch((error: unknown) =>
        rememberSessionToEnd(deps, checkout.registrationId, session.sessionId, error),
      )
    throw productError(409, 'purchaseSessionTimedOut')
  }
  return { paymentUrl: session.url, registrationId: checkout.registrationId }
}
