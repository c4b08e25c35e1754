import { randomUUID } from 'node:crypto'
import type { CheckInItemWire, RefundQuoteWire, RefundWire } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { createStubPaymentGateway } from '../src/payments/stub-gateway.ts'
import { refundProviderKey } from '../src/services/refund-attempts.ts'
import {
  checkoutSessionOf,
  databaseKinds,
  payCheckout,
  pwaUrl,
  registeredMember,
  registrationRequest,
  type TestApi,
  type TestResponse,
  tierCounts,
  twoTestApis,
  useAdmin,
  useTestApi,
  useTestDatabase,
} from './support/harness.ts'
import { capturingMailer } from './support/mailer.ts'

/*
 * A participant cancels their own paid registration on My Page (decision 165): the policy amount of today,
 * refunded once through the staff refund's attempts whatever races it, the spot offered to the waiting list,
 * the code refused at the door, the mail owed and the audit entry written.
 */

/** Before the policy's first cut-off: 90 % of the 3000 yen member fee. */
const early = Date.parse('2025-03-01T10:00:00+09:00')
/** Between the cut-offs: 50 %. */
const late = Date.parse('2025-04-11T00:00:00+09:00')
/** In the last week: nothing. */
const lastWeek = Date.parse('2025-05-04T00:00:00+09:00')
/** The day after the event. */
const afterEvent = Date.parse('2025-05-11T10:00:00+09:00')

const cancelPath = '/registration/cancellation'

function cancel(sut: TestApi, token: string, refundJpy = 2700, key: string = randomUUID()) {
  return sut.request('POST', cancelPath, { token, body: { idempotency_key: key, refund_jpy: refundJpy } })
}

function checkInItem(sut: TestApi, registrationId: string): CheckInItemWire {
  return {
    id: randomUUID(),
    registration_id: registrationId,
    device_id: 'device-A',
    device_name: 'A',
    checked_in_at: new Date(sut.clock()).toISOString(),
    kind: 'check_in',
  }
}

const statuses = (answers: TestResponse[]) => answers.map((answer) => answer.status).sort()

describe.each(databaseKinds)('a participant cancels their own registration on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 1, sponsor: 3 } })
  const admin = useAdmin(sut)

  const checkIn = (registrationId: string) =>
    sut.request('POST', '/admin/check-ins', {
      token: admin.token,
      body: { items: [checkInItem(sut, registrationId)] },
    })

  it("quotes today's policy amount, the same one staff are proposed", async () => {
    const { registrationId, userId } = await registeredMember(sut)
    const quotes: RefundQuoteWire[] = []
    for (const at of [early, late, lastWeek]) {
      sut.clock.set(at)
      const response = await sut.request('GET', cancelPath, { token: await sut.memberToken() })
      expect(response).toMatchObject({ status: 404, body: { message: 'notFound' } })
      const mine = await sut.request('GET', cancelPath, { token: await sut.memberToken(userId) })
      expect(mine.status).toBe(200)
      quotes.push(mine.body as RefundQuoteWire)
    }
    expect(quotes.map((quote) => [quote.policy_period, quote.policy_refund_jpy])).toEqual([
      ['early', 2700],
      ['late', 1500],
      ['none', 0],
    ])
    expect(quotes[0]).toMatchObject({
      registration_id: registrationId,
      payment_status: 'paid',
      fee_jpy: 3000,
    })
  })

  it('refunds once, frees the spot for the first person waiting, stops the code at the door, owes the mail and audits it', async () => {
    const first = await registeredMember(sut)
    const waiting = await sut.memberToken()
    const { success_url: _, cancel_url: __, ...fields } = registrationRequest('member', 'Waiter')
    expect((await sut.request('POST', '/waiting-list', { token: waiting, body: fields })).status).toBe(201)

    const response = await cancel(sut, first.token)

    expect(response).toEqual(
      expect.objectContaining({
        status: 200,
        body: {
          registration_id: first.registrationId,
          amount_jpy: 2700,
          policy_amount_jpy: 2700,
          source: 'participant',
          refunded_at: new Date(sut.clock()).toISOString(),
        } satisfies RefundWire,
      }),
    )
    expect([...sut.gateway.refunds.values()].map((made) => made.request)).toEqual([
      expect.objectContaining({
        checkoutSessionId: first.sessionId,
        amountJpy: 2700,
        idempotencyKey: refundProviderKey(first.registrationId, 1),
      }),
    ])
    expect((await sut.request('GET', '/registration', { token: first.token })).body).toMatchObject({
      payment_status: 'canceled',
      refunded_jpy: 2700,
    })
    // The spot went to the waiting list at once: held by the offer.
    expect((await sut.request('GET', '/waiting-list', { token: waiting })).body).toMatchObject({
      status: 'offered',
    })
    expect(await tierCounts(sut.database, 'member')).toMatchObject({ taken: 1 })
    expect((await checkIn(first.registrationId)).body).toMatchObject({
      results: [{ status: 'rejected', reason: 'canceled' }],
    })
    expect((await sut.request('GET', '/registration/jwt', { token: first.token })).status).toBe(404)
    // The reception's next snapshot marks it canceled, so the door's offline check refuses the code too.
    const list = await sut.request('GET', '/admin/participants', { token: admin.token })
    expect(
      (list.body as { items: { registration?: { id?: string; payment_status: string } }[] }).items,
    ).toContainEqual(
      expect.objectContaining({
        registration: expect.objectContaining({ id: first.registrationId, payment_status: 'canceled' }),
      }),
    )
    const mails = await queryRows<{ kind: string }>(
      sut.database.db,
      sql`select kind from mail_outbox where registration_id = ${first.registrationId}::uuid and kind = 'refunded'`,
    )
    expect(mails).toEqual([{ kind: 'refunded' }])
    const audit = await sut.request('GET', '/admin/audit?action=participantCanceled', { token: admin.token })
    expect((audit.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        actor_id: first.userId,
        action: 'participantCanceled',
        subject: first.registrationId,
        at: new Date(sut.clock()).toISOString(),
        details: { from: 'paid', to: 'canceled', amountJpy: 2700, policyAmountJpy: 2700 },
      }),
    ])
  })

  it('mails the participant in the language they registered in', async () => {
    const userId = randomUUID()
    const token = await sut.memberToken(userId)
    sut.identity.setEmail(userId, 'fox@example.com')
    await sut.database.db.execute(
      sql`update users set email = 'fox@example.com' where user_id = ${userId}::uuid`,
    )
    const created = await sut.request('POST', '/registration', {
      token,
      body: { ...registrationRequest('member'), language: 'en' },
    })
    await payCheckout(sut, checkoutSessionOf(created))

    expect((await cancel(sut, token)).status).toBe(200)

    const [owed] = await queryRows<{ mail_id: string; registration_id: string }>(
      sut.database.db,
      sql`select mail_id, registration_id from mail_outbox where kind = 'refunded'`,
    )
    const { deliver, sent } = capturingMailer(sut)
    await deliver({
      mailId: owed?.mail_id ?? '',
      kind: 'refunded',
      registrationId: owed?.registration_id ?? '',
      waitingEntryId: null,
      attempts: 0,
    })
    expect(sent.map((mail) => mail.to)).toEqual(['fox@example.com'])
    expect(sent[0]?.text).toContain(
      'has been canceled and ¥2,700 has been refunded to the card you paid with',
    )
  })

  it('still cancels after the last cut-off, refunding nothing and freeing the spot', async () => {
    const first = await registeredMember(sut)
    sut.clock.set(lastWeek)

    const response = await cancel(sut, await sut.memberToken(first.userId), 0)

    expect(response).toMatchObject({ status: 200, body: { amount_jpy: 0, source: 'participant' } })
    expect(sut.gateway.refunds.size).toBe(0)
    expect(await tierCounts(sut.database, 'member')).toMatchObject({ taken: 0, holding: 0 })
  })

  it('refuses an amount the policy no longer gives, a registration not paid, one checked in, and a second cancel', async () => {
    const paid = await registeredMember(sut, 'sponsor')
    sut.clock.set(late)
    await admin.renew()
    const token = await sut.memberToken(paid.userId)
    expect(await cancel(sut, token, 9000)).toMatchObject({
      status: 409,
      body: { message: 'refundAmountChanged' },
    })
    expect(await cancel(sut, token, 5000, 'not-a-uuid')).toMatchObject({ status: 400 })

    const pending = await registeredMember(sut, 'sponsor', { pay: false })
    expect(await cancel(sut, await sut.memberToken(pending.userId), 5000)).toMatchObject({
      status: 409,
      body: { message: 'registrationNotPaid' },
    })
    expect(await cancel(sut, await sut.memberToken(), 5000)).toMatchObject({ status: 404 })

    const arrived = await registeredMember(sut, 'sponsor')
    expect((await checkIn(arrived.registrationId)).body).toMatchObject({ results: [{ status: 'accepted' }] })
    expect(await cancel(sut, await sut.memberToken(arrived.userId), 5000)).toMatchObject({
      status: 409,
      body: { message: 'alreadyCheckedIn' },
    })

    expect((await cancel(sut, token, 5000)).status).toBe(200)
    expect(await cancel(sut, token, 5000)).toMatchObject({
      status: 409,
      body: { message: 'alreadyRefunded' },
    })
    expect(sut.gateway.refunds.size).toBe(1)
  })

  it('refuses once the event is over or called off', async () => {
    const first = await registeredMember(sut)
    await sut.database.db.execute(
      sql`insert into event_cancellation_runs (run_id, edition_id, expenses_per_person_jpy, status, total_registrations, started_by, started_at)
          values (${randomUUID()}::uuid, (select edition_id from current_edition where id = 1), 0, 'finished', 0, 'committee', now())`,
    )
    expect(await cancel(sut, first.token)).toMatchObject({
      status: 409,
      body: { message: 'cancelDuringEventCancellation' },
    })
    sut.clock.set(afterEvent)
    expect(await cancel(sut, await sut.memberToken(first.userId), 0)).toMatchObject({
      status: 409,
      body: { message: 'editionOver' },
    })
    expect(sut.gateway.refunds.size).toBe(0)
  })

  it('answers a double submit with one refund, and two tabs with one 200 and one alreadyRefunded', async () => {
    const double = await registeredMember(sut, 'sponsor')
    const key = randomUUID()
    const same = await Promise.all([
      cancel(sut, double.token, 9000, key),
      cancel(sut, double.token, 9000, key),
    ])
    expect(statuses(same)).toEqual([200, 200])
    expect(same[1]?.body).toEqual(same[0]?.body)

    const tabs = await registeredMember(sut, 'sponsor')
    const raced = await Promise.all([cancel(sut, tabs.token, 9000), cancel(sut, tabs.token, 9000)])
    expect(statuses(raced)).toEqual([200, 409])
    expect(raced.find((answer) => answer.status === 409)?.body).toEqual({ message: 'alreadyRefunded' })

    expect([...sut.gateway.refunds.values()].map((made) => made.request.registrationId).sort()).toEqual(
      [double.registrationId, tabs.registrationId].sort(),
    )
    expect(await tierCounts(sut.database, 'sponsor')).toMatchObject({ taken: 0, holding: 0 })
  })

  it('races a staff refund: one of them refunds, the other is told alreadyRefunded', async () => {
    const first = await registeredMember(sut)

    const [mine, staff] = await Promise.all([
      cancel(sut, first.token),
      sut.request('POST', `/admin/registrations/${first.registrationId}/refund`, {
        token: admin.token,
        body: { idempotency_key: randomUUID() },
      }),
    ])

    expect(statuses([mine as TestResponse, staff as TestResponse])).toEqual([200, 409])
    expect(sut.gateway.refunds.size).toBe(1)
    expect(await tierCounts(sut.database, 'member')).toMatchObject({ taken: 0, holding: 0 })
  })

  it('races a check-in: either the door admits and the cancel is refused, or the cancel refunds and the door refuses', async () => {
    const first = await registeredMember(sut)

    const [mine, door] = await Promise.all([cancel(sut, first.token), checkIn(first.registrationId)])

    const doorStatus = (door.body as { results: { status: string }[] }).results[0]?.status
    if (mine.status === 200) {
      expect(door.body).toMatchObject({ results: [{ status: 'rejected', reason: 'canceled' }] })
      expect(sut.gateway.refunds.size).toBe(1)
    } else {
      expect(mine.body).toEqual({ message: 'alreadyCheckedIn' })
      expect(doorStatus).toBe('accepted')
      expect(sut.gateway.refunds.size).toBe(0)
    }
  })

  it('refuses the door while the refund is under way, and completes a lost answer from the webhook and its replays once', async () => {
    const first = await registeredMember(sut)
    sut.gateway.loseNextRefundAnswers()
    const key = randomUUID()

    expect(await cancel(sut, first.token, 2700, key)).toMatchObject({
      status: 502,
      body: { message: 'refundFailed' },
    })
    expect((await checkIn(first.registrationId)).body).toMatchObject({
      results: [{ status: 'rejected', reason: 'canceled' }],
    })
    // A cut-off passes before the webhook and the retry: the confirmed amount stands.
    sut.clock.set(late)
    const outcomes = [
      await sut.api.refunds.providerRefunded(first.sessionId, 2700),
      await sut.api.refunds.providerRefunded(first.sessionId, 2700),
    ]
    const retried = await cancel(sut, await sut.memberToken(first.userId), 2700, key)

    expect(outcomes).toEqual(['canceled', 'already_canceled'])
    expect(retried).toMatchObject({ status: 200, body: { amount_jpy: 2700, source: 'participant' } })
    expect([...sut.gateway.refunds.keys()]).toEqual([refundProviderKey(first.registrationId, 1)])
    expect(await tierCounts(sut.database, 'member')).toMatchObject({ taken: 0, holding: 0 })
    const audited = await queryRows<{ n: number }>(
      sut.database.db,
      sql`select count(*)::int as n from staff_audit where action = 'participantCanceled'`,
    )
    expect(audited).toEqual([{ n: 1 }])
  })
})

describe('participant cancels raced on two API instances on one PostgreSQL', () => {
  const database = useTestDatabase('postgres')

  it('refunds once across tabs on both instances and a staff refund', async () => {
    const gateway = createStubPaymentGateway({ pwaUrl })
    const { first, second, close } = await twoTestApis(database(), { gateway })
    try {
      const { registrationId, userId } = await registeredMember(first)
      const tokens = await Promise.all([first.memberToken(userId), second.memberToken(userId)])
      const staffToken = await second.adminToken()

      const answers = await Promise.all([
        cancel(first, tokens[0] ?? ''),
        cancel(second, tokens[1] ?? ''),
        cancel(first, tokens[0] ?? ''),
        second.request('POST', `/admin/registrations/${registrationId}/refund`, {
          token: staffToken,
          body: { idempotency_key: randomUUID() },
        }),
      ])

      expect(statuses(answers)).toEqual([200, 409, 409, 409])
      expect(gateway.refunds.size).toBe(1)
      expect(await tierCounts(first.database, 'member')).toMatchObject({ taken: 0, holding: 0 })
    } finally {
      await close()
    }
  })
})
