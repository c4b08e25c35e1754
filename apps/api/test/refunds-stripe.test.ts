import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, queryRows } from '../src/db/database.ts'
import { createStripeGateway } from '../src/payments/stripe-gateway.ts'
import { createTestApi, databaseKinds, inventoryConsistency, registrationRequest } from './support/harness.ts'
import {
  type PaymentStack,
  payOnHostedPage,
  sessionIdOfPaymentUrl,
  stripeSecretKey,
  stripeWebhookSecret,
  testCards,
  usePaymentStackStarter,
} from './support/payments.ts'

/*
 * Refunds over real HTTP (decision 111): the API refunds through the official SDK against the Stripe emulator,
 * the emulator's signed charge.refunded webhooks come back to the API, and a refund made in the "Dashboard"
 * (the emulator's admin route) ends the registration too. One fake clock drives both.
 */

const refundPath = (registrationId: string) => `/admin/registrations/${registrationId}/refund`

function suite(kind: (typeof databaseKinds)[number]) {
  const { database, start } = usePaymentStackStarter(kind, { capacities: { member: 1 } })
  /** What a test opened beside the stack, closed after it before the stack (in reverse order). */
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  /** A member who paid on the hosted page, their payment confirmed by the webhook. */
  async function paid(current: PaymentStack) {
    const userId = randomUUID()
    const token = await current.sut.memberToken(userId)
    const created = await current.sut.request('POST', '/registration', { token, body: registrationRequest() })
    expect(created.status).toBe(201)
    const paymentUrl = (created.body as { payment_url: string }).payment_url
    expect((await payOnHostedPage(paymentUrl, { card_number: testCards.succeeds })).status).toBe(303)
    await current.settled()
    const sessionId = sessionIdOfPaymentUrl(paymentUrl)
    const session = await current.stripe.checkout.sessions.retrieve(sessionId)
    const [row] = await queryRows<{ registration_id: string; payment_status: string }>(
      database().database.db,
      sql`select registration_id, payment_status from registrations where checkout_session_id = ${sessionId}`,
    )
    expect(row?.payment_status).toBe('paid')
    return {
      userId,
      registrationId: row?.registration_id ?? '',
      paymentIntent: String(session.payment_intent),
    }
  }

  async function stored(registrationId: string) {
    const [row] = await queryRows<{ payment_status: string }>(
      database().database.db,
      sql`select payment_status from registrations where registration_id = ${registrationId}::uuid`,
    )
    const [refund] = await queryRows<{
      amount_jpy: number
      source: string
      provider_refund_id: string | null
    }>(
      database().database.db,
      sql`select amount_jpy, source, provider_refund_id from registration_refunds
          where registration_id = ${registrationId}::uuid`,
    )
    return { status: row?.payment_status, refund }
  }

  const refundEvents = () =>
    queryRows<{ outcome: string | null }>(
      database().database.db,
      sql`select outcome from payment_webhook_events where event_type = 'charge.refunded' order by received_at`,
    )

  /** A started stack with a member who paid, and the refund a staff member asks for them (one token throughout). */
  async function startPaid() {
    const stack = await start()
    const payment = await paid(stack)
    const admin = await stack.sut.adminToken()
    const requestRefund = (body: object = { idempotency_key: randomUUID() }) =>
      stack.sut.request('POST', refundPath(payment.registrationId), { token: admin, body })
    return { stack, ...payment, requestRefund }
  }

  return { database, cleanups, paid, stored, refundEvents, start, startPaid }
}

describe.each(databaseKinds)('refunds through the Stripe emulator on %s', (kind) => {
  const { database, paid, stored, refundEvents, start, startPaid } = suite(kind)

  it('refunds the policy amount with the SDK; the webhook of its own refund changes nothing more', async () => {
    const { stack, registrationId, paymentIntent, requestRefund } = await startPaid()

    const response = await requestRefund()
    await stack.settled()

    expect(response).toMatchObject({ status: 200, body: { amount_jpy: 2700, source: 'staff' } })
    const refunds = await stack.stripe.refunds.list({ payment_intent: paymentIntent })
    expect(refunds.data).toMatchObject([
      { amount: 2700, status: 'succeeded', metadata: { registration_id: registrationId, attempt: '1' } },
    ])
    expect(await stored(registrationId)).toEqual({
      status: 'canceled',
      refund: { amount_jpy: 2700, source: 'staff', provider_refund_id: refunds.data[0]?.id },
    })
    // The webhook of this refund may arrive before the request records it (it then completes the same
    // refund) or after (it finds it done): one refund record either way.
    const events = await refundEvents()
    expect(events).toHaveLength(1)
    expect(['already_canceled', 'canceled']).toContain(events[0]?.outcome)
    expect(await inventoryConsistency(database().database)).toContainEqual(
      expect.objectContaining({ tier: 'member', taken: 0, holding: 0 }),
    )
  })

  it('reports a refund that fails after Stripe accepted it, and keeps the registration canceled', async () => {
    const { stack, registrationId, paymentIntent, requestRefund } = await startPaid()
    const refunded = await requestRefund()
    expect(refunded.status).toBe(200)
    await stack.settled()
    const [refund] = (await stack.stripe.refunds.list({ payment_intent: paymentIntent })).data

    const failed = await fetch(`${stack.stripeUrl}/_emulator/refunds/${refund?.id}/fail`, { method: 'POST' })
    expect(failed.status).toBe(200)
    await stack.settled()

    expect(stack.logger.records).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'A refund failed after Stripe accepted it: pay the participant back another way',
        registrationId,
        refundId: refund?.id,
        amountJpy: 2700,
      }),
    )
    expect(await stored(registrationId)).toMatchObject({ status: 'canceled' })
  })

  it('ends a registration refunded in the Dashboard through charge.refunded, once, as stripe_dashboard', async () => {
    const stack = await start()
    const { registrationId, paymentIntent } = await paid(stack)
    const dashboardRefund = (amount: number) =>
      fetch(`${stack.stripeUrl}/_emulator/refunds`, {
        method: 'POST',
        body: JSON.stringify({ payment_intent: paymentIntent, amount }),
      })

    expect((await dashboardRefund(1000)).status).toBe(200)
    await stack.settled()
    expect((await dashboardRefund(500)).status).toBe(200)
    await stack.settled()

    expect(await stored(registrationId)).toEqual({
      status: 'canceled',
      refund: { amount_jpy: 1000, source: 'stripe_dashboard', provider_refund_id: null },
    })
    expect(await refundEvents()).toEqual([{ outcome: 'canceled' }, { outcome: 'already_canceled' }])
    expect(stack.logger.records).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'A refund made outside the system (Stripe Dashboard) canceled a registration',
        registrationId,
      }),
    )
    expect(await inventoryConsistency(database().database)).toContainEqual(
      expect.objectContaining({ tier: 'member', taken: 0, holding: 0 }),
    )
  })

  it('leaves the registration paid when Stripe refuses the refund, and refunds once on the retry', async () => {
    const { stack, registrationId, paymentIntent, requestRefund } = await startPaid()
    const armed = await fetch(`${stack.stripeUrl}/_emulator/refunds/fail_next`, {
      method: 'POST',
      body: JSON.stringify({ count: 1 }),
    })
    expect(armed.status).toBe(200)
    const body = { idempotency_key: randomUUID() }

    const failed = await requestRefund(body)

    expect(failed).toMatchObject({ status: 502, body: { message: 'refundFailed' } })
    expect(await stored(registrationId)).toEqual({ status: 'paid', refund: undefined })

    const retried = await requestRefund(body)
    await stack.settled()

    expect(retried).toMatchObject({ status: 200, body: { amount_jpy: 2700 } })
    expect((await stack.stripe.refunds.list({ payment_intent: paymentIntent })).data).toHaveLength(1)
    expect((await stored(registrationId)).status).toBe('canceled')
  })
})

describe('refunds by two API instances on one PostgreSQL', () => {
  const { database, cleanups, paid, start } = suite('postgres')

  it('refunds once when both instances are asked at once, twice each', async () => {
    const stack = await start()
    const { registrationId, paymentIntent } = await paid(stack)
    // A second instance: its own pool on the same database, its own SDK client against the same Stripe.
    const url = database().url
    if (!url) throw new Error('PostgreSQL tests run with a database URL')
    const secondDatabase = await openDatabase({ kind: 'postgres', url, poolSize: 4 })
    cleanups.push(() => secondDatabase.close())
    const second = await createTestApi(secondDatabase, {
      capacities: { member: 1 },
      clock: stack.time.clock,
      overrides: {
        paymentGateway: createStripeGateway({
          secretKey: stripeSecretKey,
          webhookSecret: stripeWebhookSecret,
          apiUrl: stack.stripeUrl,
          clock: stack.time.clock,
          logger: stack.logger,
          maxNetworkRetries: 0,
        }),
      },
    })
    const first = stack.sut
    const [tabletA, tabletB] = [{ idempotency_key: randomUUID() }, { idempotency_key: randomUUID() }]
    const adminA = await first.adminToken()
    const adminB = await second.adminToken()

    const answers = await Promise.all([
      first.request('POST', refundPath(registrationId), { token: adminA, body: tabletA }),
      second.request('POST', refundPath(registrationId), { token: adminB, body: tabletB }),
      first.request('POST', refundPath(registrationId), { token: adminA, body: tabletA }),
      second.request('POST', refundPath(registrationId), { token: adminB, body: tabletB }),
    ])
    await stack.settled()

    // One tablet's key made the refund and both its requests answer it; the other tablet is told it was
    // refunded already, even if its requests helped complete it.
    expect([
      [200, 409, 200, 409],
      [409, 200, 409, 200],
    ]).toContainEqual(answers.map((answer) => answer.status))
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.body).toMatchObject({ amount_jpy: 2700, source: 'staff' })
      else expect(answer.body).toEqual({ message: 'alreadyRefunded' })
    }
    expect((await stack.stripe.refunds.list({ payment_intent: paymentIntent })).data).toHaveLength(1)
    const [count] = await queryRows<{ n: number }>(
      database().database.db,
      sql`select count(*)::int as n from registration_refunds`,
    )
    expect(count?.n).toBe(1)
    expect(await inventoryConsistency(database().database)).toContainEqual(
      expect.objectContaining({ tier: 'member', taken: 0, holding: 0 }),
    )
  })
})
