import { sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import {
  databaseKinds,
  inventoryConsistency,
  minutes,
  readResponse,
  registrationRequest,
} from './support/harness.ts'
import {
  payOnHostedPage,
  startPaymentStack,
  stripeWebhookSecret,
  testCards,
  usePaymentStack,
} from './support/payments.ts'

/*
 * POST /webhooks/stripe on its own: genuine events (recorded by the emulator, which here sends none itself)
 * and events derived from them, delivered by the test in any order, any number of times, with good and bad
 * signatures, over the API's real HTTP server.
 */

interface StripeEventJson {
  id: string
  type: string
  created: number
  data: { object: { id: string; status: string; payment_status: string } }
}

describe.each(databaseKinds)('the Stripe webhook on %s', (kind) => {
  const stack = usePaymentStack(kind, { capacities: { member: 1 }, webhooks: false })

  /** A signature made `seconds` before now. */
  const signedAgo = (payload: string, seconds: number) =>
    stack.signWebhook(payload, { timestamp: stack.nowSeconds() - seconds })

  /** A member who paid on the hosted page; the completed event is recorded by the emulator, not yet sent. */
  async function paidAtStripe() {
    const token = await stack.sut.memberToken()
    const created = await stack.sut.request('POST', '/registration', { token, body: registrationRequest() })
    const paymentUrl = (created.body as { payment_url: string }).payment_url
    expect((await payOnHostedPage(paymentUrl, { card_number: testCards.succeeds })).status).toBe(303)
    const delivery = stack.emulator.deliveries().at(-1)
    if (!delivery) throw new Error('No event recorded')
    const completed = JSON.stringify(delivery.event, null, 2)
    const event = JSON.parse(completed) as StripeEventJson
    return { token, completed, event, sessionId: event.data.object.id }
  }

  async function status(sessionId: string) {
    const [row] = await queryRows<{ payment_status: string; refunded_automatically: boolean }>(
      stack.sut.database.db,
      sql`select payment_status,
            exists (select 1 from automatic_refunds a
                    where a.checkout_session_id = r.checkout_session_id and a.status = 'refunded')
              as refunded_automatically
          from registrations r where checkout_session_id = ${sessionId}`,
    )
    return row
  }

  async function recorded(eventId: string) {
    const [row] = await queryRows<{ deliveries: number; outcome: string | null; processed: boolean }>(
      stack.sut.database.db,
      sql`select deliveries, outcome, processed_at is not null as processed
          from payment_webhook_events where event_id = ${eventId}`,
    )
    return row
  }

  const consistent = async () =>
    (await inventoryConsistency(stack.sut.database)).every((row) => row.taken === row.holding)

  it('applies a genuine checkout.session.completed: the registration is paid', async () => {
    const { completed, event, sessionId } = await paidAtStripe()

    expect(await stack.deliverWebhook(completed)).toMatchObject({
      status: 200,
      body: { received: true, outcome: 'paid' },
    })
    expect(await status(sessionId)).toMatchObject({ payment_status: 'paid' })
    expect(await recorded(event.id)).toEqual({ deliveries: 1, outcome: 'paid', processed: true })
    expect(stack.logger.records).toContainEqual(
      expect.objectContaining({ msg: 'Webhook event applied', eventId: event.id, outcome: 'paid' }),
    )
  })

  it('refuses forged, tampered, unsigned and malformed deliveries with 400, changing nothing', async () => {
    const { completed, event, sessionId } = await paidAtStripe()
    const tampered = completed.replace('"paid"', '"paid" ')
    const attempts = [
      await stack.deliverWebhook(completed, stack.signWebhook(completed, { secret: 'whsec_forged' })),
      await stack.deliverWebhook(tampered, stack.signWebhook(completed)),
      await stack.deliverWebhook(completed, null),
      await stack.deliverWebhook(completed, 'garbage'),
      await stack.deliverWebhook(completed, `t=${stack.nowSeconds()},v1=${'0'.repeat(64)}`),
      await stack.deliverWebhook('not json', stack.signWebhook('not json')),
      await stack.deliverWebhook('{"hello":"world"}', stack.signWebhook('{"hello":"world"}')),
    ]

    expect(attempts.map((attempt) => [attempt.status, attempt.body])).toEqual(
      attempts.map(() => [400, { message: 'invalidRequest' }]),
    )
    expect(await status(sessionId)).toMatchObject({ payment_status: 'pending' })
    expect(await recorded(event.id)).toBeUndefined()
    expect(stack.logger.records.filter((record) => record.msg === 'Webhook refused')).toHaveLength(7)
  })

  it('refuses a signature older than 300 s (a replay) and accepts one just inside the tolerance', async () => {
    const { completed, sessionId } = await paidAtStripe()

    expect(await stack.deliverWebhook(completed, signedAgo(completed, 301))).toMatchObject({
      status: 400,
      body: { message: 'invalidRequest' },
    })
    expect(await status(sessionId)).toMatchObject({ payment_status: 'pending' })

    expect(await stack.deliverWebhook(completed, signedAgo(completed, 299))).toMatchObject({
      status: 200,
    })
    expect(await status(sessionId)).toMatchObject({ payment_status: 'paid' })
  })

  it('applies a duplicate event id once, however often it is delivered', async () => {
    const { token, sessionId } = await paidAtStripe()
    // The expired event applies first (the payment's own webhook is late): the spot goes back...
    const expired = stack.expiredEvent(sessionId)
    const expiredId = (JSON.parse(expired) as { id: string }).id
    expect(await stack.deliverWebhook(expired)).toMatchObject({ status: 200, body: { outcome: 'expired' } })
    // ...the user registers again, and the same expired event, delivered again, must not touch anything.
    const again = await stack.sut.request('POST', '/registration', { token, body: registrationRequest() })
    expect(again.status).toBe(201)

    for (let delivery = 0; delivery < 3; delivery++) {
      expect(await stack.deliverWebhook(expired)).toMatchObject({
        status: 200,
        body: { received: true, duplicate: true },
      })
    }

    expect(await recorded(expiredId)).toEqual({ deliveries: 4, outcome: 'expired', processed: true })
    expect(
      stack.logger.records.filter(
        (record) => record.msg === 'Webhook event applied' && record.eventId === expiredId,
      ),
    ).toHaveLength(1)
    expect((await stack.sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'pending',
    })
    expect(await consistent()).toBe(true)
  })

  it('never lets a late "expired" un-pay a paid registration', async () => {
    const { completed, sessionId, token } = await paidAtStripe()
    expect(await stack.deliverWebhook(completed)).toMatchObject({ status: 200, body: { outcome: 'paid' } })

    const lateExpired = stack.expiredEvent(sessionId)
    expect(await stack.deliverWebhook(lateExpired)).toMatchObject({
      status: 200,
      body: { outcome: 'not_pending' },
    })

    expect(await status(sessionId)).toMatchObject({ payment_status: 'paid' })
    expect((await stack.sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'paid',
    })
    expect(await consistent()).toBe(true)
  })

  it('lets a payment that arrives after "expired" win, taking the spot again', async () => {
    const { completed, sessionId } = await paidAtStripe()
    expect(await stack.deliverWebhook(stack.expiredEvent(sessionId))).toMatchObject({
      status: 200,
      body: { outcome: 'expired' },
    })
    expect(await status(sessionId)).toMatchObject({ payment_status: 'expired' })

    expect(await stack.deliverWebhook(completed)).toMatchObject({ status: 200, body: { outcome: 'paid' } })

    expect(await status(sessionId)).toMatchObject({ payment_status: 'paid', refunded_automatically: false })
    expect(await consistent()).toBe(true)
  })

  it('refunds a late payment in full when its spot went to someone else meanwhile', async () => {
    const { completed, sessionId } = await paidAtStripe()
    expect(await stack.deliverWebhook(stack.expiredEvent(sessionId))).toMatchObject({ status: 200 })
    const other = await stack.sut.memberToken()
    expect(
      (await stack.sut.request('POST', '/registration', { token: other, body: registrationRequest() }))
        .status,
    ).toBe(201)

    expect(await stack.deliverWebhook(completed)).toMatchObject({
      status: 200,
      body: { outcome: 'refunded_automatically' },
    })

    expect(await status(sessionId)).toMatchObject({ payment_status: 'expired', refunded_automatically: true })
    const session = await stack.stripe.checkout.sessions.retrieve(sessionId)
    const refunds = await stack.stripe.refunds.list({ payment_intent: String(session.payment_intent) })
    expect(refunds.data).toMatchObject([{ amount: 3000, status: 'succeeded' }])
    expect(stack.logger.records).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'A payment could not buy its registration: it is refunded in full',
      }),
    )
    expect(await consistent()).toBe(true)
  })

  it('acknowledges events about nothing it knows, recording them', async () => {
    const unknown = stack.expiredEvent('cs_test_not_ours')
    const other = JSON.stringify({
      id: 'evt_test_other_type',
      object: 'event',
      created: stack.nowSeconds(),
      type: 'charge.succeeded',
      data: { object: { id: 'ch_test_1', object: 'charge' } },
    })

    expect(await stack.deliverWebhook(unknown)).toMatchObject({
      status: 200,
      body: { outcome: 'unknown_session' },
    })
    expect(await stack.deliverWebhook(other)).toMatchObject({ status: 200, body: { outcome: 'ignored' } })
    expect(await recorded('evt_test_other_type')).toEqual({
      deliveries: 1,
      outcome: 'ignored',
      processed: true,
    })
  })

  it('takes over an event whose earlier delivery died mid-way, once the claim has lapsed', async () => {
    const { completed, event, sessionId } = await paidAtStripe()
    // As an instance that crashed after claiming the event would leave it.
    await stack.sut.database.db.execute(
      sql`insert into payment_webhook_events (event_id, event_type, checkout_session_id, event_created_at, received_at, claimed_at)
          values (${event.id}, ${event.type}, ${sessionId}, ${new Date(stack.time.now()).toISOString()}::timestamptz,
            ${new Date(stack.time.now()).toISOString()}::timestamptz, ${new Date(stack.time.now()).toISOString()}::timestamptz)`,
    )

    expect(await stack.deliverWebhook(completed)).toMatchObject({
      status: 503,
      body: { message: 'highTraffic' },
    })
    expect(await status(sessionId)).toMatchObject({ payment_status: 'pending' })

    stack.time.advance(minutes(1))
    expect(await stack.deliverWebhook(completed)).toMatchObject({ status: 200, body: { outcome: 'paid' } })
    expect(await recorded(event.id)).toEqual({ deliveries: 3, outcome: 'paid', processed: true })
  })

  it('is delivered for real by the emulator; a redelivery after a lost answer is acknowledged', async () => {
    const running = await startPaymentStack(stack.sut.database, { capacities: { member: 1 } })
    try {
      const token = await running.sut.memberToken()
      const created = await running.sut.request('POST', '/registration', {
        token,
        body: registrationRequest(),
      })
      const paymentUrl = (created.body as { payment_url: string }).payment_url
      await payOnHostedPage(paymentUrl, { card_number: testCards.succeeds })
      await running.settled()
      // A redelivery of the same event (as after a lost 2xx) is acknowledged and changes nothing.
      const delivered = running.emulator.deliveries()[0]
      expect(delivered).toMatchObject({ state: 'delivered', attempts: [{ status: 200 }] })
      const payload = JSON.stringify(delivered?.event, null, 2)
      const response = await fetch(`${running.apiUrl}/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: stripeWebhookSecret,
            timestamp: Math.floor(running.time.now() / 1000),
          }),
        },
        body: payload,
      })
      expect(await readResponse(response)).toMatchObject({ status: 200, body: { duplicate: true } })
      expect((await running.sut.request('GET', '/registration', { token })).body).toMatchObject({
        payment_status: 'paid',
      })
    } finally {
      await running.close()
    }
  })
})
