import type { RegistrationTier } from '@furfes/core'

/** What the API asks of a payment provider: a hosted checkout page per registration. */
export interface CheckoutSessionRequest {
  registrationId: string
  registrationTier: RegistrationTier
  amountJpy: number
  /** Prefills the checkout page; undefined when the API has not read the member's e-mail yet. */
  customerEmail: string | undefined
  successUrl: string
  cancelUrl: string
  /** Epoch ms. The spot is held until then, so the session must not outlive it. */
  expiresAt: number
  /** Copied onto the session, so webhooks can be traced back (registration_id, user_id). */
  metadata: Record<string, string>
}

export interface CheckoutSession {
  /** The provider's session id (Stripe `cs_…`), which webhooks name. */
  sessionId: string
  /** The hosted page the user pays on. */
  url: string
  /** Epoch ms, as the provider set it. */
  expiresAt: number
}

/** `completed`: the session was paid before it could be ended, so the registration is paid. */
export type ExpireOutcome = 'expired' | 'completed'

/**
 * The seam between registrations and the payment provider. The Stripe implementation (official `stripe` SDK
 * against the emulator or Stripe) comes with the Payments issue; until then the stub below is used. The
 * provider's webhooks call the registration lifecycle (markPaid, markExpired in services/registrations.ts).
 */
export interface PaymentGateway {
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>
  /** Ends an open session; ending one that already ended is not an error. */
  expireCheckoutSession(sessionId: string): Promise<ExpireOutcome>
}
