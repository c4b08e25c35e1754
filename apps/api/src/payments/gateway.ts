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
  /** The language of the checkout page: the PWA's language the user registered in. */
  locale: 'ja' | 'en'
  /**
   * Epoch ms: when the spot the registration holds is given back. The session must not be payable for long
   * after; a provider with a longer minimum ends it when the hold is released (`minimumSessionMs`).
   */
  expiresAt: number
  /** Copied onto the session, so webhooks can be traced back (registration_id, user_id). */
  metadata: Record<string, string>
  /**
   * Set when the session sells an add-on (decision 178) rather than the registration: the purchase it pays and the
   * product's name per language. The session is then its own payment, opened once per purchase.
   */
  addon?: { purchaseId: string; name: Readonly<Record<'ja' | 'en', string>> }
}

export interface CheckoutSession {
  /** The provider's session id (Stripe `cs_…`), which webhooks name. */
  sessionId: string
  /** The hosted page the user pays on. */
  url: string
  /** Epoch ms: when the user can no longer pay there, as far as the registration is concerned. */
  expiresAt: number
}

/** What a receipt says about a payment: the provider's payment id and, when the provider gives them, the card's. */
interface PaymentDetails {
  /** Stripe's PaymentIntent id (`pi_…`), which staff look payments up by. */
  paymentId: string
  /** The card's brand as the provider names it (visa, jcb, amex, …) and its last four digits. */
  card: { brand: string; last4: string } | undefined
}

/** `completed`: the session was paid before it could be ended, so the registration is paid. */
export type ExpireOutcome = 'expired' | 'completed'

/**
 * A verified webhook event, reduced to what the registration lifecycle needs. `paid` and `expired` change a
 * registration; anything else is recorded and acknowledged.
 */
export interface PaymentEvent {
  /** The provider's event id (Stripe `evt_…`): each is applied once. */
  id: string
  type: string
  /** Epoch ms: when the provider created the event. */
  createdAt: number
  /** The checkout session the event is about, when it is about one. */
  sessionId: string | undefined
  effect: 'paid' | 'expired' | 'refunded' | 'refund_failed' | 'none'
  /** With `refunded`: the payment (Stripe `pi_…`) and how much of it is refunded in all so far. */
  refund?: { paymentId: string; amountRefundedJpy: number }
  /** With `refund_failed`: the refund the card could not take back after it was accepted. */
  failedRefund?: { refundId: string; amountJpy: number; registrationId: string | undefined }
}

/** A refund of all or part of a registration's payment. */
export interface RefundRequest {
  registrationId: string
  /** The session the registration was paid in: the provider finds the payment from it. */
  checkoutSessionId: string
  amountJpy: number
  /** The same key answers the same refund: one key per attempt (refund-schema.ts). */
  idempotencyKey: string
  /** Copied onto the refund, so it can be traced back (registration_id, attempt). */
  metadata: Record<string, string>
}

export interface ProviderRefund {
  /** Stripe's `re_…`. */
  refundId: string
  amountJpy: number
}

/**
 * The provider answered and refused the refund: nothing was refunded, so a new attempt may use a new key. Any
 * other failure (no answer, 5xx) leaves the outcome unknown, and the refund is retried with the same key.
 */
export class RefundRefusedError extends Error {
  override readonly name = 'RefundRefusedError'
}

/** The delivery is not from the provider: a missing, forged or stale signature, or a body that is not an event. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError'
}

/**
 * The seam between registrations and the payment provider: Stripe through the official SDK
 * (stripe-gateway.ts), against the Stripe emulator locally and Stripe in production; an in-memory stub for
 * tests of the registration lifecycle. The provider's webhooks reach the lifecycle (markPaid, markExpired in
 * services/registrations.ts) through payments/webhooks.ts.
 */
export interface PaymentGateway {
  /**
   * The shortest session the provider opens, in ms. When holds are configured shorter, the API ends each
   * session itself when its hold is released, so nobody pays for a spot that went back.
   */
  readonly minimumSessionMs: number
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>
  /** The payment of a paid session, for its receipt; throws when the provider cannot say (the mail waits). */
  paymentDetails(sessionId: string): Promise<PaymentDetails>
  /** Ends an open session; ending one that already ended is not an error. */
  expireCheckoutSession(sessionId: string): Promise<ExpireOutcome>
  /**
   * Checks a webhook delivery's signature on the raw body (and its age against `receivedAt`, epoch ms) and
   * reads the event; throws WebhookVerificationError when it is not the provider's.
   */
  verifyWebhook(rawBody: Uint8Array, signature: string | undefined, receivedAt: number): Promise<PaymentEvent>
  /** Refunds a paid session's payment; throws RefundRefusedError when the provider refuses. */
  refund(request: RefundRequest): Promise<ProviderRefund>
  /** The checkout session a payment (Stripe `pi_…`) was made in; undefined when the provider knows none. */
  checkoutSessionOfPayment(paymentId: string): Promise<string | undefined>
}
