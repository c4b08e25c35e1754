import { randomUUID } from 'node:crypto'
import type { CheckInItemWire, RefundQuoteWire, RefundWire } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { createStubPaymentGateway } from '../src/payments/stub-gateway.ts'
import { refundProviderKey } from '../src/services/refund-attempts.ts'
import {
  databaseKinds,
  pwaUrl,
  registeredMember,
  registrationRequest,
  tierCounts,
  twoTestApis,
  useAdmin,
  useTestApi,
  useTestDatabase,
} from './support/harness.ts'
import { capturingMailer } from './support/mailer.ts'

/*
 * Cancelling a paid registration with a refund (decision 111), through the stub payment provider: the policy
 * amount by the API's clock, overrides with a reason, a registration refunded once whatever is resent or
 * raced, a refused or lost refund that leaves the registration paid and can be retried, and refunds the
 * provider reports from outside.
 */

/** Before the policy's first cut-off (2025-04-10 in Japan): 90 % of the fee. */
const early = Date.parse('2025-03-01T10:00:00+09:00')
/** Between the cut-offs: 50 %. */
const late = Date.parse('2025-04-11T00:00:00+09:00')
/** In the last week: nothing. */
const lastWeek = Date.parse('2025-05-04T00:00:00+09:00')

const refundPath = (registrationId: string) => `/admin/registrations/${registrationId}/refund`

describe.each(databaseKinds)('cancel and refund on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 1, sponsor: 3 } })
  const admin = useAdmin(sut)

  const refund = (registrationId: string, body: Record<string, unknown>) =>
    sut.request('POST', refundPath(registrationId), {
      token: admin.token,
      body: { idempotency_key: randomUUID(), ...body },
    })

  it("quotes the policy amount by the API's clock: 90 %, then 50 %, then nothing", async () => {
    const { registrationId } = await registeredMember(sut)
    const quotes: RefundQuoteWire[] = []
    for (const at of [early, late, lastWeek]) {
      sut.clock.set(at)
      await admin.renew()
      const response = await sut.request('GET', refundPath(registrationId), { token: admin.token })
      expect(response.status).toBe(200)
      quotes.push(response.body as RefundQuoteWire)
    }
    expect(
      quotes.map((quote) => [quote.policy_period, quote.policy_percentage, quote.policy_refund_jpy]),
    ).toEqual([
      ['early', 90, 2700],
      ['late', 50, 1500],
      ['none', 0, 0],
    ])
    expect(quotes[0]).toMatchObject({
      registration_id: registrationId,
      payment_status: 'paid',
      fee_jpy: 3000,
    })
    expect(quotes[0]?.refund).toBeUndefined()
  })

  it('cancels with the policy refund: the spot goes back, the audit record keeps who, when and how much, and the door refuses the code', async () => {
    const first = await registeredMember(sut)
    const soldOut = await sut.request('POST', '/registration', {
      token: await sut.memberToken(),
      body: registrationRequest('member'),
    })
    expect(soldOut).toMatchObject({ status: 409, body: { message: 'soldOut' } })

    const response = await refund(first.registrationId, {})

    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      registration_id: first.registrationId,
      amount_jpy: 2700,
      policy_amount_jpy: 2700,
      source: 'staff',
      staff_user_id: admin.id,
      refunded_at: new Date(sut.clock()).toISOString(),
    } satisfies RefundWire)
    expect([...sut.gateway.refunds.values()].map((made) => made.request)).toEqual([
      expect.objectContaining({
        registrationId: first.registrationId,
        checkoutSessionId: first.sessionId,
        amountJpy: 2700,
        idempotencyKey: refundProviderKey(first.registrationId, 1),
      }),
    ])
    expect((await sut.api.registrations.current(first.userId))?.paymentStatus).toBe('canceled')
    // My Page reads it canceled, with what was refunded.
    const mine = await sut.request('GET', '/registration', { token: await sut.memberToken(first.userId) })
    expect(mine.body).toMatchObject({ payment_status: 'canceled', refunded_jpy: 2700 })
    expect(await tierCounts(sut.database, 'member')).toMatchObject({ taken: 0, holding: 0 })
    // The spot is someone else's to take.
    const next = await sut.request('POST', '/registration', {
      token: await sut.memberToken(),
      body: registrationRequest('member'),
    })
    expect(next.status).toBe(201)
    // The participant list the reception downloads marks it canceled, and the server refuses its check-in.
    const list = await sut.request('GET', '/admin/participants', { token: admin.token })
    expect(
      (list.body as { items: { registration?: { id?: string; payment_status: string } }[] }).items,
    ).toContainEqual(
      expect.objectContaining({
        registration: expect.objectContaining({ id: first.registrationId, payment_status: 'canceled' }),
      }),
    )
    const checkIn: CheckInItemWire = {
      id: randomUUID(),
      registration_id: first.registrationId,
      device_id: 'device-A',
      device_name: 'A',
      checked_in_at: new Date(sut.clock()).toISOString(),
      kind: 'check_in',
    }
    const door = await sut.request('POST', '/admin/check-ins', {
      token: admin.token,
      body: { items: [checkIn] },
    })
    expect(door.body).toMatchObject({ results: [{ status: 'rejected', reason: 'canceled' }] })
    const quote = await sut.request('GET', refundPath(first.registrationId), { token: admin.token })
    expect(quote.body).toMatchObject({
      payment_status: 'canceled',
      refund: { amount_jpy: 2700, source: 'staff' },
    })
  })

  it('owes the member one "refund done" mail, written with the cancellation, in their language', async () => {
    const { registrationId, userId } = await registeredMember(sut)
    sut.identity.setEmail(userId, 'fox@example.com')
    await sut.database.db.execute(
      sql`update users set email = 'fox@example.com' where user_id = ${userId}::uuid`,
    )

    expect((await refund(registrationId, {})).status).toBe(200)
    await sut.api.refunds.providerRefunded(
      (await sut.api.registrations.current(userId))?.checkoutSessionId ?? '',
      2700,
    )

    const owed = await queryRows<{ mail_id: string; kind: string }>(
      sut.database.db,
      sql`select mail_id, kind from mail_outbox where registration_id = ${registrationId}::uuid and kind = 'refunded'`,
    )
    expect(owed.map((mail) => mail.kind)).toEqual(['refunded'])
    const { deliver, sent } = capturingMailer(sut)
    const result = await deliver({
      mailId: owed[0]?.mail_id ?? '',
      kind: 'refunded',
      registrationId,
      waitingEntryId: null,
      attempts: 0,
    })

    expect(result).toEqual({ status: 'sent', messageId: sent[0]?.messageId })
    expect(sent[0]?.to).toBe('fox@example.com')
    expect(sent[0]?.subject).toBe('【東京ふぁーりーフェス】参加登録のキャンセルと返金のお知らせ')
    expect(sent[0]?.text).toContain('2,700円を返金しました')
  })

  it('takes another amount only with a reason, never more than the fee, and only for a paid registration', async () => {
    const { registrationId } = await registeredMember(sut, 'sponsor')

    expect(await refund(registrationId, { amount_jpy: 10_000 })).toMatchObject({
      status: 400,
      body: { message: 'refundReasonRequired' },
    })
    expect(await refund(registrationId, { amount_jpy: 10_000, reason: '   ' })).toMatchObject({ status: 400 })
    expect(await refund(registrationId, { amount_jpy: 10_001, reason: 'typo' })).toMatchObject({
      status: 400,
      body: { message: 'refundAmountTooLarge' },
    })
    expect(sut.gateway.refunds.size).toBe(0)
    const overridden = await refund(registrationId, { amount_jpy: 10_000, reason: 'Venue changed the date' })
    expect(overridden).toMatchObject({
      status: 200,
      body: { amount_jpy: 10_000, policy_amount_jpy: 9_000, reason: 'Venue changed the date' },
    })
    expect(await refund(registrationId, {})).toMatchObject({
      status: 409,
      body: { message: 'alreadyRefunded' },
    })
    expect(await refund(randomUUID(), {})).toMatchObject({ status: 404, body: { message: 'notFound' } })
    expect(await sut.request('POST', refundPath(registrationId), { body: {} })).toMatchObject({ status: 401 })
    const member = await sut.memberToken()
    expect(
      await sut.request('POST', refundPath(registrationId), {
        token: member,
        body: { idempotency_key: randomUUID() },
      }),
    ).toMatchObject({ status: 403 })

    const userId = randomUUID()
    const pending = await sut.request('POST', '/registration', {
      token: await sut.memberToken(userId),
      body: registrationRequest('sponsor'),
    })
    expect(pending.status).toBe(201)
    const row = await sut.api.registrations.current(userId)
    expect(await refund(row?.registrationId ?? '', {})).toMatchObject({
      status: 409,
      body: { message: 'registrationNotPaid' },
    })
  })

  it('cancels without calling the provider when the policy refunds nothing', async () => {
    const { registrationId } = await registeredMember(sut)
    sut.clock.set(lastWeek)
    await admin.renew()

    const response = await refund(registrationId, {})

    expect(response).toMatchObject({ status: 200, body: { amount_jpy: 0, policy_amount_jpy: 0 } })
    expect(sut.gateway.refunds.size).toBe(0)
  })

  it('refunds once under a double submit: the same key, sent twice at once, answers one refund', async () => {
    const { registrationId } = await registeredMember(sut)
    const body = { idempotency_key: randomUUID() }

    const answers = await Promise.all([
      sut.request('POST', refundPath(registrationId), { token: admin.token, body }),
      sut.request('POST', refundPath(registrationId), { token: admin.token, body }),
    ])
    const again = await sut.request('POST', refundPath(registrationId), { token: admin.token, body })

    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(answers[1]?.body).toEqual(answers[0]?.body)
    expect(again.body).toEqual(answers[0]?.body)
    expect(sut.gateway.refunds.size).toBe(1)
    expect(await tierCounts(sut.database, 'member')).toMatchObject({ taken: 0, holding: 0 })
  })

  it('refuses the same key with another amount (409 refundKeyReused) instead of answering the first amount', async () => {
    const { registrationId } = await registeredMember(sut, 'sponsor')
    const key = randomUUID()
    const send = (amount: number) =>
      sut.request('POST', refundPath(registrationId), {
        token: admin.token,
        body: { idempotency_key: key, amount_jpy: amount, reason: 'Venue changed the date' },
      })

    // Sent twice at once with two amounts: one refund, and the other amount refused.
    const raced = await Promise.all([send(8_000), send(7_000)])
    expect(raced.map((answer) => answer.status).sort()).toEqual([200, 409])
    const made = raced.find((answer) => answer.status === 200)?.body as RefundWire
    expect(raced.find((answer) => answer.status === 409)?.body).toEqual({ message: 'refundKeyReused' })

    const other = made.amount_jpy === 8_000 ? 7_000 : 8_000
    expect(await send(other)).toMatchObject({ status: 409, body: { message: 'refundKeyReused' } })
    expect(await send(made.amount_jpy)).toEqual(expect.objectContaining({ status: 200, body: made }))
    expect([...sut.gateway.refunds.values()].map((done) => done.amountJpy)).toEqual([made.amount_jpy])
  })

  it('answers requests raced under different keys with exactly one 200 and 409 alreadyRefunded for the others', async () => {
    const { registrationId } = await registeredMember(sut)
    const keys = [randomUUID(), randomUUID(), randomUUID(), randomUUID()]

    const answers = await Promise.all(
      keys.map((key) =>
        sut.request('POST', refundPath(registrationId), {
          token: admin.token,
          body: { idempotency_key: key },
        }),
      ),
    )

    const winners = keys.filter((_, index) => answers[index]?.status === 200)
    expect(winners).toHaveLength(1)
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer).toMatchObject({ status: 409, body: { message: 'alreadyRefunded' } })
    }
    // The winner's key keeps answering its refund; the others keep being told it was refunded already.
    for (const key of keys) {
      const again = await sut.request('POST', refundPath(registrationId), {
        token: admin.token,
        body: { idempotency_key: key },
      })
      expect(again.status).toBe(key === winners[0] ? 200 : 409)
    }
    expect(sut.gateway.refunds.size).toBe(1)
  })

  it('keeps the registration paid when the provider refuses, records why, and refunds on the retry', async () => {
    const { registrationId, userId } = await registeredMember(sut)
    sut.gateway.refuseNextRefunds()
    const key = randomUUID()

    const refused = await sut.request('POST', refundPath(registrationId), {
      token: admin.token,
      body: { idempotency_key: key },
    })

    expect(refused).toMatchObject({ status: 502, body: { message: 'refundFailed' } })
    expect((await sut.api.registrations.current(userId))?.paymentStatus).toBe('paid')
    const attempts = await queryRows<{ attempt: number; status: string; error: string | null }>(
      sut.database.db,
      sql`select attempt, status, error from refund_attempts where registration_id = ${registrationId}::uuid`,
    )
    expect(attempts).toEqual([
      { attempt: 1, status: 'failed', error: 'Stub payment provider: refund refused' },
    ])
    expect(sut.logger.records).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'The payment provider refused a refund; the registration stays paid',
      }),
    )

    const retried = await sut.request('POST', refundPath(registrationId), {
      token: admin.token,
      body: { idempotency_key: key },
    })

    expect(retried).toMatchObject({ status: 200, body: { amount_jpy: 2700 } })
    expect([...sut.gateway.refunds.keys()]).toEqual([refundProviderKey(registrationId, 2)])
    expect((await sut.api.registrations.current(userId))?.paymentStatus).toBe('canceled')
  })

  it('retries a refund whose answer was lost with the same provider key, so it is not refunded twice', async () => {
    const { registrationId, userId } = await registeredMember(sut)
    sut.gateway.loseNextRefundAnswers()
    // The dialog resends its confirmation's key.
    const idempotency_key = randomUUID()

    const lost = await refund(registrationId, { idempotency_key })
    expect(lost).toMatchObject({ status: 502, body: { message: 'refundFailed' } })
    expect((await sut.api.registrations.current(userId))?.paymentStatus).toBe('paid')

    const retried = await refund(registrationId, { idempotency_key })

    expect(retried).toMatchObject({ status: 200, body: { amount_jpy: 2700 } })
    expect(await refund(registrationId, {})).toMatchObject({
      status: 409,
      body: { message: 'alreadyRefunded' },
    })
    expect([...sut.gateway.refunds.keys()]).toEqual([refundProviderKey(registrationId, 1)])
  })

  it('ends a registration refunded outside the system once, as stripe_dashboard, and ignores its repeats', async () => {
    const { registrationId, userId, sessionId } = await registeredMember(sut)

    const outcomes = [
      await sut.api.refunds.providerRefunded(sessionId, 1000),
      await sut.api.refunds.providerRefunded(sessionId, 3000),
      await sut.api.refunds.providerRefunded('cs_unknown', 3000),
    ]

    expect(outcomes).toEqual(['canceled', 'already_canceled', 'unknown_session'])
    expect((await sut.api.registrations.current(userId))?.paymentStatus).toBe('canceled')
    const quote = await sut.request('GET', refundPath(registrationId), { token: admin.token })
    expect(quote.body).toMatchObject({
      refund: { amount_jpy: 1000, policy_amount_jpy: 2700, source: 'stripe_dashboard' },
    })
    expect((quote.body as RefundQuoteWire).refund?.staff_user_id).toBeUndefined()
    expect(await tierCounts(sut.database, 'member')).toMatchObject({ taken: 0, holding: 0 })
    expect(sut.logger.records).toContainEqual(
      expect.objectContaining({
        msg: 'A refund made outside the system (Stripe Dashboard) canceled a registration',
      }),
    )
  })

  it('completes, from the provider’s report, a staff refund whose request died after the provider refunded', async () => {
    const { registrationId, userId, sessionId } = await registeredMember(sut)
    sut.gateway.loseNextRefundAnswers()
    expect((await refund(registrationId, { amount_jpy: 1234, reason: 'Goodwill' })).status).toBe(502)

    expect(await sut.api.refunds.providerRefunded(sessionId, 1234)).toBe('canceled')

    expect((await sut.api.registrations.current(userId))?.paymentStatus).toBe('canceled')
    const quote = await sut.request('GET', refundPath(registrationId), { token: admin.token })
    expect(quote.body).toMatchObject({
      refund: { amount_jpy: 1234, reason: 'Goodwill', source: 'staff', staff_user_id: admin.id },
    })
  })
})

describe('refunds raced by two API instances on one PostgreSQL', () => {
  const database = useTestDatabase('postgres')

  it('answers exactly one 200, and 409 alreadyRefunded to every other key, and refunds once', async () => {
    const gateway = createStubPaymentGateway({ pwaUrl })
    const { first, second, close } = await twoTestApis(database(), { gateway })
    try {
      const { registrationId } = await registeredMember(first)
      const staff = [first, second, first, second]
      const tokens = await Promise.all(staff.map((api) => api.adminToken()))

      const answers = await Promise.all(
        staff.map((api, index) =>
          api.request('POST', refundPath(registrationId), {
            token: tokens[index],
            body: { idempotency_key: randomUUID() },
          }),
        ),
      )

      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([
        { message: 'alreadyRefunded' },
        { message: 'alreadyRefunded' },
        { message: 'alreadyRefunded' },
      ])
      expect(gateway.refunds.size).toBe(1)
    } finally {
      await close()
    }
  })
})
