import { randomUUID } from 'node:crypto'
import {
  type CheckoutSession,
  type CheckoutSessionRequest,
  type PaymentGateway,
  type ProviderRefund,
  RefundRefusedError,
  type RefundRequest,
  WebhookVerificationError,
} from './gateway.ts'

interface StubCheckoutSession extends CheckoutSession {
  request: CheckoutSessionRequest
  status: 'open' | 'complete' | 'expired'
}

/**
 * A payment provider in memory, for the tests of the registration lifecycle. Its payment page is the PWA's
 * dashboard: nobody can actually pay, and it sends no webhooks. Tests mark sessions paid with `complete`.
 * Everything that runs the API for real (`npm start`, e2e, benchmarks, production) uses the Stripe gateway.
 */
export interface StubPaymentGateway extends PaymentGateway {
  readonly sessions: ReadonlyMap<string, StubCheckoutSession>
  /** The user paid: the session completes (the caller then runs markPaid, as a webhook would). */
  complete(sessionId: string): StubCheckoutSession
  /** Makes the next createCheckoutSession calls fail, as an unreachable provider would. */
  failNext(count?: number): void
  /** While down, every call fails as an unreachable provider's would (nothing changes at the provider). */
  setDown(down: boolean): void
  /**
   * The user paid just before the session ended (the provider's events crossed): the session completes even
   * though the API already ended it.
   */
  completeLate(sessionId: string): StubCheckoutSession
  /** Every refund made, by idempotency key: a key sent again answers its refund and refunds nothing more. */
  readonly refunds: ReadonlyMap<string, ProviderRefund & { request: RefundRequest }>
  /** The next refund requests are refused, as a provider refuses one (nothing refunded). */
  refuseNextRefunds(count?: number): void
  /** The next refund requests refund, then fail as a lost answer would (the outcome looks unknown). */
  loseNextRefundAnswers(count?: number): void
}

export function createStubPaymentGateway(options: { pwaUrl: string }): StubPaymentGateway {
  const sessions = new Map<string, StubCheckoutSession>()
  let failures = 0
  let down = false
  const reachable = () => {
    if (down) throw new Error('Stub payment provider: unreachable')
  }
  let refusals = 0
  let lostAnswers = 0
  const refunds = new Map<string, ProviderRefund & { request: RefundRequest }>()
  const find = (sessionId: string) => {
    const session = sessions.get(sessionId)
    if (!session) throw new Error(`No checkout session ${sessionId}`)
    return session
  }
  return {
    sessions,
    minimumSessionMs: 0,
    async createCheckoutSession(request) {
      reachable()
      if (failures > 0) {
        failures--
        throw new Error('Stub payment provider: unavailable')
      }
      const sessionId = `cs_stub_${randomUUID().replaceAll('-', '')}`
      const url = new URL('/ja/mypage/dashboard', options.pwaUrl)
      url.searchParams.set('checkout_session_id', sessionId)
      const session: StubCheckoutSession = {
        sessionId,
        url: url.href,
        expiresAt: request.expiresAt,
        request,
        status: 'open',
      }
      sessions.set(sessionId, session)
      return { sessionId, url: session.url, expiresAt: session.expiresAt }
    },
    async paymentDetails(sessionId) {
      reachable()
      const session = find(sessionId)
      if (session.status !== 'complete') throw new Error(`Checkout session ${sessionId} is not paid`)
      return { paymentId: `pi_stub_${sessionId.slice(-12)}`, card: { brand: 'visa', last4: '4242' } }
    },
    async expireCheckoutSession(sessionId) {
      reachable()
      // Sessions from before a restart are gone, as if they had expired.
      const session = sessions.get(sessionId)
      if (!session) return 'expired'
      if (session.status === 'complete') return 'completed'
      session.status = 'expired'
      return 'expired'
    },
    async verifyWebhook() {
      throw new WebhookVerificationError('The stub payment provider sends no webhooks')
    },
    complete(sessionId) {
      const session = find(sessionId)
      if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status}`)
      session.status = 'complete'
      return session
    },
    failNext(count = 1) {
      failures += count
    },
    setDown(value) {
      down = value
    },
    completeLate(sessionId) {
      const session = find(sessionId)
      session.status = 'complete'
      return session
    },
    refunds,
    async refund(request) {
      reachable()
      const known = refunds.get(request.idempotencyKey)
      if (known) return { refundId: known.refundId, amountJpy: known.amountJpy }
      const session = find(request.checkoutSessionId)
      if (session.status !== 'complete')
        throw new RefundRefusedError(`Checkout session ${session.sessionId} is not paid`)
      if (refusals > 0) {
        refusals--
        throw new RefundRefusedError('Stub payment provider: refund refused')
      }
      // As Stripe does, a payment is never refunded beyond what it captured, whoever refunded the rest (the
      // Dashboard, another key).
      let refunded = 0
      for (const made of refunds.values()) {
        if (made.request.checkoutSessionId === session.sessionId) refunded += made.amountJpy
      }
      const left = session.request.amountJpy - refunded
      if (request.amountJpy > left) {
        throw new RefundRefusedError(
          `Stub payment provider: only ${left} JPY of the payment is left to refund`,
        )
      }
      const refund = { refundId: `re_stub_${randomUUID().replaceAll('-', '')}`, amountJpy: request.amountJpy }
      refunds.set(request.idempotencyKey, { ...refund, request })
      if (lostAnswers > 0) {
        lostAnswers--
        throw new Error('Stub payment provider: the answer was lost')
      }
      return refund
    },
    async checkoutSessionOfPayment(paymentId) {
      return [...sessions.keys()].find((sessionId) => `pi_stub_${sessionId.slice(-12)}` === paymentId)
    },
    refuseNextRefunds(count = 1) {
      refusals += count
    },
    loseNextRefundAnswers(count = 1) {
      lostAnswers += count
    },
  }
}
