import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import Stripe from 'stripe'
import { afterEach, beforeEach } from 'vitest'
import { createApp } from '../../src/app.ts'
import { Emulator, type EmulatorOptions } from '../../src/emulator.ts'
import { ManualTime, START } from './manual-time.ts'

export const SECRET_KEY = 'sk_test_emulator_tests_0123456789'
export const WEBHOOK_SECRET = 'whsec_emulator_tests_secret'

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return (server.address() as AddressInfo).port
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

export interface Running {
  baseUrl: string
  emulator: Emulator
  time: ManualTime
  app: ReturnType<typeof createApp>
  /** The real SDK, pointed at this emulator. */
  stripe: Stripe
  close(): Promise<void>
}

/** An emulator on an ephemeral loopback port, on a manual clock starting at START unless told otherwise. */
export async function startEmulator(options: Partial<EmulatorOptions> = {}): Promise<Running> {
  const server = createServer()
  const port = await listen(server)
  const baseUrl = `http://127.0.0.1:${port}`
  const time = new ManualTime(START)
  const emulator = new Emulator({
    baseUrl,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: null,
    clock: time,
    scheduler: time,
    sweepIntervalMs: 60_000,
    ...options,
  })
  emulator.start()
  const app = createApp(emulator)
  server.on('request', getRequestListener(app.fetch))
  const stripe = stripeClient(port, SECRET_KEY)
  return {
    baseUrl,
    emulator,
    time,
    app,
    stripe,
    close: async () => {
      emulator.stop()
      await emulator.settled()
      await close(server)
    },
  }
}

/**
 * Started before each test and stopped after it, so a file declares its emulator once instead of repeating a
 * variable, a beforeEach and an afterEach. Answers a getter for the running test's value.
 */
function perTest<T>(start: () => Promise<T>, stop: (value: T) => Promise<void>): () => T {
  let current: T | undefined
  beforeEach(async () => {
    current = await start()
  })
  afterEach(async () => {
    if (current !== undefined) await stop(current)
    current = undefined
  })
  return () => {
    if (current === undefined) throw new Error('The emulator runs only inside a test')
    return current
  }
}

/** A stand-in that always reaches the running test's object; read it only inside tests and hooks. */
function standIn<T extends object>(get: () => T): T {
  return new Proxy({} as T, { get: (_, key) => Reflect.get(get(), key) })
}

/** A fresh emulator for each test of the file, closed after it. */
export function useEmulator(options: Partial<EmulatorOptions> = {}): Running {
  return standIn(
    perTest(
      () => startEmulator(options),
      (sut) => sut.close(),
    ),
  )
}

/** A fresh emulator for each test, sending its webhooks to a fresh receiver; both closed after the test. */
export function useEmulatorWithReceiver(options: Partial<EmulatorOptions> = {}): {
  sut: Running
  receiver: Receiver
} {
  const both = perTest(
    async () => {
      const receiver = await startReceiver()
      return { receiver, sut: await startEmulator({ webhookUrl: receiver.url, ...options }) }
    },
    async ({ sut, receiver }) => {
      await sut.close()
      await receiver.close()
    },
  )
  return { sut: standIn(() => both().sut), receiver: standIn(() => both().receiver) }
}

/** Configured as the API will configure it, with only the host changed. */
export const stripeClient = (port: number, key: string): Stripe =>
  new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 })

interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  body: string
}

export interface Receiver {
  url: string
  received: ReceivedWebhook[]
  /** Statuses to answer with, one per request, before answering 200. */
  failWith(...statuses: number[]): void
  close(): Promise<void>
}

/**
 * A webhook endpoint that records the raw body and headers of everything POSTed to it; on an ephemeral port
 * unless given the port of an earlier receiver.
 */
export async function startReceiver(port = 0): Promise<Receiver> {
  const statuses: number[] = []
  const received: ReceivedWebhook[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.statusCode = statuses.shift() ?? 200
      response.end('{}')
    })
  })
  const bound = await listen(server, port)
  return {
    url: `http://127.0.0.1:${bound}/webhooks/stripe`,
    received,
    failWith: (...next) => statuses.push(...next),
    close: () => close(server),
  }
}

/** Pays a session on the hosted page with the test card that succeeds, as a participant would. */
export const payWithTestCard = async (sut: Running, sessionId: string): Promise<Response> =>
  sut.app.request(`/c/pay/${sessionId}`, {
    method: 'POST',
    body: new URLSearchParams({ card_number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Fox' }),
  })

/**
 * A delivered webhook checked as the API checks it: the signature with the emulator's secret, the timestamp
 * against `receivedAt` within Stripe's default five minutes.
 */
export const verifyWebhook = (body: string, header: string | string[] | undefined, receivedAt: number) =>
  Stripe.webhooks.constructEvent(body, String(header), WEBHOOK_SECRET, 300, undefined, receivedAt)

/** A Checkout Session as the API will create one for a registration. */
export const registrationCheckout = (
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [
    {
      price_data: {
        currency: 'jpy',
        unit_amount: 3000,
        product_data: { name: 'FurFes 2026 member registration' },
      },
      quantity: 1,
    },
  ],
  customer_email: 'fox@example.com',
  client_reference_id: 'registration-1',
  metadata: { registration_id: 'registration-1', tier: 'member' },
  success_url: 'http://localhost:5173/registration/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://localhost:5173/registration/cancel',
  expires_at: Math.floor(START / 1000) + 30 * 60,
  ...overrides,
})
