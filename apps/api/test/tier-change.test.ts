import { randomUUID } from 'node:crypto'
import type { CheckInItemWire, TierChangeQuoteWire, TierChangeWire } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { createStubPaymentGateway } from '../src/payments/stub-gateway.ts'
import { tierChangeRefundKey } from '../src/services/tier-change-refunds.ts'
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
 * A paid participant moves to another tier on My Page (decision 167): only to a tier without a changing room, the
 * new spot taken and the old one offered on, the difference refunded once at the policy rate of the day, the
 * registration's id and code kept, audited and mailed in the registration's language.
 */

// The test clock starts before the policy's first cut-off: 90 %.
/** Between the cut-offs: 50 %. */
const late = Date.parse('2025-04-11T00:00:00+09:00')
/** The badge print day (7 days before the 2025-05-10 event): changes are closed. */
const printDay = Date.parse('2025-05-03T00:00:00+09:00')
/** The day after the event. */
const afterEvent = Date.parse('2025-05-11T10:00:00+09:00')

const path = '/registration/tier-change'

function change(
  sut: TestApi,
  token: string,
  body: { tier: string; amount: number; size?: string; key?: string },
) {
  return sut.request('POST', path, {
    token,
    body: {
      idempotency_key: body.key ?? randomUUID(),
      registration_tier: body.tier,
      amount_jpy: body.amount,
      ...(body.size ? { t_shirt_size: body.size } : {}),
    },
  })
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

async function registrationOf(sut: TestApi, registrationId: string) {
  const [row] = await queryRows<{
    registration_tier: string
    t_shirt_size: string | null
    changing_room_type: string | null
    amount_jpy: number
    payment_status: string
  }>(
    sut.database.db,
    sql`select registration_tier, t_shirt_size, changing_room_type, amount_jpy, payment_status
        from registrations where registration_id = ${registrationId}::uuid`,
  )
  return row
}

describe.each(databaseKinds)('a participant changes tier after paying on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 2, fursuiter: 2, sponsor: 2, sponsor_fursuiter: 2 } })
  const admin = useAdmin(sut)

  const checkIn = (registrationId: string) =>
    sut.request('POST', '/admin/check-ins', {
      token: admin.token,
      body: { items: [checkInItem(sut, registrationId)] },
    })

  it('quotes only the tiers without a changing room, with the difference to pay or the policy refund of today', async () => {
    const { token, registrationId, userId } = await registeredMember(sut, 'fursuiter')

    const quote = await sut.request('GET', path, { token })

    expect(quote).toMatchObject({
      status: 200,
      body: {
        registration_id: registrationId,
        registration_tier: 'fursuiter',
        paid_jpy: 4000,
        policy_percentage: 90,
        closes_at: new Date(printDay).toISOString(),
        targets: [
          {
            registration_tier: 'member',
            price_jpy: 3000,
            direction: 'downgrade',
            pay_jpy: 0,
            refund_jpy: 900,
            available: true,
          },
          {
            registration_tier: 'sponsor',
            price_jpy: 10000,
            direction: 'upgrade',
            pay_jpy: 6000,
            refund_jpy: 0,
            available: true,
          },
        ],
      } satisfies TierChangeQuoteWire,
    })
    sut.clock.set(late)
    const later = await sut.request('GET', path, { token: await sut.memberToken(userId) })
    expect((later.body as TierChangeQuoteWire).targets[0]).toMatchObject({ refund_jpy: 500 })
    expect(await sut.request('GET', path, { token: await sut.memberToken() })).toMatchObject({ status: 404 })
  })

  it('moves down: the new spot taken, the old one offered to the waiting list, the difference refunded once, same id and code, audited and mailed', async () => {
    const first = await registeredMember(sut, 'fursuiter')
    await registeredMember(sut, 'fursuiter')
    const waiting = await sut.memberToken()
    const { success_url: _, cancel_url: __, ...fields } = registrationRequest('fursuiter', 'Waiter')
    expect((await sut.request('POST', '/waiting-list', { token: waiting, body: fields })).status).toBe(201)

    const response = await change(sut, first.token, { tier: 'member', amount: 900 })

    expect(response).toEqual(
      expect.objectContaining({
        status: 200,
        body: {
          registration_id: first.registrationId,
          from_tier: 'fursuiter',
          to_tier: 'member',
          direction: 'downgrade',
          status: 'changed',
          refund_jpy: 900,
          pay_jpy: 0,
        } satisfies TierChangeWire,
      }),
    )
    expect(await registrationOf(sut, first.registrationId)).toEqual({
      registration_tier: 'member',
      t_shirt_size: null,
      changing_room_type: null,
      amount_jpy: 3000,
      payment_status: 'paid',
    })
    const refunds = [...sut.gateway.refunds.entries()]
    expect(
      refunds.map(([key, made]) => [
        key.startsWith(`tier-change-refund-${first.registrationId}-`),
        made.request,
      ]),
    ).toEqual([[true, expect.objectContaining({ checkoutSessionId: first.sessionId, amountJpy: 900 })]])
    expect(await tierCounts(sut.database, 'member')).toMatchObject({ taken: 1 })
    // The fursuiter spot went to the first person waiting, held by the offer.
    expect((await sut.request('GET', '/waiting-list', { token: waiting })).body).toMatchObject({
      status: 'offered',
    })
    // The same registration and code: the code still signs, and the next reception snapshot carries the new tier.
    expect((await sut.request('GET', '/registration', { token: first.token })).body).toMatchObject({
      registration_tier: 'member',
      payment_status: 'paid',
    })
    expect((await sut.request('GET', '/registration/jwt', { token: first.token })).status).toBe(200)
    const list = await sut.request('GET', '/admin/participants', { token: admin.token })
    expect(
      (list.body as { items: { registration?: { id?: string; registration_tier: string } }[] }).items,
    ).toContainEqual(
      expect.objectContaining({
        registration: expect.objectContaining({ id: first.registrationId, registration_tier: 'member' }),
      }),
    )
    expect((await checkIn(first.registrationId)).body).toMatchObject({ results: [{ status: 'accepted' }] })
    const mails = await queryRows<{ kind: string }>(
      sut.database.db,
      sql`select kind from mail_outbox where registration_id = ${first.registrationId}::uuid
          and kind like 'tier_change%' order by kind`,
    )
    expect(mails).toEqual([{ kind: 'tier_change_refunded' }, { kind: 'tier_changed' }])
    const audit = await sut.request('GET', '/admin/audit?action=participantChangedTier', {
      token: admin.token,
    })
    expect((audit.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        actor_id: first.userId,
        subject: first.registrationId,
        at: new Date(sut.clock()).toISOString(),
        details: { from: 'fursuiter', to: 'member', direction: 'downgrade', amountJpy: 900, priceJpy: 3000 },
      }),
    ])
  })

  it("asks a sponsor tier for its T-shirt size and keeps it; mails in the registration's language", async () => {
    const userId = randomUUID()
    const token = await sut.memberToken(userId)
    sut.identity.setEmail(userId, 'fox@example.com')
    await sut.database.db.execute(
      sql`update users set email = 'fox@example.com' where user_id = ${userId}::uuid`,
    )
    const created = await sut.request('POST', '/registration', {
      token,
      body: { ...registrationRequest('sponsor_fursuiter'), language: 'en' },
    })
    await payCheckout(sut, checkoutSessionOf(created))
    const mine = await sut.api.registrations.current(userId)

    expect(await change(sut, token, { tier: 'sponsor', amount: 900 })).toMatchObject({
      status: 400,
      body: { message: 'invalidRequest' },
    })
    expect(await change(sut, token, { tier: 'sponsor', amount: 900, size: 'M' })).toMatchObject({
      status: 200,
      body: { to_tier: 'sponsor', refund_jpy: 900 },
    })
    expect(await registrationOf(sut, mine?.registrationId ?? '')).toMatchObject({
      registration_tier: 'sponsor',
      t_shirt_size: 'M',
      changing_room_type: null,
      amount_jpy: 10000,
    })

    const owed = await queryRows<{ mail_id: string; kind: 'tier_changed' | 'tier_change_refunded' }>(
      sut.database.db,
      sql`select mail_id, kind from mail_outbox where registration_id = ${mine?.registrationId}::uuid
          and kind like 'tier_change%' order by kind desc`,
    )
    const { deliver, sent } = capturingMailer(sut)
    for (const mail of owed) {
      await deliver({
        mailId: mail.mail_id,
        kind: mail.kind,
        registrationId: mine?.registrationId ?? '',
        waitingEntryId: null,
        attempts: 0,
      })
    }
    expect(sent.map((mail) => mail.to)).toEqual(['fox@example.com', 'fox@example.com'])
    expect(sent[0]?.text).toContain('Your registration was moved from Fursuiter sponsor to Sponsor')
    expect(sent[1]?.text).toContain('has been refunded to the card you paid with for your move to Sponsor')
  })

  it('refuses a fursuit tier, the same tier, a changed amount, a move up, an unpaid registration, one checked in, after the print day and after the event', async () => {
    const paid = await registeredMember(sut, 'sponsor')
    const token = paid.token
    expect(await change(sut, token, { tier: 'fursuiter', amount: 0 })).toMatchObject({
      status: 409,
      body: { message: 'tierChangeToFursuitTier' },
    })
    expect(await change(sut, token, { tier: 'sponsor_fursuiter', amount: 1000 })).toMatchObject({
      status: 409,
      body: { message: 'tierChangeToFursuitTier' },
    })
    expect(await change(sut, token, { tier: 'sponsor', amount: 0, size: 'L' })).toMatchObject({
      status: 409,
      body: { message: 'tierChangeSameTier' },
    })
    expect(await change(sut, token, { tier: 'member', amount: 7000 })).toMatchObject({
      status: 409,
      body: { message: 'tierChangeAmountChanged' },
    })
    // Moving up for an amount no longer right is refused like a downgrade.
    const member = await registeredMember(sut, 'member')
    expect(await change(sut, member.token, { tier: 'sponsor', amount: 6000, size: 'M' })).toMatchObject({
      status: 409,
      body: { message: 'tierChangeAmountChanged' },
    })
    const pending = await registeredMember(sut, 'sponsor', { pay: false })
    expect(await change(sut, pending.token, { tier: 'member', amount: 6300 })).toMatchObject({
      status: 409,
      body: { message: 'registrationNotPaid' },
    })
    const arrived = await registeredMember(sut, 'fursuiter')
    expect((await checkIn(arrived.registrationId)).body).toMatchObject({ results: [{ status: 'accepted' }] })
    expect(await change(sut, arrived.token, { tier: 'member', amount: 900 })).toMatchObject({
      status: 409,
      body: { message: 'tierChangeCheckedIn' },
    })
    sut.clock.set(printDay)
    expect(
      await change(sut, await sut.memberToken(paid.userId), { tier: 'member', amount: 0 }),
    ).toMatchObject({
      status: 409,
      body: { message: 'tierChangeClosed' },
    })
    sut.clock.set(afterEvent)
    expect(
      await change(sut, await sut.memberToken(paid.userId), { tier: 'member', amount: 0 }),
    ).toMatchObject({
      status: 409,
      body: { message: 'editionOver' },
    })
    expect(sut.gateway.refunds.size).toBe(0)
    expect(await registrationOf(sut, paid.registrationId)).toMatchObject({ registration_tier: 'sponsor' })
  })

  it('refuses a sold-out tier and one people wait for, and changes nothing', async () => {
    await registeredMember(sut, 'member')
    await registeredMember(sut, 'member')
    const mover = await registeredMember(sut, 'fursuiter')

    expect(await change(sut, mover.token, { tier: 'member', amount: 900 })).toMatchObject({
      status: 409,
      body: { message: 'soldOut' },
    })
    expect((await sut.request('GET', path, { token: mover.token })).body).toMatchObject({
      targets: [{ registration_tier: 'member', available: false }, { registration_tier: 'sponsor' }],
    })
    expect(await registrationOf(sut, mover.registrationId)).toMatchObject({ registration_tier: 'fursuiter' })
    expect(await tierCounts(sut.database, 'fursuiter')).toMatchObject({ taken: 1 })
    expect(sut.gateway.refunds.size).toBe(0)
  })

  it('answers a double submit with one change and one refund, and two tabs with one change', async () => {
    const double = await registeredMember(sut, 'fursuiter')
    const key = randomUUID()
    const same = await Promise.all([
      change(sut, double.token, { tier: 'member', amount: 900, key }),
      change(sut, double.token, { tier: 'member', amount: 900, key }),
    ])
    expect(statuses(same)).toEqual([200, 200])
    expect(same[1]?.body).toEqual(same[0]?.body)

    const tabs = await registeredMember(sut, 'sponsor_fursuiter')
    const raced = await Promise.all([
      change(sut, tabs.token, { tier: 'member', amount: 7200 }),
      change(sut, tabs.token, { tier: 'member', amount: 7200 }),
    ])
    expect(statuses(raced)).toEqual([200, 409])

    expect([...sut.gateway.refunds.values()].map((made) => made.amountJpy).sort()).toEqual([7200, 900])
    expect(await tierCounts(sut.database, 'member')).toMatchObject({ taken: 2 })
  })

  it('races a check-in: the door admits either way; the change is made before it or refused after it', async () => {
    const first = await registeredMember(sut, 'fursuiter')

    const [mine, door] = await Promise.all([
      change(sut, first.token, { tier: 'member', amount: 900 }),
      checkIn(first.registrationId),
    ])

    expect(door.body).toMatchObject({ results: [{ status: 'accepted' }] })
    const after = await registrationOf(sut, first.registrationId)
    if (mine.status === 200) {
      expect(after).toMatchObject({ registration_tier: 'member' })
      expect(sut.gateway.refunds.size).toBe(1)
    } else {
      expect(mine.body).toEqual({ message: 'tierChangeCheckedIn' })
      expect(after).toMatchObject({ registration_tier: 'fursuiter' })
      expect(sut.gateway.refunds.size).toBe(0)
    }
  })

  it('races a staff refund: never more refunded than was paid, and the spots stay exact', async () => {
    const first = await registeredMember(sut, 'sponsor')

    const [mine, staff] = await Promise.all([
      change(sut, first.token, { tier: 'member', amount: 6300 }),
      sut.request('POST', `/admin/registrations/${first.registrationId}/refund`, {
        token: admin.token,
        body: { idempotency_key: randomUUID() },
      }),
    ])

    const refunded = [...sut.gateway.refunds.values()].reduce((sum, made) => sum + made.amountJpy, 0)
    const after = await registrationOf(sut, first.registrationId)
    // Three orders are possible; each refunds at most what was paid and leaves one consistent state.
    const outcome = [mine.status, staff.status, after?.payment_status, after?.registration_tier, refunded]
    const changedFirstThenRefunded = [200, 200, 'canceled', 'member', 6300 + 2700]
    // The staff member read the sponsor fee before the change: their refund is refused, to be asked again.
    const changedFirstStaffToldAmountChanged = [200, 409, 'paid', 'member', 6300]
    const refundedFirst = [409, 200, 'canceled', 'sponsor', 9000]
    expect([changedFirstThenRefunded, changedFirstStaffToldAmountChanged, refundedFirst]).toContainEqual(
      outcome,
    )
    if (staff.status === 409) expect(staff.body).toEqual({ message: 'refundAmountChanged' })
    expect(refunded).toBeLessThanOrEqual(10000)
    expect(await tierCounts(sut.database, 'sponsor')).toMatchObject({ taken: 0, holding: 0 })
  })

  it('keeps the change when the provider does not answer, refunds once by the sweep or a retry, and takes its webhook for no cancellation', async () => {
    const first = await registeredMember(sut, 'fursuiter')
    sut.gateway.loseNextRefundAnswers()
    const key = randomUUID()

    expect(await change(sut, first.token, { tier: 'member', amount: 900, key })).toMatchObject({
      status: 200,
      body: { to_tier: 'member', refund_jpy: 900 },
    })
    expect(await sut.api.refunds.providerRefunded(first.sessionId, 900)).toBe('tier_change')
    await sut.api.registrations.releaseExpired()
    expect(await sut.api.refunds.providerRefunded(first.sessionId, 900)).toBe('tier_change')
    expect(await change(sut, first.token, { tier: 'member', amount: 900, key })).toMatchObject({
      status: 200,
    })

    const [changed] = await queryRows<{ change_id: string; refund_status: string }>(
      sut.database.db,
      sql`select change_id, refund_status from tier_changes where registration_id = ${first.registrationId}::uuid`,
    )
    expect(changed?.refund_status).toBe('refunded')
    expect([...sut.gateway.refunds.keys()]).toEqual([
      tierChangeRefundKey({ registrationId: first.registrationId, changeId: changed?.change_id ?? '' }),
    ])
    expect(await registrationOf(sut, first.registrationId)).toMatchObject({ payment_status: 'paid' })
    // A refund beyond the downgrade's, made in the Dashboard, still cancels it as before.
    expect(await sut.api.refunds.providerRefunded(first.sessionId, 4000)).toBe('canceled')
  })
})

describe('tier changes raced on two API instances on one PostgreSQL', () => {
  const database = useTestDatabase('postgres')

  it('changes once and refunds once across tabs on both instances', async () => {
    const gateway = createStubPaymentGateway({ pwaUrl })
    const { first, second, close } = await twoTestApis(database(), { gateway })
    try {
      const { userId } = await registeredMember(first, 'fursuiter')
      const tokens = await Promise.all([first.memberToken(userId), second.memberToken(userId)])
      const key = randomUUID()

      const answers = await Promise.all([
        change(first, tokens[0] ?? '', { tier: 'member', amount: 900, key }),
        change(second, tokens[1] ?? '', { tier: 'member', amount: 900, key }),
        change(second, tokens[1] ?? '', { tier: 'member', amount: 900 }),
      ])

      expect(statuses(answers)).toEqual([200, 200, 409])
      expect(gateway.refunds.size).toBe(1)
      expect(await tierCounts(first.database, 'member')).toMatchObject({ taken: 1, holding: 1 })
      expect(await tierCounts(first.database, 'fursuiter')).toMatchObject({ taken: 0, holding: 0 })
    } finally {
      await close()
    }
  })
})
