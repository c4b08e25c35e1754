import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { SystemClock, systemScheduler } from '../src/time.ts'
import {
  payWithTestCard,
  registrationCheckout,
  startEmulator,
  startReceiver,
  useEmulatorWithReceiver,
  verifyWebhook,
  WEBHOOK_SECRET,
} from './support/harness.ts'

describe('webhooks', () => {
  const { sut, receiver } = useEmulatorWithReceiver({ retryDelaysMs: [1_000, 5_000, 25_000] })

  it('sends checkout.session.completed on payment, signed so that stripe.webhooks.constructEvent accepts it', async () => {
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout())

    await payWithTestCard(sut, session.id)
    await sut.emulator.settled()

    expect(receiver.received).toHaveLength(1)
    const [delivery] = receiver.received
    expect(delivery?.headers['content-type']).toBe('application/json; charset=utf-8')
    const event = verifyWebhook(delivery?.body ?? '', delivery?.headers['stripe-signature'], sut.time.now())
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      api_version: Stripe.API_VERSION,
      livemode: false,
      created: Math.floor(sut.time.now() / 1000),
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          status: 'complete',
          payment_status: 'paid',
          client_reference_id: 'registration-1',
          metadata: { registration_id: 'registration-1', tier: 'member' },
          amount_total: 3000,
        },
      },
    })
    expect(event.id).toMatch(/^evt_/)
  })

  it('is refused by constructEvent with another secret or a changed body', async () => {
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout())
    await payWithTestCard(sut, session.id)
    await sut.emulator.settled()
    const [delivery] = receiver.received
    const header = String(delivery?.headers['stripe-signature'])

    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(() =>
      Stripe.webhooks.constructEvent(
        delivery?.body ?? '',
        header,
        'whsec_other',
        300,
        undefined,
        sut.time.now(),
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError)
    expect(() => verifyWebhook(`${delivery?.body} `, header, sut.time.now())).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
  })

  it('sends checkout.session.expired when the API expires a session, naming that request', async () => {
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout())

    const expired = await sut.stripe.checkout.sessions.expire(
      session.id,
      {},
      { idempotencyKey: 'cancel-reg-1' },
    )
    await sut.emulator.settled()

    const event = verifyWebhook(
      receiver.received[0]?.body ?? '',
      receiver.received[0]?.headers['stripe-signature'],
      sut.time.now(),
    )
    expect(event.type).toBe('checkout.session.expired')
    expect(event.data.object).toMatchObject({ id: session.id, status: 'expired', payment_status: 'unpaid' })
    expect(event.request).toEqual({ id: expired.lastResponse.requestId, idempotency_key: 'cancel-reg-1' })
  })

  it('retries a failing endpoint with growing delays until it answers 2xx, re-signing each attempt', async () => {
    receiver.failWith(500, 503)
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout())

    await payWithTestCard(sut, session.id)
    await sut.emulator.settled()
    expect(receiver.received).toHaveLength(1)

    sut.time.advance(999)
    await sut.emulator.settled()
    expect(receiver.received).toHaveLength(1)

    sut.time.advance(1)
    await sut.emulator.settled()
    expect(receiver.received).toHaveLength(2)

    sut.time.advance(5_000)
    await sut.emulator.settled()
    expect(receiver.received).toHaveLength(3)

    const bodies = receiver.received.map((request) => JSON.parse(request.body) as { id: string })
    expect(new Set(bodies.map((body) => body.id)).size).toBe(1)
    const last = receiver.received[2]
    expect(verifyWebhook(last?.body ?? '', last?.headers['stripe-signature'], sut.time.now()).type).toBe(
      'checkout.session.completed',
    )
    const timestamps = receiver.received.map(
      (request) => /t=(\d+)/.exec(String(request.headers['stripe-signature']))?.[1],
    )
    expect(timestamps).toEqual(
      [0, 1, 6].map((seconds) => String(Math.floor(sut.time.now() / 1000) - 6 + seconds)),
    )

    const log = await (await sut.app.request('/_emulator/events')).json()
    expect(log.webhook_url).toBe(receiver.url)
    expect(log.data[0]).toMatchObject({
      type: 'checkout.session.completed',
      session: session.id,
      delivery: {
        state: 'delivered',
        next_attempt_at: null,
        attempts: [
          { status: 500, error: null },
          { status: 503, error: null },
          { status: 200, error: null },
        ],
      },
    })
  })

  it('gives up after the last retry and records the failure', async () => {
    receiver.failWith(500, 500, 500, 500)
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout())

    await payWithTestCard(sut, session.id)
    for (const delay of [0, 1_000, 5_000, 25_000, 125_000]) {
      sut.time.advance(delay)
      await sut.emulator.settled()
    }

    expect(receiver.received).toHaveLength(4)
    const [delivery] = sut.emulator.deliveries()
    expect(delivery?.state).toBe('failed')
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([500, 500, 500, 500])
  })
})

describe('webhooks to an endpoint that is down', () => {
  it('records the network error and retries until the endpoint is up', async () => {
    // Nothing listens on this port until the receiver comes back on it.
    const before = await startReceiver()
    await before.close()
    const sut = await startEmulator({ webhookUrl: before.url, retryDelaysMs: [1_000] })
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout())

    await payWithTestCard(sut, session.id)
    await sut.emulator.settled()
    const up = await startReceiver(Number(new URL(before.url).port))
    sut.time.advance(1_000)
    await sut.emulator.settled()

    const [delivery] = sut.emulator.deliveries()
    expect(delivery?.attempts[0]).toMatchObject({
      status: null,
      error: expect.stringContaining('fetch failed'),
    })
    expect(delivery?.state).toBe('delivered')
    expect(up.received).toHaveLength(1)
    await sut.close()
    await up.close()
  })
})

describe('webhooks without an endpoint', () => {
  it('records events at /_emulator/events without sending them', async () => {
    const sut = await startEmulator({ webhookUrl: null })
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout())

    await sut.stripe.checkout.sessions.expire(session.id)

    const log = await (await sut.app.request('/_emulator/events')).json()
    expect(log.webhook_url).toBeNull()
    expect(log.data).toEqual([
      expect.objectContaining({
        type: 'checkout.session.expired',
        delivery: { state: 'no_endpoint', attempts: [], next_attempt_at: null },
        event: expect.objectContaining({ pending_webhooks: 0 }),
      }),
    ])
    await sut.close()
  })
})

describe('webhooks on the wall clock, as `npm start` runs the emulator', () => {
  it('are accepted by constructEvent with its default tolerance', async () => {
    const receiver = await startReceiver()
    const clock = new SystemClock()
    const sut = await startEmulator({ webhookUrl: receiver.url, clock, scheduler: systemScheduler })
    const session = await sut.stripe.checkout.sessions.create(
      registrationCheckout({ expires_at: Math.floor(clock.now() / 1000) + 3600 }),
    )

    await payWithTestCard(sut, session.id)
    await sut.emulator.settled()

    const [delivery] = receiver.received
    const event = Stripe.webhooks.constructEvent(
      delivery?.body ?? '',
      String(delivery?.headers['stripe-signature']),
      WEBHOOK_SECRET,
    )
    expect(event.type).toBe('checkout.session.completed')
    await sut.close()
    await receiver.close()
  })
})
