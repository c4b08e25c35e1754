import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import {
  payWithTestCard,
  registrationCheckout,
  startEmulator,
  useEmulatorWithReceiver,
  WEBHOOK_SECRET,
} from './support/harness.ts'

const MINUTE = 60_000

describe('sessions expiring on their own', () => {
  const { sut, receiver } = useEmulatorWithReceiver({ sweepIntervalMs: 1_000 })

  // Signatures checked, timestamps not: some tests move the clock a day past the delivery.
  const received = () =>
    receiver.received.map((request) =>
      Stripe.webhooks.constructEvent(
        request.body,
        String(request.headers['stripe-signature']),
        WEBHOOK_SECRET,
        0,
      ),
    )

  it('expire at expires_at by the sweeper, sending checkout.session.expired', async () => {
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout())

    sut.time.advance(30 * MINUTE - 1_000)
    await sut.emulator.settled()
    expect(sut.emulator.findSession(session.id)?.status).toBe('open')
    expect(receiver.received).toHaveLength(0)

    sut.time.advance(1_000)
    await sut.emulator.settled()

    const events = received()
    expect(events.map((event) => event.type)).toEqual(['checkout.session.expired'])
    expect(events[0]?.data.object).toMatchObject({ id: session.id, status: 'expired', url: null })
    expect(events[0]?.request).toEqual({ id: null, idempotency_key: null })
    expect((await sut.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired')
  })

  it('leave paid sessions alone', async () => {
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout())
    await payWithTestCard(sut, session.id)

    sut.time.advance(24 * 60 * MINUTE)
    await sut.emulator.settled()

    expect(received().map((event) => event.type)).toEqual(['checkout.session.completed'])
    expect((await sut.stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete')
  })

  it('expire through POST /_emulator/advance, which answers the new time and what expired', async () => {
    const soon = await sut.stripe.checkout.sessions.create(registrationCheckout())
    const later = await sut.stripe.checkout.sessions.create(registrationCheckout({ expires_at: undefined }))

    const response = await sut.app.request('/_emulator/advance', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 30 * 60 }),
    })
    await sut.emulator.settled()

    expect(await response.json()).toEqual({ now: soon.expires_at, expired: [soon.id] })
    expect(received().map((event) => [event.type, (event.data.object as { id: string }).id])).toEqual([
      ['checkout.session.expired', soon.id],
    ])
    expect((await sut.stripe.checkout.sessions.retrieve(later.id)).status).toBe('open')
  })

  it('show the expired message on the hosted page once past expires_at', async () => {
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout())
    sut.time.advance(30 * MINUTE)

    const page = await (await sut.app.request(`/c/pay/${session.id}?lang=en`)).text()
    const payment = await payWithTestCard(sut, session.id)

    expect(page).toContain('This checkout session has expired')
    expect(page).not.toContain('<form')
    expect(payment.status).toBe(409)
  })

  it('refuses a malformed advance', async () => {
    const response = await sut.app.request('/_emulator/advance', { method: 'POST', body: '{"seconds":-5}' })

    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', param: 'seconds' },
    })
  })
})

describe('expiry between sweeps', () => {
  it('is applied as soon as the session is read, even before the sweeper runs', async () => {
    const sut = await startEmulator({ sweepIntervalMs: 60 * MINUTE })
    const session = await sut.stripe.checkout.sessions.create(registrationCheckout())

    sut.time.advance(30 * MINUTE)

    expect((await sut.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired')
    expect(sut.emulator.deliveries().map((delivery) => delivery.event.type)).toEqual([
      'checkout.session.expired',
    ])
    await sut.close()
  })
})
