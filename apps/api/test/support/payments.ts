import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { createApp } from '@furfes/stripe-emulator/src/app.ts'
import { Emulator, type EmulatorOptions } from '@furfes/stripe-emulator/src/emulator.ts'
import { type Cancel, SystemClock, systemScheduler } from '@furfes/stripe-emulator/src/time.ts'
import { getRequestListener } from '@hono/node-server'
import Stripe from 'stripe'
import { afterEach, beforeEach } from 'vitest'
import type { Database, DatabaseKind } from '../../src/db/database.ts'
import { createMemoryLogger, type Logger } from '../../src/logger.ts'
import type { PaymentGateway } from '../../src/payments/gateway.ts'
import { createStripeGateway } from '../../src/payments/stripe-gateway.ts'
import { paymentWebhookPath } from '../../src/payments/webhooks.ts'
import {
  createTestApi,
  listen,
  readResponse,
  type TestApi,
  type TestApiOptions,
  type TestClock,
  type TestResponse,
  useTestDatabase,
} from './harness.ts'
import { bind, closeServer } from './http.ts'

/*
 * The API and the Stripe emulator together, as `npm start` runs them but in one process on ephemeral loopback
 * ports: the API's Stripe gateway (the official SDK) talks to the emulator over real HTTP, and the emulator
 * posts its signed webhooks to the API's real HTTP server. One hand-moved clock drives both, so a test lets a
 * session expire without waiting.
 */

type MemoryLogger = ReturnType<typeof createMemoryLogger>

export const stripeSecretKey = 'sk_test_api_integration_0123456789'
export const stripeWebhookSecret = 'whsec_api_integration_secret'

/** One clock for the API (a callable TestClock) and the emulator (its Clock and Scheduler interfaces). */
export interface SharedTime {
  /** The API's clock: calling advance() also runs the emulator's timers that fall due (sweeps, retries). */
  clock: TestClock
  now(): number
  advance(ms: number): void
  schedule(delayMs: number, task: () => void): Cancel
}

export function createSharedTime(start = Date.parse('2025-03-01T10:00:00+09:00')): SharedTime {
  let now = start
  let sequence = 0
  const timers: { at: number; sequence: number; task: () => void }[] = []
  const advance = (ms: number) => {
    const target = now + ms
    for (;;) {
      const due = timers
        .filter((timer) => timer.at <= target)
        .sort((a, b) => a.at - b.at || a.sequence - b.sequence)[0]
      if (!due) break
      timers.splice(timers.indexOf(due), 1)
      now = Math.max(now, due.at)
      due.task()
    }
    now = target
  }
  const clock = Object.assign(() => now, {
    set: (epochMs: number) => advance(epochMs - now),
    advance,
  })
  return {
    clock,
    now: () => now,
    advance,
    schedule(delayMs, task) {
      const timer = { at: now + delayMs, sequence: sequence++, task }
      timers.push(timer)
      return () => {
        const index = timers.indexOf(timer)
        if (index >= 0) timers.splice(index, 1)
      }
    },
  }
}

/**
 * The API's Stripe gateway (the official SDK) talking to the emulator at `stripeUrl` on the shared clock; no
 * retries unless asked (production retries once).
 */
export function emulatedStripeGateway(
  stripeUrl: string,
  time: SharedTime,
  logger: Logger,
  maxNetworkRetries = 0,
): PaymentGateway {
  return createStripeGateway({
    secretKey: stripeSecretKey,
    webhookSecret: stripeWebhookSecret,
    apiUrl: stripeUrl,
    clock: time.clock,
    logger,
    maxNetworkRetries,
  })
}

/** An emulated Stripe account whose pages are at `stripeUrl`, on the shared clock. */
export function createEmulator(
  stripeUrl: string,
  time: SharedTime,
  options: Pick<EmulatorOptions, 'webhookUrl'> & Partial<EmulatorOptions>,
): Emulator {
  return new Emulator({
    baseUrl: stripeUrl,
    secretKey: stripeSecretKey,
    webhookSecret: stripeWebhookSecret,
    clock: time,
    scheduler: time,
    ...options,
  })
}

/** POSTs an event to the webhook route of the API at `apiUrl` as Stripe does; `null`: no Stripe-Signature header. */
export async function postWebhook(
  apiUrl: string,
  payload: string,
  signature: string | null,
): Promise<TestResponse> {
  return readResponse(
    await fetch(`${apiUrl}${paymentWebhookPath}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === null ? {} : { 'stripe-signature': signature }),
      },
      body: payload,
    }),
  )
}

export interface PaymentStack {
  sut: TestApi
  /** What the API and its gateway logged. */
  logger: MemoryLogger
  emulator: Emulator
  time: SharedTime
  /** The emulator's base URL (the SDK's host and port, and the hosted pages). */
  stripeUrl: string
  /** The API's real HTTP server, where the emulator sends webhooks. */
  apiUrl: string
  /** The real SDK against the emulator, as the test's own view of Stripe. */
  stripe: Stripe
  /** Resolves once no webhook delivery is in flight (instead of sleeping). */
  settled(): Promise<void>
  /** The shared clock in Stripe's whole seconds. */
  nowSeconds(): number
  /** A Stripe-Signature header for `payload`: the webhook secret (or another) at now (or another time). */
  signWebhook(payload: string, options?: { timestamp?: number; secret?: string }): string
  /** POSTs an event to the API's webhook route over HTTP as Stripe does; `null`: no Stripe-Signature header. */
  deliverWebhook(payload: string, signature?: string | null): Promise<TestResponse>
  /** The session's checkout.session.expired event, as Stripe would send it had the session expired unpaid. */
  expiredEvent(sessionId: string, createdAt?: number): string
  close(): Promise<void>
}

export interface PaymentStackOptions extends Omit<TestApiOptions, 'clock' | 'gateway' | 'logger'> {
  /**
   * How long a hold lasts when configured (CHECKOUT_SESSION_SECONDS); unset, the edition's (31 minutes in the
   * first edition).
   */
  checkoutSessionMs?: number
  /** false: the emulator records events but sends none, as when webhooks are not configured or lost. */
  webhooks?: boolean
}

export async function startPaymentStack(
  database: Database,
  options: PaymentStackOptions = {},
): Promise<PaymentStack> {
  const time = createSharedTime()
  // The emulator's port first: the API's gateway needs it, and the emulator needs the API's webhook URL.
  const stripeServer = createServer()
  const stripeUrl = await bind(stripeServer)
  const stripePort = Number(new URL(stripeUrl).port)
  const { overrides, checkoutSessionMs, webhooks, ...rest } = options
  const logger = createMemoryLogger()
  const sut = await createTestApi(database, {
    ...rest,
    logger,
    clock: time.clock,
    overrides: {
      paymentGateway: emulatedStripeGateway(stripeUrl, time, logger),
      // Unset, as in production: the harness's shorter configured hold gives way to the edition's.
      checkoutSessionMs,
      ...overrides,
    },
  })
  const api = await listen(sut.api)
  const emulator = createEmulator(stripeUrl, time, {
    webhookUrl: webhooks === false ? null : `${api.url}/webhooks/stripe`,
  })
  emulator.start()
  stripeServer.on('request', getRequestListener(createApp(emulator).fetch))
  const nowSeconds = () => Math.floor(time.now() / 1000)
  const signWebhook = (payload: string, options: { timestamp?: number; secret?: string } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? stripeWebhookSecret,
      timestamp: options.timestamp ?? nowSeconds(),
    })
  return {
    sut,
    logger,
    emulator,
    time,
    stripeUrl,
    apiUrl: api.url,
    stripe: new Stripe(stripeSecretKey, { host: '127.0.0.1', port: stripePort, protocol: 'http' }),
    settled: () => emulator.settled(),
    nowSeconds,
    signWebhook,
    deliverWebhook: (payload, signature = signWebhook(payload)) => postWebhook(api.url, payload, signature),
    expiredEvent: (sessionId, createdAt = nowSeconds()) =>
      JSON.stringify({
        id: `evt_test_${randomUUID().replaceAll('-', '')}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: createdAt,
        type: 'checkout.session.expired',
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: {
          object: { id: sessionId, object: 'checkout.session', status: 'expired', payment_status: 'unpaid' },
        },
      }),
    async close() {
      emulator.stop()
      await emulator.settled()
      await closeServer(stripeServer)
      await api.close()
    },
  }
}

/**
 * A payment stack each test starts itself, on `defaults` with its own options over them, over a database of the
 * file (see useTestDatabase), closed after the test: for files whose tests configure the stack differently.
 */
export function usePaymentStackStarter(kind: DatabaseKind, defaults: PaymentStackOptions = {}) {
  const database = useTestDatabase(kind)
  let current: PaymentStack | undefined
  afterEach(async () => {
    await current?.close()
    current = undefined
  })
  const start = async (options: PaymentStackOptions = {}) => {
    current = await startPaymentStack(database().database, { ...defaults, ...options })
    return current
  }
  return { database, start }
}

/**
 * The payment stack for each test of the file over a database of its own (see useTestDatabase), closed after
 * the test. What it answers always reaches the running test's stack; read it only inside tests and hooks.
 */
export function usePaymentStack(kind: DatabaseKind, options: PaymentStackOptions = {}): PaymentStack {
  const { start } = usePaymentStackStarter(kind, options)
  let current: PaymentStack | undefined
  beforeEach(async () => {
    current = await start()
  })
  afterEach(() => {
    current = undefined
  })
  return new Proxy({} as PaymentStack, {
    get(_, key) {
      if (!current) throw new Error('The payment stack runs only inside a test')
      return Reflect.get(current, key)
    },
  })
}

/** The checkout session a hosted payment page is for: the last segment of its address. */
export const sessionIdOfPaymentUrl = (paymentUrl: string) =>
  new URL(paymentUrl).pathname.split('/').at(-1) ?? ''

type Fetch = (request: Request) => Response | Promise<Response>

/**
 * The Stripe emulator on a loopback port of its own and on the wall clock, as `npm start` runs it beside API
 * processes, posting its webhooks to the API at `webhookBase`. `answer` may wrap how it answers (a test that
 * holds some requests back).
 */
export async function startWallClockStripe(
  webhookBase: string,
  answer: (emulator: Fetch) => Fetch = (emulator) => emulator,
): Promise<{ url: string; emulator: Emulator; close(): Promise<void> }> {
  const server = createServer()
  const url = await bind(server)
  const emulator = new Emulator({
    baseUrl: url,
    secretKey: stripeSecretKey,
    webhookSecret: stripeWebhookSecret,
    webhookUrl: `${webhookBase}${paymentWebhookPath}`,
    clock: new SystemClock(),
    scheduler: systemScheduler,
  })
  emulator.start()
  server.on('request', getRequestListener(answer(createApp(emulator).fetch)))
  return {
    url,
    emulator,
    async close() {
      emulator.stop()
      await emulator.settled()
      await closeServer(server)
    },
  }
}

export interface CardForm {
  card_number: string
  expiry?: string
  cvc?: string
  name?: string
  /** Asked for on the page when the session names no customer email (an upgrade's, decision 169). */
  email?: string
}

export const testCards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  jcb: '3566 0020 2036 0505',
} as const

/**
 * Pays on the emulator's hosted page as a person's browser does: opens the page, then POSTs its form
 * (application/x-www-form-urlencoded) to the same address without following the redirect.
 */
export async function payOnHostedPage(
  paymentUrl: string,
  card: CardForm,
): Promise<{ page: Response; status: number; location: string | null; html: string }> {
  const page = await fetch(paymentUrl, { headers: { 'accept-language': 'ja' } })
  await page.text()
  const form = new URLSearchParams({
    card_number: card.card_number,
    expiry: card.expiry ?? '12/34',
    cvc: card.cvc ?? '123',
    name: card.name ?? 'Kemo Fox',
    lang: 'ja',
    ...(card.email === undefined ? {} : { email: card.email }),
  })
  const response = await fetch(paymentUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  })
  const html = response.status === 303 ? '' : await response.text()
  return { page, status: response.status, location: response.headers.get('location'), html }
}
