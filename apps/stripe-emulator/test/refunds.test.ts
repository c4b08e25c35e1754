import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import {
  payWithTestCard,
  type Running,
  registrationCheckout,
  SECRET_KEY,
  useEmulatorWithReceiver,
  verifyWebhook,
} from './support/harness.ts'

/** A session paid on the hosted page with the success test card; answers its payment intent id. */
async function paidPaymentIntent(sut: Running): Promise<string> {
  const session = await sut.stripe.checkout.sessions.create(registrationCheckout())
  await payWithTestCard(sut, session.id)
  const paid = await sut.stripe.checkout.sessions.retrieve(session.id)
  return String(paid.payment_intent)
}

describe('refunds through the official SDK', () => {
  const { sut, receiver } = useEmulatorWithReceiver()

  const eventsOf = async () => {
    await sut.emulator.settled()
    return receiver.received.map((delivery) =>
      verifyWebhook(delivery.body, delivery.headers['stripe-signature'], sut.time.now()),
    )
  }

  it('refunds the whole charge when no amount is given, and sends charge.refunded and refund.created signed', async () => {
    const paymentIntent = await paidPaymentIntent(sut)

    const refund = await sut.stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        reason: 'requested_by_customer',
        metadata: { registration_id: 'r-1' },
      },
      { idempotencyKey: 'refund-r-1-1' },
    )

    expect(refund).toMatchObject({
      object: 'refund',
      amount: 3000,
      currency: 'jpy',
      payment_intent: paymentIntent,
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { registration_id: 'r-1' },
    })
    expect((await sut.stripe.refunds.retrieve(refund.id)).id).toBe(refund.id)
    const events = (await eventsOf()).filter((event) => event.type !== 'checkout.session.completed')
    expect(events.map((event) => event.type)).toEqual(['charge.refunded', 'refund.created'])
    expect(events[0]?.data.object).toMatchObject({
      object: 'charge',
      payment_intent: paymentIntent,
      amount: 3000,
      amount_refunded: 3000,
      refunded: true,
    })
    expect(events[1]?.request).toEqual({
      id: expect.stringMatching(/^req_/),
      idempotency_key: 'refund-r-1-1',
    })
  })

  it('fails an accepted refund afterwards on request, with refund.updated and refund.failed signed', async () => {
    const paymentIntent = await paidPaymentIntent(sut)
    const refund = await sut.stripe.refunds.create({ payment_intent: paymentIntent, amount: 2700 })

    const failed = await sut.app.request(`/_emulator/refunds/${refund.id}/fail`, { method: 'POST' })

    expect(failed.status).toBe(200)
    expect(await sut.stripe.refunds.retrieve(refund.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    })
    const events = (await eventsOf()).filter((event) => event.type.startsWith('refund.'))
    expect(events.map((event) => event.type)).toEqual(['refund.created', 'refund.updated', 'refund.failed'])
    expect(events[1]?.data.object).toMatchObject({ id: refund.id, status: 'failed' })
    // The money stayed with the account: the whole fee can be refunded again.
    expect((await sut.stripe.refunds.create({ payment_intent: paymentIntent })).amount).toBe(3000)
    expect(
      (await sut.app.request('/_emulator/refunds/re_test_missing/fail', { method: 'POST' })).status,
    ).toBe(404)
  })

  it('refunds part of a charge, then at most what is left', async () => {
    const paymentIntent = await paidPaymentIntent(sut)

    const first = await sut.stripe.refunds.create({ payment_intent: paymentIntent, amount: 2700 })
    const tooMuch = sut.stripe.refunds.create({ payment_intent: paymentIntent, amount: 301 })

    expect(first.amount).toBe(2700)
    await expect(tooMuch).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'amount',
      message: 'Refund amount (¥301) is greater than unrefunded amount on charge (¥300)',
    })
    const rest = await sut.stripe.refunds.create({ payment_intent: paymentIntent })
    expect(rest.amount).toBe(300)
    const listed = await sut.stripe.refunds.list({ payment_intent: paymentIntent })
    expect(listed.data.map((refund) => refund.amount)).toEqual([300, 2700])
    await expect(sut.stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    })
    const charged = (await eventsOf()).filter((event) => event.type === 'charge.refunded')
    expect(charged.map((event) => (event.data.object as Stripe.Charge).amount_refunded)).toEqual([2700, 3000])
  })

  it('answers a retried request with the same idempotency key with the same refund, and refunds once', async () => {
    const paymentIntent = await paidPaymentIntent(sut)
    const params = { payment_intent: paymentIntent, amount: 1500 }

    const first = await sut.stripe.refunds.create(params, { idempotencyKey: 'refund-r-2-1' })
    const retried = await sut.stripe.refunds.create(params, { idempotencyKey: 'refund-r-2-1' })
    const otherAmount = sut.stripe.refunds.create(
      { payment_intent: paymentIntent, amount: 1000 },
      { idempotencyKey: 'refund-r-2-1' },
    )

    expect(retried.id).toBe(first.id)
    await expect(otherAmount).rejects.toMatchObject({ type: 'StripeIdempotencyError' })
    expect((await sut.stripe.refunds.list({ payment_intent: paymentIntent })).data).toHaveLength(1)
    expect((await eventsOf()).filter((event) => event.type === 'charge.refunded')).toHaveLength(1)
  })

  it('refuses a request sent while another with the same idempotency key is still going through, and refunds once', async () => {
    const paymentIntent = await paidPaymentIntent(sut)
    // Both requests enter the emulator at once (in process, no network to space them out), as a double click
    // through two API instances does.
    const send = () =>
      sut.app.request('/v1/refunds', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${SECRET_KEY}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': 'refund-r-4-1',
        },
        body: new URLSearchParams({ payment_intent: paymentIntent, amount: '1000' }).toString(),
      })

    const [first, second] = await Promise.all([send(), send()])
    const retried = await send()

    expect([first.status, second.status]).toEqual([200, 409])
    expect((await second.json()).error).toMatchObject({
      type: 'idempotency_error',
      message: expect.stringContaining('another in-progress request using this Idempotent Key'),
    })
    expect(retried.headers.get('idempotent-replayed')).toBe('true')
    expect((await retried.json()).id).toBe((await first.json()).id)
    expect((await sut.stripe.refunds.list({ payment_intent: paymentIntent })).data).toHaveLength(1)
  })

  it('fails the refunds armed to fail, with Stripe error shape and no event; the next one goes through', async () => {
    const paymentIntent = await paidPaymentIntent(sut)
    const armed = await sut.app.request('/_emulator/refunds/fail_next', {
      method: 'POST',
      body: JSON.stringify({ count: 1 }),
    })
    expect(armed.status).toBe(200)

    const failed = sut.stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: 'r-3-1' })

    await expect(failed).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'balance_insufficient',
    })
    const retried = await sut.stripe.refunds.create(
      { payment_intent: paymentIntent },
      { idempotencyKey: 'r-3-2' },
    )
    expect(retried.amount).toBe(3000)
    expect((await eventsOf()).filter((event) => event.type === 'charge.refunded')).toHaveLength(1)
  })

  it('refuses an unknown payment intent as Stripe does', async () => {
    await expect(sut.stripe.refunds.create({ payment_intent: 'pi_test_nope' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'payment_intent',
    })
  })

  it('refunds from the Dashboard stand-in, with webhooks that carry no idempotency key, and finds the session by payment intent', async () => {
    const paymentIntent = await paidPaymentIntent(sut)

    const response = await sut.app.request('/_emulator/refunds', {
      method: 'POST',
      body: JSON.stringify({ payment_intent: paymentIntent, amount: 1000 }),
    })
    const sessions = await sut.stripe.checkout.sessions.list({ payment_intent: paymentIntent })

    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ object: 'refund', amount: 1000 })
    expect(sessions.data.map((session) => session.payment_intent)).toEqual([paymentIntent])
    const refunded = (await eventsOf()).find((event) => event.type === 'charge.refunded')
    expect(refunded?.request?.idempotency_key).toBeNull()
    expect(refunded?.data.object).toMatchObject({ amount_refunded: 1000, refunded: false })
  })
})
