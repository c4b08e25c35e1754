import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { deviceRecord } from './support/check-ins.ts'
import {
  checkoutSessionOf,
  databaseKinds,
  inventoryConsistency,
  minutes,
  registrationRequest,
  type TestApi,
  useTestApi,
} from './support/harness.ts'
import { payOnHostedPage, sessionIdOfPaymentUrl, testCards, usePaymentStack } from './support/payments.ts'

/*
 * Payments that arrive when their registration can no longer take them (decision 141): a replayed payment
 * event after a refund, a payment after the hold ended and the spot went elsewhere, after the member canceled,
 * a second payment, a payment once the event is being cancelled; a session the provider could not end; a
 * registration whose checkout could not be opened. Each ends with the registration as the lifecycle table
 * says and every captured payment either kept by a paid registration or refunded in full.
 */

const consistent = async (sut: TestApi) =>
  (await inventoryConsistency(sut.database)).every((row) => row.taken === row.holding)

async function mailKinds(sut: TestApi, registrationId: string) {
  const rows = await queryRows<{ kind: string }>(
    sut.database.db,
    sql`select kind from mail_outbox where registration_id = ${registrationId}::uuid order by kind`,
  )
  return rows.map((row) => row.kind)
}

async function storedStatus(sut: TestApi, registrationId: string) {
  const [row] = await queryRows<{ payment_status: string }>(
    sut.database.db,
    sql`select payment_status from registrations where registration_id = ${registrationId}::uuid`,
  )
  return row?.payment_status
}

describe.each(databaseKinds)('a payment event for an ended registration, through Stripe, on %s', (kind) => {
  const stack = usePaymentStack(kind, { capacities: { member: 1 }, webhooks: false })

  it('is recorded and leaves a refunded registration ended; its charge.refunded then applies once', async () => {
    const userId = randomUUID()
    const token = await stack.sut.memberToken(userId)
    const created = await stack.sut.request('POST', '/registration', { token, body: registrationRequest() })
    const paymentUrl = (created.body as { payment_url: string }).payment_url
    const sessionId = sessionIdOfPaymentUrl(paymentUrl)
    expect((await payOnHostedPage(paymentUrl, { card_number: testCards.succeeds })).status).toBe(303)
    // The completed event's first delivery failed: Stripe holds it to retry later.
    const completed = stack.emulator.deliveries().at(-1)?.event
    expect(completed).toMatchObject({ type: 'checkout.session.completed' })
    const completedJson = JSON.stringify(completed)

    // The member looks at My Page after the session's time: the lazy check finds the payment.
    stack.time.advance(minutes(32))
    const mine = await stack.sut.request('GET', '/registration', {
      token: await stack.sut.memberToken(userId),
    })
    expect(mine.body).toMatchObject({ payment_status: 'paid' })
    const [row] = await queryRows<{ registration_id: string }>(
      stack.sut.database.db,
      sql`select registration_id from registrations where checkout_session_id = ${sessionId}`,
    )
    const registrationId = row?.registration_id ?? ''

    const admin = await stack.sut.adminToken()
    const refunded = await stack.sut.request('POST', `/admin/registrations/${registrationId}/refund`, {
      token: admin,
      body: { idempotency_key: randomUUID() },
    })
    expect(refunded).toMatchObject({ status: 200, body: { amount_jpy: 2700 } })
    const chargeRefunded = stack.emulator
      .deliveries()
      .map((delivery) => delivery.event)
      .find((event) => event.type === 'charge.refunded')
    if (!chargeRefunded) throw new Error('No charge.refunded event recorded')

    // Stripe's retry of the payment event arrives after the refund.
    expect(await stack.deliverWebhook(completedJson)).toMatchObject({
      status: 200,
      body: { outcome: 'already_refunded' },
    })
    expect(await storedStatus(stack.sut, registrationId)).toBe('canceled')
    expect(
      (await stack.sut.request('GET', '/registration', { token: await stack.sut.memberToken(userId) })).body,
    ).toMatchObject({ payment_status: 'canceled', refunded_jpy: 2700 })

    // The door refuses the code.
    const checkIn = deviceRecord({ id: randomUUID(), name: 'A' }, registrationId, stack.time.now())
    expect(
      await stack.sut.request('POST', '/admin/check-ins', { token: admin, body: { items: [checkIn] } }),
    ).toMatchObject({ status: 200, body: { results: [{ status: 'rejected', reason: 'canceled' }] } })

    // The refund's own event applies cleanly, once, however often it comes.
    const refundJson = JSON.stringify(chargeRefunded)
    expect(await stack.deliverWebhook(refundJson)).toMatchObject({
      status: 200,
      body: { outcome: 'already_canceled' },
    })
    expect(await stack.deliverWebhook(refundJson)).toMatchObject({ status: 200, body: { duplicate: true } })
    expect(stack.logger.records.filter((record) => record.level === 'error')).toEqual([])
    expect(await mailKinds(stack.sut, registrationId)).toEqual(['receipt', 'refunded'])
    expect(await consistent(stack.sut)).toBe(true)
  })
})

describe.each(databaseKinds)('late payments on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { sponsor_fursuiter: 1, member: 5 } })

  async function register(token: string, tier: 'member' | 'sponsor_fursuiter' = 'sponsor_fursuiter') {
    const created = await sut.request('POST', '/registration', { token, body: registrationRequest(tier) })
    expect(created.status).toBe(201)
    const sessionId = checkoutSessionOf(created)
    const [row] = await queryRows<{ registration_id: string }>(
      sut.database.db,
      sql`select registration_id from registrations where checkout_session_id = ${sessionId}`,
    )
    return { sessionId, registrationId: row?.registration_id ?? '' }
  }

  const quote = async (registrationId: string) =>
    (
      await sut.request('GET', `/admin/registrations/${registrationId}/refund`, {
        token: await sut.adminToken(),
      })
    ).body

  /** Refunds made at the provider for `sessionId`, by key. */
  const refundsOf = (sessionId: string) =>
    [...sut.gateway.refunds.entries()].filter(([, refund]) => refund.request.checkoutSessionId === sessionId)

  it('refunds in full a payment that arrives after the hold ended and the spot went to someone else', async () => {
    const first = await register(await sut.memberToken())
    // The sweep ends the hold while Stripe cannot be reached, so the session stays payable there.
    sut.gateway.setDown(true)
    sut.clock.advance(minutes(31))
    await sut.api.registrations.releaseExpired()
    sut.gateway.setDown(false)
    await register(await sut.memberToken())

    sut.gateway.complete(first.sessionId)
    expect((await sut.api.registrations.markPaid(first.sessionId)).outcome).toBe('refunded_automatically')
    expect((await sut.api.registrations.markPaid(first.sessionId)).outcome).toBe('refunded_automatically')

    expect(refundsOf(first.sessionId)).toEqual([
      [`automatic-refund-${first.sessionId}`, expect.objectContaining({ amountJpy: 11_000 })],
    ])
    expect(await storedStatus(sut, first.registrationId)).toBe('expired')
    expect(await mailKinds(sut, first.registrationId)).toEqual(['checkout_lapsed', 'refunded_automatically'])
    expect(await quote(first.registrationId)).toMatchObject({
      payment_status: 'expired',
      automatic_refund: {
        amount_jpy: 11_000,
        reason: 'hold_ended',
        status: 'refunded',
        refunded_at: new Date(sut.clock()).toISOString(),
      },
    })
    expect(await consistent(sut)).toBe(true)
  })

  it('owes the refund while Stripe is down and makes it in a later sweep, once', async () => {
    const first = await register(await sut.memberToken())
    sut.clock.advance(minutes(31))
    await sut.api.registrations.releaseExpired()
    await register(await sut.memberToken())
    sut.gateway.complete(first.sessionId)

    sut.gateway.setDown(true)
    expect((await sut.api.registrations.markPaid(first.sessionId)).outcome).toBe('refunded_automatically')
    await sut.api.registrations.releaseExpired()
    expect(refundsOf(first.sessionId)).toEqual([])
    expect(await quote(first.registrationId)).toMatchObject({
      automatic_refund: { amount_jpy: 11_000, status: 'owed' },
    })
    expect(await mailKinds(sut, first.registrationId)).toEqual(['checkout_lapsed'])

    sut.gateway.setDown(false)
    await sut.api.registrations.releaseExpired()
    await sut.api.registrations.releaseExpired()
    expect(refundsOf(first.sessionId)).toHaveLength(1)
    expect(await quote(first.registrationId)).toMatchObject({ automatic_refund: { status: 'refunded' } })
    expect(await mailKinds(sut, first.registrationId)).toEqual(['checkout_lapsed', 'refunded_automatically'])
    expect(sut.logger.records).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'An automatic refund could not be made yet; the sweep retries it',
      }),
    )
  })

  it('refunds in full a payment for a checkout the member canceled', async () => {
    const token = await sut.memberToken()
    const mine = await register(token, 'member')
    expect((await sut.request('DELETE', '/registration', { token })).body).toMatchObject({
      payment_status: 'canceled',
    })
    // The member paid a moment before the session ended: Stripe's events crossed.
    sut.gateway.completeLate(mine.sessionId)
    expect((await sut.api.registrations.markPaid(mine.sessionId)).outcome).toBe('refunded_automatically')
    expect(await storedStatus(sut, mine.registrationId)).toBe('canceled')
    expect(refundsOf(mine.sessionId)).toHaveLength(1)
    expect(await quote(mine.registrationId)).toMatchObject({ automatic_refund: { reason: 'canceled' } })
  })

  it('refunds in full a second payment of a member who is already paid', async () => {
    const userId = randomUUID()
    const old = await register(await sut.memberToken(userId), 'member')
    sut.clock.advance(minutes(31))
    await sut.api.registrations.releaseExpired()
    const token = await sut.memberToken(userId)
    const current = await register(token, 'member')
    sut.gateway.complete(current.sessionId)
    expect((await sut.api.registrations.markPaid(current.sessionId)).outcome).toBe('paid')

    sut.gateway.complete(old.sessionId)
    expect((await sut.api.registrations.markPaid(old.sessionId)).outcome).toBe('refunded_automatically')
    expect(await storedStatus(sut, old.registrationId)).toBe('expired')
    expect(await storedStatus(sut, current.registrationId)).toBe('paid')
    expect(refundsOf(old.sessionId)).toHaveLength(1)
    expect(await quote(old.registrationId)).toMatchObject({ automatic_refund: { reason: 'already_paid' } })
    expect(await consistent(sut)).toBe(true)
  })

  it('refunds in full a payment that arrives once an event-cancellation run has started', async () => {
    const token = await sut.memberToken()
    const mine = await register(token, 'member')
    // Paid at the provider just before the run started, its event delivered after.
    sut.gateway.complete(mine.sessionId)
    await sut.api.eventCancellation.start(0, { id: randomUUID() })
    await sut.api.eventCancellation.idle()
    expect((await sut.api.registrations.markPaid(mine.sessionId)).outcome).toBe('refunded_automatically')
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'canceled',
    })
    expect(refundsOf(mine.sessionId)).toHaveLength(1)
    expect(await quote(mine.registrationId)).toMatchObject({
      automatic_refund: { reason: 'event_cancelled' },
    })
    expect(await consistent(sut)).toBe(true)
  })

  it('leaves ended a pending registration whose payment was refunded before it was reported paid', async () => {
    const userId = randomUUID()
    const token = await sut.memberToken(userId)
    const mine = await register(token, 'member')
    sut.gateway.complete(mine.sessionId)
    // The money went back (a refund in the Stripe Dashboard) before the completion event arrived.
    expect(await sut.api.refunds.providerRefunded(mine.sessionId, 2700)).toBe('canceled')
    expect(await sut.api.refunds.providerRefunded(mine.sessionId, 2700)).toBe('already_canceled')
    expect((await sut.api.registrations.markPaid(mine.sessionId)).outcome).toBe('already_refunded')

    expect(
      (await sut.request('GET', '/registration', { token: await sut.memberToken(userId) })).body,
    ).toMatchObject({
      payment_status: 'canceled',
      refunded_jpy: 2700,
    })
    const checkIn = deviceRecord({ id: randomUUID(), name: 'A' }, mine.registrationId, sut.clock())
    expect(
      await sut.request('POST', '/admin/check-ins', {
        token: await sut.adminToken(),
        body: { items: [checkIn] },
      }),
    ).toMatchObject({ status: 200, body: { results: [{ status: 'rejected', reason: 'canceled' }] } })
    // The provider already gave the money back: nothing is refunded again.
    expect(refundsOf(mine.sessionId)).toEqual([])
    expect(await mailKinds(sut, mine.registrationId)).toEqual(['refunded'])
    expect(await consistent(sut)).toBe(true)
  })

  it('remembers a session it could not end and ends it in a later sweep', async () => {
    const token = await sut.memberToken()
    const mine = await register(token)
    sut.clock.advance(minutes(31))
    sut.gateway.setDown(true)
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'expired',
    })
    await sut.api.registrations.releaseExpired()
    expect(sut.gateway.sessions.get(mine.sessionId)?.status).toBe('open')

    sut.gateway.setDown(false)
    await sut.api.registrations.releaseExpired()
    expect(sut.gateway.sessions.get(mine.sessionId)?.status).toBe('expired')
    const owed = await queryRows(sut.database.db, sql`select 1 from checkout_sessions_to_end`)
    expect(owed).toEqual([])
  })

  it('honours a payment the sweep finds on a session it could not end, when the spot is free', async () => {
    const token = await sut.memberToken()
    const mine = await register(token)
    sut.clock.advance(minutes(31))
    sut.gateway.setDown(true)
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'expired',
    })
    sut.gateway.setDown(false)
    sut.gateway.complete(mine.sessionId)

    await sut.api.registrations.releaseExpired()
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'paid',
    })
    expect(refundsOf(mine.sessionId)).toEqual([])
    expect(await consistent(sut)).toBe(true)
  })

  it('leaves no registration behind when the checkout cannot be opened', async () => {
    const userId = randomUUID()
    const token = await sut.memberToken(userId)
    sut.gateway.failNext()
    expect(await sut.request('POST', '/registration', { token, body: registrationRequest() })).toMatchObject({
      status: 503,
      body: { message: 'highTraffic' },
    })
    expect((await sut.request('GET', '/registration', { token })).status).toBe(404)
    const rows = await queryRows(
      sut.database.db,
      sql`select 1 from registrations where user_id = ${userId}::uuid`,
    )
    expect(rows).toEqual([])
    expect(await consistent(sut)).toBe(true)
    expect((await sut.request('POST', '/registration', { token, body: registrationRequest() })).status).toBe(
      201,
    )
  })
})
