import { randomUUID } from 'node:crypto'
import {
  type DashboardWire,
  firstEdition,
  type ParticipantListWire,
  type RegistrationHistoryWire,
  type RegistrationWire,
  type StoredEditionWire,
} from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { nextRegistrationOpenToday, publishNextEdition } from './support/editions.ts'
import {
  checkoutSessionOf,
  databaseKinds,
  inventoryConsistency,
  minutes,
  pwaUrl,
  registeredMember,
  registrationRequest,
  useTestApi,
} from './support/harness.ts'
import { payOnHostedPage, sessionIdOfPaymentUrl, testCards, usePaymentStack } from './support/payments.ts'

/*
 * Registrations, holds, the waiting list, the inventory and the staff's reads belong to an edition, and the
 * current edition's phase gates what starts or takes money (decision 158).
 */

const firstPrice = firstEdition.tiers.member.priceJpy
const nextPrice = firstPrice + 1500
const at = (text: string) => Date.parse(text)
const days = (count: number) => count * 24 * 60 * 60 * 1000

describe.each(databaseKinds)('editions through the Stripe emulator on %s', (kind) => {
  const stack = usePaymentStack(kind)

  async function registerAndPay(token: string): Promise<string> {
    const created = await stack.sut.request('POST', '/registration', { token, body: registrationRequest() })
    expect(created.status).toBe(201)
    const paymentUrl = (created.body as { payment_url: string }).payment_url
    expect((await payOnHostedPage(paymentUrl, { card_number: testCards.succeeds })).status).toBe(303)
    await stack.settled()
    return sessionIdOfPaymentUrl(paymentUrl)
  }

  it('lets last edition’s member register and pay the next one at its price, with figures per edition', async () => {
    const { sut, stripe } = stack
    const member = randomUUID()
    const onlyLastYear = randomUUID()
    const firstSession = await registerAndPay(await sut.memberToken(member))
    await registerAndPay(await sut.memberToken(onlyLastYear))

    await publishNextEdition(sut, {
      eventDate: '2026-06-20',
      registration: { opens_on: '2026-02-14', closes_on: '2026-06-19' },
      member: { price_jpy: nextPrice, capacity: 5, on_sale: true },
    })
    // The next edition is announced: its registration opens on 14 February 2026.
    const early = await sut.request('POST', '/registration', {
      token: await sut.memberToken(member),
      body: registrationRequest(),
    })
    expect(early).toMatchObject({ status: 409, body: { message: 'registrationNotOpenYet' } })

    sut.clock.set(at('2026-03-01T10:00:00+09:00'))
    const nextSession = await registerAndPay(await sut.memberToken(member))
    const session = await stripe.checkout.sessions.retrieve(nextSession, { expand: ['line_items'] })
    expect(session).toMatchObject({ currency: 'jpy', amount_total: nextPrice, payment_status: 'paid' })
    expect(session.line_items?.data[0]?.amount_total).toBe(nextPrice)
    expect(await stripe.checkout.sessions.retrieve(firstSession)).toMatchObject({ amount_total: firstPrice })

    // My Page: this edition's registration, without the past ones (they have their own route)...
    const mine = await sut.request('GET', '/registration', { token: await sut.memberToken(member) })
    expect(mine).toMatchObject({
      status: 200,
      body: { payment_status: 'paid', registration_tier: 'member' } satisfies Partial<RegistrationWire>,
    })
    expect(mine.body).not.toHaveProperty('history')
    // ...and last edition's as history.
    const history = await sut.request('GET', '/registration/history', {
      token: await sut.memberToken(member),
    })
    expect(history).toMatchObject({
      status: 200,
      body: {
        items: [
          {
            edition_id: firstEdition.id,
            edition_name: firstEdition.name,
            registration_tier: 'member',
            payment_status: 'paid',
            amount_jpy: firstPrice,
            paid_at: new Date(at('2025-03-01T10:00:00+09:00')).toISOString(),
          },
        ],
      } satisfies RegistrationHistoryWire,
    })
    // Someone who registered only last edition has nothing in this one, yet still reads their history.
    const lastYearToken = await sut.memberToken(onlyLastYear)
    expect((await sut.request('GET', '/registration', { token: lastYearToken })).status).toBe(404)
    expect(await sut.request('GET', '/registration/history', { token: lastYearToken })).toMatchObject({
      status: 200,
      body: {
        items: [
          {
            edition_id: firstEdition.id,
            edition_name: firstEdition.name,
            registration_tier: 'member',
            payment_status: 'paid',
            amount_jpy: firstPrice,
            paid_at: expect.any(String),
          },
        ],
      } satisfies RegistrationHistoryWire,
    })
    // A newcomer reads none.
    expect(
      await sut.request('GET', '/registration/history', { token: await sut.memberToken(randomUUID()) }),
    ).toMatchObject({ status: 200, body: { items: [] } })

    // Figures per edition: the current one by default, a past one by its id.
    const admin = await sut.adminToken()
    const memberFigures = async (query: string) => {
      const response = await sut.request('GET', `/admin/dashboard${query}`, { token: admin })
      expect(response.status).toBe(200)
      const body = response.body as DashboardWire
      return { paid: body.paid, member: body.tiers.find((tier) => tier.registration_tier === 'member') }
    }
    expect(await memberFigures('')).toMatchObject({
      paid: 1,
      member: { capacity: 5, paid: 1, spots_left: 4, revenue_gross_jpy: nextPrice },
    })
    expect(await memberFigures(`?edition=${firstEdition.id}`)).toMatchObject({
      paid: 2,
      member: { paid: 2, revenue_gross_jpy: 2 * firstPrice },
    })
    expect(await sut.request('GET', '/admin/dashboard?edition=1999', { token: admin })).toMatchObject({
      status: 404,
    })

    // The participant list (the reception's CSV and badge sheets are made from it) per edition.
    const registered = async (query: string) => {
      const response = await sut.request('GET', `/admin/participants${query}`, { token: admin })
      expect(response.status).toBe(200)
      return (response.body as ParticipantListWire).items
        .filter((item) => item.registration !== undefined)
        .map((item) => item.user.user_id)
        .sort()
    }
    expect(await registered('')).toEqual([member])
    expect(await registered(`?edition=${firstEdition.id}`)).toEqual([member, onlyLastYear].sort())

    // A past edition is read only: its registrations are not refunded from here.
    const [lastYears] = await queryRows<{ registration_id: string }>(
      sut.database.db,
      sql`select registration_id from registrations where checkout_session_id = ${firstSession}`,
    )
    const refund = await sut.request('POST', `/admin/registrations/${lastYears?.registration_id}/refund`, {
      token: admin,
      body: { idempotency_key: randomUUID() },
    })
    expect(refund).toMatchObject({ status: 409, body: { message: 'editionNotCurrent' } })

    // Each edition's inventory counts its own holds.
    for (const editionId of [firstEdition.id, '2026']) {
      const rows = await inventoryConsistency(sut.database, editionId)
      expect(rows.every((row) => row.taken === row.holding)).toBe(true)
    }
    expect(
      (await inventoryConsistency(sut.database, '2026')).find((row) => row.tier === 'member'),
    ).toMatchObject({ taken: 1, capacity: 5 })
  })
})

describe.each(databaseKinds)('the phase gates on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 1 }, overrides: { waitingListOfferMs: days(7) } })
  const acceptBody = {
    success_url: `${pwaUrl}/ja/mypage/dashboard?refresh=1`,
    cancel_url: `${pwaUrl}/ja/mypage/registration`,
  }
  const joinBody = () => {
    const { success_url: _, cancel_url: __, ...fields } = registrationRequest()
    return fields
  }

  it('refuses registration, the waiting list and accepting an offer once registration closed and the event is over', async () => {
    // The last day of registration: one member holds the only spot, another waits and gets it as an offer.
    sut.clock.set(at('2025-05-09T10:00:00+09:00'))
    const holder = await sut.memberToken()
    expect(
      (await sut.request('POST', '/registration', { token: holder, body: registrationRequest() })).status,
    ).toBe(201)
    const waiter = randomUUID()
    const joined = await sut.request('POST', '/waiting-list', {
      token: await sut.memberToken(waiter),
      body: joinBody(),
    })
    expect(joined).toMatchObject({ status: 201, body: { status: 'waiting' } })
    sut.clock.advance(minutes(31))
    await sut.api.registrations.releaseExpired()
    expect(
      (await sut.request('GET', '/waiting-list', { token: await sut.memberToken(waiter) })).body,
    ).toMatchObject({ status: 'offered' })

    // The event day: registration is closed.
    sut.clock.set(at('2025-05-10T09:00:00+09:00'))
    const refusals = async () => {
      const register = await sut.request('POST', '/registration', {
        token: await sut.memberToken(),
        body: registrationRequest(),
      })
      const join = await sut.request('POST', '/waiting-list', {
        token: await sut.memberToken(),
        body: joinBody(),
      })
      const accept = await sut.request('POST', '/waiting-list/accept', {
        token: await sut.memberToken(waiter),
        body: acceptBody,
      })
      return [register, join, accept].map((response) => [
        response.status,
        (response.body as { message: string }).message,
      ])
    }
    expect(await refusals()).toEqual([
      [409, 'registrationClosed'],
      [409, 'registrationClosed'],
      [409, 'registrationClosed'],
    ])

    // From the next midnight the edition is over, for good.
    sut.clock.set(at('2025-05-11T00:00:01+09:00'))
    expect(await refusals()).toEqual([
      [409, 'editionOver'],
      [409, 'editionOver'],
      [409, 'editionOver'],
    ])
    // The offer is kept, untouched: nothing was taken.
    expect(
      (await sut.request('GET', '/waiting-list', { token: await sut.memberToken(waiter) })).body,
    ).toMatchObject({ status: 'offered' })
  })

  it('refuses a tier the committee switched off sale, for registration and the waiting list, and sells the others', async () => {
    sut.clock.set(at('2025-03-01T10:00:00+09:00'))
    const token = await sut.adminToken()
    const stored = (await sut.request('GET', '/admin/editions/2025', { token })).body as StoredEditionWire
    const offSale = {
      ...stored.edition,
      tiers: { ...stored.edition.tiers, member: { ...stored.edition.tiers.member, on_sale: false } },
    }
    expect(
      (
        await sut.request('PUT', '/admin/editions/2025', {
          token,
          body: { edition: offSale, version: stored.version },
        })
      ).status,
    ).toBe(200)

    const member = await sut.request('POST', '/registration', {
      token: await sut.memberToken(),
      body: registrationRequest('member'),
    })
    const waiting = await sut.request('POST', '/waiting-list', {
      token: await sut.memberToken(),
      body: joinBody(),
    })
    expect([member, waiting].map((response) => [response.status, response.body])).toEqual([
      [409, { message: 'tierNotOnSale' }],
      [409, { message: 'tierNotOnSale' }],
    ])
    const fursuiter = await sut.request('POST', '/registration', {
      token: await sut.memberToken(),
      body: registrationRequest('fursuiter'),
    })
    expect(fursuiter.status).toBe(201)
    expect(
      (await inventoryConsistency(sut.database)).map(({ tier, taken, holding }) => [tier, taken, holding]),
    ).toEqual([
      ['fursuiter', 1, 1],
      ['member', 0, 0],
      ['sponsor', 0, 0],
      ['sponsor_fursuiter', 0, 0],
    ])
  })

  it('refunds in full a checkout that completes after its edition is over', async () => {
    sut.clock.set(at('2025-05-09T23:50:00+09:00'))
    const created = await sut.request('POST', '/registration', {
      token: await sut.memberToken(),
      body: registrationRequest(),
    })
    expect(created.status).toBe(201)
    const sessionId = checkoutSessionOf(created)

    sut.clock.set(at('2025-05-11T00:10:00+09:00'))
    sut.gateway.complete(sessionId)
    expect(await sut.api.registrations.markPaid(sessionId)).toMatchObject({
      outcome: 'refunded_automatically',
      registration: { paymentStatus: 'expired' },
    })
    const refunds = [...sut.gateway.refunds.values()].filter(
      (refund) => refund.request.checkoutSessionId === sessionId,
    )
    expect(refunds.map((refund) => refund.amountJpy)).toEqual([firstPrice])
    const [owed] = await queryRows<{ reason: string; status: string }>(
      sut.database.db,
      sql`select reason, status from automatic_refunds where checkout_session_id = ${sessionId}`,
    )
    expect(owed).toEqual({ reason: 'hold_ended', status: 'refunded' })
  })
})

describe.each(databaseKinds)('the event-cancelled refund per edition on %s', (kind) => {
  const sut = useTestApi(kind)

  it("counts and refunds only the current edition's paid registrations", async () => {
    const lastYear = await registeredMember(sut)
    await publishNextEdition(sut, {
      registration: nextRegistrationOpenToday,
      member: { price_jpy: nextPrice, capacity: 5, on_sale: true },
    })
    const thisYear = await registeredMember(sut)
    const admin = await sut.adminToken()

    const dryRun = await sut.request('POST', '/admin/event-cancellation/dry-run', {
      token: admin,
      body: { expenses_per_person_jpy: 0 },
    })
    expect(dryRun).toMatchObject({
      status: 200,
      body: { paid_registrations: 1, gross_jpy: nextPrice, refund_total_jpy: nextPrice },
    })
    const started = await sut.request('POST', '/admin/event-cancellation', {
      token: admin,
      body: { expenses_per_person_jpy: 0 },
    })
    expect(started).toMatchObject({ status: 202, body: { total_registrations: 1 } })
    await sut.api.eventCancellation.idle()
    const statuses = await queryRows<{ registration_id: string; payment_status: string }>(
      sut.database.db,
      sql`select registration_id, payment_status from registrations
          where registration_id in (${lastYear.registrationId}::uuid, ${thisYear.registrationId}::uuid)`,
    )
    expect(Object.fromEntries(statuses.map((row) => [row.registration_id, row.payment_status]))).toEqual({
      [lastYear.registrationId]: 'paid',
      [thisYear.registrationId]: 'canceled',
    })
  })
})
