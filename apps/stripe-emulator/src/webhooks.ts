import { createHmac } from 'node:crypto'
import { type Clock, type Scheduler, unixSeconds } from './time.ts'

/** `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint secret>`. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')
  return `t=${timestamp},v1=${signature}`
}

export interface StripeEvent {
  id: string
  object: 'event'
  api_version: string
  created: number
  data: { object: unknown }
  livemode: false
  pending_webhooks: number
  request: { id: string | null; idempotency_key: string | null }
  type: string
}

interface DeliveryAttempt {
  /** Unix seconds. */
  at: number
  /** The endpoint's HTTP status, or null when the request failed before one arrived. */
  status: number | null
  error: string | null
}

export interface Delivery {
  event: StripeEvent
  /** Deliveries with the same key go out in order: one session's events never overtake each other. */
  orderKey: string
  /** `no_endpoint`: STRIPE_WEBHOOK_URL is empty, so the event is only recorded. */
  state: 'pending' | 'delivered' | 'failed' | 'no_endpoint'
  attempts: DeliveryAttempt[]
  /** Unix seconds of the next scheduled retry, while one is scheduled. */
  nextAttemptAt: number | null
}

export type PostWebhook = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number }>

const postWithFetch: PostWebhook = async (url, body, headers) => {
  // Stripe counts a redirect as a failure, so redirects are not followed.
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  })
  await response.body?.cancel()
  return { status: response.status }
}

export interface DispatcherOptions {
  /** Where events go; null records them without sending. */
  url: string | null
  secret: string
  clock: Clock
  scheduler: Scheduler
  /** Delay before each retry: its length is the number of retries after the first attempt. */
  retryDelaysMs: readonly number[]
  post?: PostWebhook
  /** Called whenever a delivery changes, so the state can be saved. */
  onChange?: () => void
}

/** Default retry schedule: seven retries over about two minutes (Stripe spreads its own over three days). */
export const defaultRetryDelaysMs: readonly number[] = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000]

/**
 * Sends events to the webhook endpoint, signed as Stripe signs them. A failed attempt (non-2xx or no
 * response) is retried after growing delays; a later event for the same session waits for the earlier one.
 */
export class WebhookDispatcher {
  readonly #options: DispatcherOptions
  readonly #post: PostWebhook
  readonly #deliveries: Delivery[] = []
  /** Per order key: the deliveries not yet finished, oldest first. */
  readonly #queues = new Map<string, Delivery[]>()
  readonly #busy = new Set<string>()
  readonly #inFlight = new Set<Promise<void>>()
  readonly #cancels = new Map<Delivery, () => void>()

  constructor(options: DispatcherOptions) {
    this.#options = options
    this.#post = options.post ?? postWithFetch
  }

  get endpoint(): string | null {
    return this.#options.url
  }

  /** Every delivery, oldest first. */
  deliveries(): readonly Delivery[] {
    return this.#deliveries
  }

  enqueue(event: StripeEvent, orderKey: string): Delivery {
    const delivery: Delivery = {
      event,
      orderKey,
      state: this.#options.url === null ? 'no_endpoint' : 'pending',
      attempts: [],
      nextAttemptAt: null,
    }
    this.#track(delivery)
    return delivery
  }

  /** Takes back deliveries saved before a restart; resume() sends the pending ones again. */
  restore(deliveries: readonly Delivery[]): void {
    for (const saved of deliveries) {
      const delivery: Delivery = { ...saved, nextAttemptAt: null }
      if (delivery.state === 'pending' && this.#options.url === null) delivery.state = 'no_endpoint'
      this.#deliveries.push(delivery)
      if (delivery.state === 'pending') this.#queue(delivery)
    }
  }

  resume(): void {
    for (const orderKey of this.#queues.keys()) this.#pump(orderKey)
  }

  /** Resolves once no attempt is running; scheduled retries do not count. */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight])
  }

  stop(): void {
    for (const cancel of this.#cancels.values()) cancel()
    this.#cancels.clear()
  }

  #track(delivery: Delivery): void {
    this.#deliveries.push(delivery)
    if (delivery.state === 'pending') {
      this.#queue(delivery)
      this.#pump(delivery.orderKey)
    }
    this.#options.onChange?.()
  }

  #queue(delivery: Delivery): void {
    const queue = this.#queues.get(delivery.orderKey) ?? []
    queue.push(delivery)
    this.#queues.set(delivery.orderKey, queue)
  }

  #pump(orderKey: string): void {
    if (this.#busy.has(orderKey)) return
    const head = this.#queues.get(orderKey)?.[0]
    if (!head) {
      this.#queues.delete(orderKey)
      return
    }
    this.#busy.add(orderKey)
    const attempt = this.#attempt(head).finally(() => this.#inFlight.delete(attempt))
    this.#inFlight.add(attempt)
  }

  async #attempt(delivery: Delivery): Promise<void> {
    const url = this.#options.url
    if (url === null) return
    const payload = JSON.stringify(delivery.event, null, 2)
    const timestamp = unixSeconds(this.#options.clock)
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-cache',
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'Stripe-Signature': signatureHeader(payload, this.#options.secret, timestamp),
    }
    let result: DeliveryAttempt
    try {
      const { status } = await this.#post(url, payload, headers)
      result = { at: timestamp, status, error: null }
    } catch (error) {
      result = { at: timestamp, status: null, error: describe(error) }
    }
    delivery.attempts.push(result)
    const succeeded = result.status !== null && result.status >= 200 && result.status < 300
    const retryDelay = this.#options.retryDelaysMs[delivery.attempts.length - 1]
    if (succeeded || retryDelay === undefined) {
      delivery.state = succeeded ? 'delivered' : 'failed'
      delivery.nextAttemptAt = null
      this.#queues.get(delivery.orderKey)?.shift()
      this.#busy.delete(delivery.orderKey)
      this.#options.onChange?.()
      this.#pump(delivery.orderKey)
      return
    }
    delivery.nextAttemptAt = unixSeconds(this.#options.clock) + Math.ceil(retryDelay / 1000)
    this.#options.onChange?.()
    const cancel = this.#options.scheduler.schedule(retryDelay, () => {
      this.#cancels.delete(delivery)
      this.#busy.delete(delivery.orderKey)
      this.#pump(delivery.orderKey)
    })
    this.#cancels.set(delivery, cancel)
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
    return `${error.message}${cause}`
  }
  return String(error)
}
