import {
  type CardField,
  type CardInput,
  charge,
  checkCard,
  type Decline,
  type FieldProblem,
} from './cards.ts'
import { resourceMissing, StripeApiError } from './errors.ts'
import { newId } from './ids.ts'
import { type CreateSessionInput, isEmail, MAX_EXPIRY_SECONDS } from './params.ts'
import { type CreateRefundInput, type RefundRecord, refundObject } from './refunds.ts'
import {
  amountTotal,
  type ChargeRecord,
  chargeObject,
  checkoutSessionObject,
  type JsonObject,
  type SessionRecord,
} from './session.ts'
import { memoryStore, type StateStore } from './store.ts'
import { type Cancel, type Clock, type Scheduler, unixSeconds } from './time.ts'
import {
  type Delivery,
  defaultRetryDelaysMs,
  type PostWebhook,
  type StripeEvent,
  WebhookDispatcher,
} from './webhooks.ts'

/** The API version of the pinned `stripe` SDK; events carry it (a test keeps the two equal). */
export const API_VERSION = '2026-10-28.endive'

export interface EmulatorOptions {
  /** Public base URL of the emulator, used in each session's hosted page `url`. */
  baseUrl: string
  /** The one secret key the API accepts. */
  secretKey: string
  webhookSecret: string
  /** Webhook endpoint; null sends nothing (events are still recorded). */
  webhookUrl: string | null
  clock: Clock
  scheduler: Scheduler
  store?: StateStore
  retryDelaysMs?: readonly number[]
  /** How often the sweeper looks for sessions past their expires_at. */
  sweepIntervalMs?: number
  post?: PostWebhook
}

/** The API request that caused an event, as `event.request` reports it; null ids for the hosted page and timers. */
export interface RequestInfo {
  id: string | null
  idempotencyKey: string | null
}

const noRequest: RequestInfo = { id: null, idempotencyKey: null }

export type FormField = CardField | 'email'
export type FormProblem = FieldProblem | 'invalid_email'

export type PaymentResult =
  | { kind: 'paid'; session: SessionRecord }
  | { kind: 'invalid'; problems: Partial<Record<FormField, FormProblem>> }
  | { kind: 'declined'; decline: Decline }
  | { kind: 'closed'; session: SessionRecord }

export interface PaymentForm {
  card: CardInput
  /** Asked for on the page only when the session was created without customer_email. */
  email: string
}

/**
 * The emulated Stripe account: Checkout Sessions, their lifecycle (open → complete | expired) and the events
 * each transition sends. HTTP lives in app.ts; this class knows nothing about requests or HTML.
 */
export class Emulator {
  readonly #options: EmulatorOptions
  readonly #store: StateStore
  readonly #sessions = new Map<string, SessionRecord>()
  readonly #refunds = new Map<string, RefundRecord>()
  /** Refund requests still to refuse, armed by tests through `POST /_emulator/refunds/fail_next`. */
  #refundFailures = 0
  readonly #webhooks: WebhookDispatcher
  #stopSweeper: Cancel | null = null

  constructor(options: EmulatorOptions) {
    this.#options = options
    this.#store = options.store ?? memoryStore
    this.#webhooks = new WebhookDispatcher({
      url: options.webhookUrl,
      secret: options.webhookSecret,
      clock: options.clock,
      scheduler: options.scheduler,
      retryDelaysMs: options.retryDelaysMs ?? defaultRetryDelaysMs,
      ...(options.post ? { post: options.post } : {}),
      onChange: () => this.#save(),
    })
    const saved = this.#store.load()
    for (const session of saved?.sessions ?? []) this.#sessions.set(session.id, session)
    for (const refund of saved?.refunds ?? []) this.#refunds.set(refund.id, refund)
    this.#webhooks.restore(saved?.deliveries ?? [])
  }

  get baseUrl(): string {
    return this.#options.baseUrl
  }

  get secretKey(): string {
    return this.#options.secretKey
  }

  get webhookUrl(): string | null {
    return this.#webhooks.endpoint
  }

  now(): number {
    return this.#options.clock.now()
  }

  nowSeconds(): number {
    return unixSeconds(this.#options.clock)
  }

  /**
   * Resends deliveries a restart interrupted and expires sessions past their expires_at, now and then every
   * sweep interval until stop().
   */
  start(): void {
    this.#webhooks.resume()
    const interval = this.#options.sweepIntervalMs ?? 1000
    const tick = () => {
      this.sweep()
      this.#stopSweeper = this.#options.scheduler.schedule(interval, tick)
    }
    tick()
  }

  stop(): void {
    this.#stopSweeper?.()
    this.#stopSweeper = null
    this.#webhooks.stop()
  }

  /** Moves the clock forward and lets whatever is now due expire; answers the sessions that did. */
  advance(ms: number): SessionRecord[] {
    const open = [...this.#sessions.values()].filter((session) => session.status === 'open')
    this.#options.clock.advance(ms)
    this.sweep()
    return open.filter((session) => session.status === 'expired')
  }

  /** Expires every open session whose expires_at has passed, sending checkout.session.expired for each. */
  sweep(): SessionRecord[] {
    const now = this.nowSeconds()
    const due = [...this.#sessions.values()].filter(
      (session) => session.status === 'open' && session.expiresAt <= now,
    )
    for (const session of due) this.#expire(session, noRequest)
    return due
  }

  createSession(input: CreateSessionInput): SessionRecord {
    const created = this.nowSeconds()
    const session: SessionRecord = {
      id: newId('cs_test', 58),
      created,
      expiresAt: input.expiresAt ?? created + MAX_EXPIRY_SECONDS,
      mode: 'payment',
      currency: input.currency,
      status: 'open',
      paymentStatus: 'unpaid',
      customerEmail: input.customerEmail,
      clientReferenceId: input.clientReferenceId,
      metadata: input.metadata,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      locale: input.locale,
      paymentMethodTypes: input.paymentMethodTypes,
      allowedPaymentMethodTypes: input.allowedPaymentMethodTypes,
      lineItems: input.lineItems.map((item) => ({
        ...item,
        id: newId('li_test'),
        priceId: newId('price_test'),
        productId: newId('prod_test'),
      })),
      paymentIntent: null,
      customerDetails: null,
    }
    this.#sessions.set(session.id, session)
    this.#save()
    return session
  }

  /** The session, after expiring whatever is due, or undefined. */
  findSession(id: string): SessionRecord | undefined {
    this.sweep()
    return this.#sessions.get(id)
  }

  getSession(id: string): SessionRecord {
    const session = this.findSession(id)
    if (!session) throw resourceMissing('checkout.session', id)
    return session
  }

  expireSession(id: string, request: RequestInfo): SessionRecord {
    const session = this.getSession(id)
    if (session.status !== 'open') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
      })
    }
    this.#expire(session, request)
    return session
  }

  /** What the hosted page's Pay button does. */
  pay(id: string, form: PaymentForm): PaymentResult {
    const session = this.getSession(id)
    if (session.status !== 'open') return { kind: 'closed', session }
    const problems: Partial<Record<FormField, FormProblem>> = checkCard(form.card, new Date(this.now()))
    const email = session.customerEmail ?? form.email.trim()
    if (session.customerEmail === null && !isEmail(email)) problems.email = 'invalid_email'
    if (Object.keys(problems).length > 0) return { kind: 'invalid', problems }
    const outcome = charge(form.card.number)
    if (!outcome.paid) return { kind: 'declined', decline: outcome.decline }
    session.status = 'complete'
    session.paymentStatus = 'paid'
    session.paymentIntent = newId('pi_test')
    session.charge = {
      id: newId('ch_test'),
      paymentMethodId: newId('pm_test'),
      created: this.nowSeconds(),
      brand: outcome.brand,
      funding: outcome.funding,
      last4: outcome.last4,
    }
    session.customerDetails = { email, name: form.card.name.trim() }
    this.#save()
    this.#emit('checkout.session.completed', session, noRequest)
    return { kind: 'paid', session }
  }

  sessionObject(session: SessionRecord, expand: ReadonlySet<string> = new Set()): JsonObject {
    const latestCharge = expand.has('payment_intent.latest_charge')
    return checkoutSessionObject(session, {
      baseUrl: this.baseUrl,
      expandLineItems: expand.has('line_items'),
      ...(latestCharge || expand.has('payment_intent') ? { expandPaymentIntent: { latestCharge } } : {}),
    })
  }

  deliveries(): readonly Delivery[] {
    return this.#webhooks.deliveries()
  }

  /** Resolves when no webhook attempt is running (tests await it instead of sleeping). */
  settled(): Promise<void> {
    return this.#webhooks.settled()
  }

  /** Paid sessions whose payment intent is `paymentIntent` (`GET /v1/checkout/sessions?payment_intent=`). */
  sessionsOfPaymentIntent(paymentIntent: string): SessionRecord[] {
    return [...this.#sessions.values()].filter((session) => session.paymentIntent === paymentIntent)
  }

  /** The next `count` refund requests fail as a Stripe balance too low to cover them would make them fail. */
  failNextRefunds(count: number): void {
    this.#refundFailures += count
  }

  /**
   * Refunds all or part of a paid session's charge, up to what is left of it: `charge.refunded` (the charge
   * then) and `refund.created` (the refund) follow, in the session's order. `request` is null for a refund
   * made in the Dashboard.
   */
  createRefund(input: CreateRefundInput, request: RequestInfo): RefundRecord {
    const session = this.#paidSessionFor(input)
    const charge = session.charge as ChargeRecord
    if (this.#refundFailures > 0) {
      this.#refundFailures--
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'balance_insufficient',
        doc_url: 'https://stripe.com/docs/error-codes/balance-insufficient',
        message:
          'You have insufficient funds in your Stripe account for this refund. Your card balance is too low. (Stripe emulator: a failure armed with POST /_emulator/refunds/fail_next.)',
      })
    }
    const total = amountTotal(session)
    const left = total - (charge.amountRefunded ?? 0)
    if (left <= 0) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        doc_url: 'https://stripe.com/docs/error-codes/charge-already-refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      })
    }
    const amount = input.amount ?? left
    if (amount > left) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        param: 'amount',
        message: `Refund amount (¥${amount}) is greater than unrefunded amount on charge (¥${left})`,
      })
    }
    const refund: RefundRecord = {
      id: newId('re_test'),
      created: this.nowSeconds(),
      amount,
      currency: session.currency,
      chargeId: charge.id,
      paymentIntent: session.paymentIntent as string,
      sessionId: session.id,
      reason: input.reason,
      metadata: input.metadata,
      status: 'succeeded',
    }
    charge.amountRefunded = (charge.amountRefunded ?? 0) + amount
    this.#refunds.set(refund.id, refund)
    this.#save()
    this.#emitObject('charge.refunded', chargeObject(session, charge), session.id, request)
    this.#emitObject('refund.created', refundObject(refund), session.id, request)
    return refund
  }

  /**
   * A refund Stripe accepted fails afterwards, as one to a closed card does: the money stays with the account,
   * the charge counts it unrefunded again, and `refund.updated` then `refund.failed` follow (decision 112).
   */
  failRefund(id: string, request: RequestInfo): RefundRecord {
    const refund = this.getRefund(id)
    if (refund.status === 'failed') return refund
    refund.status = 'failed'
    refund.failureReason = 'expired_or_canceled_card'
    const session = this.#sessions.get(refund.sessionId)
    const charge = session?.charge
    if (charge) charge.amountRefunded = Math.max(0, (charge.amountRefunded ?? 0) - refund.amount)
    this.#save()
    this.#emitObject('refund.updated', refundObject(refund), refund.sessionId, request)
    this.#emitObject('refund.failed', refundObject(refund), refund.sessionId, request)
    return refund
  }

  getRefund(id: string): RefundRecord {
    const refund = this.#refunds.get(id)
    if (!refund) throw resourceMissing('refund', id)
    return refund
  }

  /** Newest first, as Stripe lists. */
  listRefunds(filter: { paymentIntent?: string; charge?: string }): RefundRecord[] {
    return [...this.#refunds.values()]
      .filter(
        (refund) =>
          (filter.paymentIntent === undefined || refund.paymentIntent === filter.paymentIntent) &&
          (filter.charge === undefined || refund.chargeId === filter.charge),
      )
      .reverse()
  }

  #paidSessionFor(input: CreateRefundInput): SessionRecord {
    const session = [...this.#sessions.values()].find(
      (candidate) =>
        (input.paymentIntent !== undefined && candidate.paymentIntent === input.paymentIntent) ||
        (input.charge !== undefined && candidate.charge?.id === input.charge),
    )
    if (!session?.charge) {
      throw input.paymentIntent !== undefined
        ? resourceMissing('payment_intent', input.paymentIntent, 'payment_intent', 400)
        : resourceMissing('charge', input.charge ?? '', 'charge', 400)
    }
    return session
  }

  #expire(session: SessionRecord, request: RequestInfo): void {
    session.status = 'expired'
    this.#save()
    this.#emit('checkout.session.expired', session, request)
  }

  #emit(type: string, session: SessionRecord, request: RequestInfo): void {
    this.#emitObject(type, this.sessionObject(session), session.id, request)
  }

  #emitObject(type: string, object: JsonObject, orderKey: string, request: RequestInfo): void {
    const event: StripeEvent = {
      id: newId('evt_test'),
      object: 'event',
      api_version: API_VERSION,
      created: this.nowSeconds(),
      data: { object },
      livemode: false,
      pending_webhooks: this.webhookUrl === null ? 0 : 1,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    }
    this.#webhooks.enqueue(event, orderKey)
  }

  #save(): void {
    this.#store.save({
      sessions: [...this.#sessions.values()],
      deliveries: [...this.#webhooks.deliveries()],
      refunds: [...this.#refunds.values()],
    })
  }
}
