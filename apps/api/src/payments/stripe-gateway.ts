import { coreResources } from '@furfes/core'
import Stripe from 'stripe'
import type { Logger } from '../logger.ts'
import {
  type ExpireOutcome,
  type PaymentEvent,
  type PaymentGateway,
  RefundRefusedError,
  WebhookVerificationError,
} from './gateway.ts'

/**
 * Stripe's shortest Checkout Session is 30 minutes from creation, checked to the second on Stripe's clock. One
 * more minute covers the time the request takes and any skew between our clock and Stripe's (decision 031).
 */
const stripeMinimumSessionMs = 31 * 60 * 1000
/** A signature older than this is refused (Stripe's default tolerance and what it recommends). */
const webhookToleranceSeconds = 300

export interface StripeGatewayOptions {
  secretKey: string
  webhookSecret: string
  /** Where the API is: the Stripe emulator locally; unset is Stripe itself (https://api.stripe.com). */
  apiUrl: string | undefined
  clock: () => number
  logger: Logger
  /** Per request; the SDK retries connection errors, 409, 429 and 5xx with the same idempotency key. */
  timeoutMs?: number
  maxNetworkRetries?: number
}

/** The SDK's host, port and protocol for a base URL: the only difference between the emulator and Stripe. */
export function stripeHostConfig(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (apiUrl === undefined) return {}
  const url = new URL(apiUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return {
    host: url.hostname,
    port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port),
    protocol,
  }
}

/**
 * The line item Stripe shows on its checkout page, in the page's language; the tier's label is core's
 * (`domain.registrationTier`), the same the PWA shows.
 */
const productName: Record<'ja' | 'en', (tierLabel: string) => string> = {
  ja: (tierLabel) => `参加登録（${tierLabel}）`,
  en: (tierLabel) => `Registration (${tierLabel})`,
}

const paidEvents = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])
const endedEvents = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed'])

/** What an event means for the registration its session belongs to. */
function effectOf(event: Stripe.Event): PaymentEvent['effect'] {
  if (event.type === 'charge.refunded') return 'refunded'
  // `refund.updated` carries the same news first; acting on `refund.failed` alone reports it once.
  if (event.type === 'refund.failed') return 'refund_failed'
  if (!event.type.startsWith('checkout.session.')) return 'none'
  const session = event.data.object as Stripe.Checkout.Session
  // `completed` with `unpaid` is an asynchronous method still settling: async_payment_succeeded follows.
  if (paidEvents.has(event.type)) return session.payment_status === 'paid' ? 'paid' : 'none'
  if (endedEvents.has(event.type)) return 'expired'
  return 'none'
}

function failedRefundOf(refund: Stripe.Refund): NonNullable<PaymentEvent['failedRefund']> {
  return { refundId: refund.id, amountJpy: refund.amount, registrationId: refund.metadata?.registration_id }
}

/**
 * Payments through Stripe Checkout with the official SDK: the Stripe emulator in development and tests, Stripe
 * in production, changed by STRIPE_API_URL and the keys only (decision 031).
 */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    ...stripeHostConfig(options.apiUrl),
    timeout: options.timeoutMs ?? 5_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    appInfo: { name: 'furfes-api' },
  })
  const { logger } = options

  async function retrieveOutcome(sessionId: string): Promise<ExpireOutcome> {
    const session = await stripe.checkout.sessions.retrieve(sessionId)
    if (session.status === 'complete' && session.payment_status === 'paid') return 'completed'
    if (session.status === 'open') throw new Error(`Checkout Session ${sessionId} is still open`)
    return 'expired'
  }

  return {
    minimumSessionMs: stripeMinimumSessionMs,

    async createCheckoutSession(request) {
      const now = options.clock()
      // The hold may be configured shorter than Stripe allows; the session then lasts Stripe's minimum and the
      // API ends it when the hold is released (registrations.ts).
      const expiresAtSeconds = Math.floor(Math.max(request.expiresAt, now + stripeMinimumSessionMs) / 1000)
      const tierLabel = coreResources[request.locale].domain.registrationTier[request.registrationTier]
      const { addon } = request
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              price_data: {
                currency: 'jpy',
                // JPY has no minor unit: the amount is in yen.
                unit_amount: request.amountJpy,
                product_data: { name: addon?.name[request.locale] ?? productName[request.locale](tierLabel) },
              },
              quantity: 1,
            },
          ],
          // Cards only (the spec's brands, debit and prepaid included): a paid session is paid at once.
          allowed_payment_method_types: ['card'],
          ...(request.customerEmail === undefined ? {} : { customer_email: request.customerEmail }),
          client_reference_id: addon?.purchaseId ?? request.registrationId,
          metadata: request.metadata,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          locale: request.locale,
          expires_at: expiresAtSeconds,
        },
        // A retried request (timeout, 5xx) returns the same session instead of opening a second one. An add-on's
        // or an upgrade's session is another payment of the registration (decisions 178, 169): its own key, or
        // Stripe refuses it as the registration's key reused with other parameters.
        {
          idempotencyKey: addon
            ? `addon-checkout-${addon.purchaseId}`
            : request.metadata.tier_change === undefined
              ? `registration-checkout-${request.registrationId}`
              : `tier-change-checkout-${request.metadata.tier_change}`,
        },
      )
      if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`)
      return {
        sessionId: session.id,
        url: session.url,
        expiresAt: Math.min(session.expires_at * 1000, request.expiresAt),
      }
    },

    async paymentDetails(sessionId) {
      // One request: the session with its PaymentIntent and that intent's charge, which holds the card.
      const session = await stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['payment_intent.latest_charge'],
      })
      const intent = session.payment_intent
      if (intent === null) throw new Error(`Checkout Session ${sessionId} has no payment`)
      if (typeof intent === 'string') return { paymentId: intent, card: undefined }
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null
      const card = charge?.payment_method_details?.card
      return {
        paymentId: intent.id,
        card: card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : undefined,
      }
    },

    async expireCheckoutSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId)
        return 'expired'
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
        if (error.code === 'resource_missing') {
          // Not this account's session (keys changed, emulator state wiped): nobody can pay it here.
          logger.warn('Stripe does not know the Checkout Session; treating it as expired', { sessionId })
          return 'expired'
        }
        // Stripe answers 400 when the session is no longer open: it completed or expired meanwhile.
        const outcome = await retrieveOutcome(sessionId)
        logger.debug('Checkout Session had already ended', { sessionId, outcome })
        return outcome
      }
    },

    async verifyWebhook(rawBody, signature, receivedAt) {
      if (signature === undefined || signature === '') {
        throw new WebhookVerificationError('No Stripe-Signature header')
      }
      let event: Stripe.Event
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          options.webhookSecret,
          webhookToleranceSeconds,
          undefined,
          receivedAt,
        )
      } catch (error) {
        throw new WebhookVerificationError(error instanceof Error ? error.message : String(error))
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
        throw new WebhookVerificationError('The body is not a Stripe event')
      }
      const object = event.data.object as { object?: string; id?: string }
      const effect = effectOf(event)
      const charge = effect === 'refunded' ? (event.data.object as Stripe.Charge) : undefined
      const paymentId =
        typeof charge?.payment_intent === 'string' ? charge.payment_intent : charge?.payment_intent?.id
      return {
        id: event.id,
        type: event.type,
        createdAt: event.created * 1000,
        sessionId: object.object === 'checkout.session' ? object.id : undefined,
        effect: effect === 'refunded' && !paymentId ? 'none' : effect,
        ...(charge && paymentId ? { refund: { paymentId, amountRefundedJpy: charge.amount_refunded } } : {}),
        ...(effect === 'refund_failed'
          ? { failedRefund: failedRefundOf(event.data.object as Stripe.Refund) }
          : {}),
      }
    },

    async refund(request) {
      const session = await stripe.checkout.sessions.retrieve(request.checkoutSessionId)
      const paymentIntent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id
      if (!paymentIntent) throw new RefundRefusedError(`Checkout Session ${session.id} has no payment`)
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            // JPY has no minor unit: the amount is in yen.
            amount: request.amountJpy,
            reason: 'requested_by_customer',
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        )
        return { refundId: refund.id, amountJpy: refund.amount }
      } catch (error) {
        // A 4xx answer is Stripe's refusal: nothing was refunded. Anything else may have refunded.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          throw new RefundRefusedError(error.message)
        }
        throw error
      }
    },

    async checkoutSessionOfPayment(paymentId: string): Promise<string | undefined> {
      const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentId, limit: 1 })
      return sessions.data[0]?.id
    },
  }
}
