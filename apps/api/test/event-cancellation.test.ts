import { randomUUID } from 'node:crypto'
import type { EventCancellationDryRunWire, EventCancellationRunWire } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { createStubPaymentGateway } from '../src/payments/stub-gateway.ts'
import { readCurrentEdition, saveEdition } from '../src/services/editions.ts'
import { createEventCancellationService } from '../src/services/event-cancellation.ts'
import { nextRegistrationOpenToday, publishNextEdition } from './support/editions.ts'
import {
  createTestApi,
  databaseKinds,
  pwaUrl,
  registeredMember,
  registrationRequest,
  type TestApi,
  tierCounts,
  twoTestApis,
  useAdmin,
  useTestApi,
  useTestDatabase,
} from './support/harness.ts'
import { capturingMailer } from './support/mailer.ts'

/*
 * The event-cancelled refund (decision 113): a dry run with totals, then every paid registration refunded the fee
 * minus the per-person expenses, in batches, resumed after a crash with nobody refunded twice.
 */

/** The run service of an instance with nothing in the background: the test drives each batch. */
function runByHand(instance: TestApi, batchSize: number) {
  return createEventCancellationService({
    db: instance.database.db,
    clock: instance.clock,
    logger: instance.logger,
    refunds: instance.api.refunds,
    gateway: instance.gateway,
    featureFlags: instance.api.featureFlags,
    batchSize,
    autoDrive: false,
  })
}

async function member(sut: TestApi, tier: 'member' | 'sponsor', pay = true): Promise<string> {
  return (await registeredMember(sut, tier, { pay })).registrationId
}

/**
 * A payment whose delivery looked for a run just before the run was recorded: it commits as paid while the run
 * is under way, with an id anywhere in the order. A payment delivered once the run exists is refunded in full
 * instead (decision 141), so this race is the one way a registration becomes paid during the run.
 */
async function paidAsTheRunStarts(instance: TestApi, registrationId: string): Promise<void> {
  const now = new Date(instance.clock()).toISOString()
  await instance.database.db.execute(
    sql`update registrations set payment_status = 'paid', paid_at = ${now}::timestamptz,
          updated_at = ${now}::timestamptz
        where registration_id = ${registrationId}::uuid and payment_status = 'pending'`,
  )
}

async function automaticRefundReasons(instance: TestApi): Promise<string[]> {
  const rows = await queryRows<{ reason: string }>(
    instance.database.db,
    sql`select reason from automatic_refunds where status = 'refunded'`,
  )
  return rows.map((row) => row.reason)
}

describe.each(databaseKinds)('event-cancelled refund on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 10, sponsor: 10 } })
  const admin = useAdmin(sut)

  async function paidCount(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      sut.database.db,
      sql`select count(*)::int as n from registrations where payment_status = 'paid'`,
    )
    return row?.n ?? -1
  }

  async function refunds() {
    return queryRows<{ registration_id: string; amount_jpy: number; source: string; staff_user_id: string }>(
      sut.database.db,
      sql`select registration_id, amount_jpy, source, staff_user_id from registration_refunds order by 1`,
    )
  }

  it('shows the totals of a dry run per tier and refunds nothing', async () => {
    for (const tier of ['member', 'member', 'member', 'sponsor'] as const) await member(sut, tier)
    await member(sut, 'member', false)

    const response = await sut.request('POST', '/admin/event-cancellation/dry-run', {
      token: admin.token,
      body: { expenses_per_person_jpy: 500 },
    })

    expect(response.status).toBe(200)
    const body = response.body as EventCancellationDryRunWire
    expect(body).toMatchObject({
      expenses_per_person_jpy: 500,
      paid_registrations: 4,
      gross_jpy: 19_000,
      expenses_total_jpy: 2_000,
      refund_total_jpy: 17_000,
    })
    expect(body.tiers.filter((tier) => tier.paid_registrations > 0)).toEqual([
      { registration_tier: 'member', paid_registrations: 3, gross_jpy: 9_000, refund_total_jpy: 7_500 },
      { registration_tier: 'sponsor', paid_registrations: 1, gross_jpy: 10_000, refund_total_jpy: 9_500 },
    ])
    expect(sut.gateway.refunds.size).toBe(0)
    expect(await sut.request('GET', '/admin/event-cancellation', { token: admin.token })).toMatchObject({
      status: 404,
    })
  })

  it('refunds every paid registration the fee minus the expenses, with progress to poll', async () => {
    const paid = [await member(sut, 'member'), await member(sut, 'sponsor'), await member(sut, 'member')]
    const pending = await member(sut, 'member', false)

    const started = await sut.request('POST', '/admin/event-cancellation', {
      token: admin.token,
      body: { expenses_per_person_jpy: 3_500 },
    })
    expect(started).toMatchObject({ status: 202, body: { status: 'running', total_registrations: 3 } })
    await sut.api.eventCancellation.idle()
    const progress = await sut.request('GET', '/admin/event-cancellation', { token: admin.token })

    expect(progress.body).toMatchObject({
      status: 'finished',
      expenses_per_person_jpy: 3_500,
      total_registrations: 3,
      refunded: 3,
      failed: 0,
    } satisfies Partial<EventCancellationRunWire>)
    // A member's fee is below the expenses: 0 yen, canceled without calling the provider.
    expect(
      (await refunds()).map((row) => [row.registration_id, row.amount_jpy, row.source, row.staff_user_id]),
    ).toEqual(
      paid
        .map((id) => [id, id === paid[1] ? 6_500 : 0, 'event_cancelled', admin.id])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    )
    expect(sut.gateway.refunds.size).toBe(1)
    const [stillPending] = await queryRows<{ payment_status: string }>(
      sut.database.db,
      sql`select payment_status from registrations where registration_id = ${pending}::uuid`,
    )
    expect(stillPending?.payment_status).toBe('pending')
    const owed = await queryRows<{ mail_id: string; registration_id: string }>(
      sut.database.db,
      sql`select mail_id, registration_id from mail_outbox where kind = 'refunded'`,
    )
    expect(owed).toHaveLength(3)
    // The sponsor is told the event is cancelled and how the refund was reached.
    const { deliver, sent } = capturingMailer(sut)
    const sponsorMail = owed.find((mail) => mail.registration_id === paid[1])
    expect(
      await deliver({
        mailId: sponsorMail?.mail_id ?? '',
        kind: 'refunded',
        registrationId: paid[1] ?? '',
        waitingEntryId: null,
        attempts: 0,
      }),
    ).toMatchObject({ status: 'sent' })
    expect(sent[0]?.subject).toBe('【東京ふぁーりーフェス】イベント中止と返金のお知らせ')
    expect(sent[0]?.text).toContain(
      'お支払いいただいた参加費10,000円から、イベントのためにすでに発生した1人あたりの経費3,500円を差し引き、6,500円を返金しました。',
    )
    expect(await tierCounts(sut.database, 'member')).toMatchObject({ taken: 1, holding: 1 })
  })

  it('offers no returned spot to the people waiting once the event is called off', async () => {
    // The capacity is the current edition's (decision 155): the committee sets one member spot.
    const deps = { db: sut.database.db, clock: sut.clock }
    const { edition, version } = await readCurrentEdition(deps)
    const member1 = { ...edition.tiers.member, capacity: 1 }
    await saveEdition(deps, {
      edition: { ...edition, tiers: { ...edition.tiers, member: member1 } },
      version,
      staffUserId: admin.id,
    })
    const oneSpot = await createTestApi(sut.database)
    const oneSpotAdmin = await oneSpot.adminToken(admin.id)
    await member(oneSpot, 'member')
    const { success_url: _, cancel_url: __, ...fields } = registrationRequest('member', 'Waiting')
    const waiting = await oneSpot.memberToken(randomUUID())
    expect(
      (
        await oneSpot.request('POST', '/waiting-list', {
          token: waiting,
          body: { ...fields, language: 'en' },
        })
      ).status,
    ).toBe(201)

    const started = await oneSpot.request('POST', '/admin/event-cancellation', {
      token: oneSpotAdmin,
      body: { expenses_per_person_jpy: 0 },
    })
    expect(started.status).toBe(202)
    await oneSpot.api.eventCancellation.idle()
    await oneSpot.api.registrations.releaseExpired()

    expect((await oneSpot.request('GET', '/waiting-list', { token: waiting })).body).toMatchObject({
      status: 'waiting',
    })
    const offers = await queryRows<{ n: number }>(
      oneSpot.database.db,
      sql`select count(*)::int as n from mail_outbox where kind = 'waiting_list_offer'`,
    )
    expect(offers[0]?.n).toBe(0)
  })

  it('refunds payments that land during the run, whatever their id, and finishes with nobody paid', async () => {
    for (let n = 0; n < 3; n++) await member(sut, 'sponsor')
    // Members who paid at the provider just before the start, their payments not delivered yet.
    const late = [
      await registeredMember(sut, 'sponsor', { pay: false }),
      await registeredMember(sut, 'sponsor', { pay: false }),
    ]
    // Ids are random: one is made to sort before every other, as any late payment's id may.
    const firstInOrder = '00000000-0000-4000-8000-000000000001'
    await sut.database.db.execute(
      sql`update registrations set registration_id = ${firstInOrder}::uuid
          where registration_id = ${late[0]?.registrationId}::uuid`,
    )
    for (const { sessionId } of late) sut.gateway.complete(sessionId)
    const service = runByHand(sut, 2)
    const run = await service.start(1_000, { id: admin.id })

    expect(await service.runBatch(run.runId)).toBe(true)
    // The payments arrive between two batches: one raced the run's start and is paid, the other is delivered
    // once the run exists.
    await paidAsTheRunStarts(sut, firstInOrder)
    expect((await sut.api.registrations.markPaid(late[1]?.sessionId ?? '')).outcome).toBe(
      'refunded_automatically',
    )
    while (await service.runBatch(run.runId)) {
      // one batch after another, as the background driver does
    }

    expect(await paidCount()).toBe(0)
    expect(await service.status()).toMatchObject({ status: 'finished', refunded: 4, failed: 0 })
    expect((await refunds()).map((row) => row.amount_jpy)).toEqual([9_000, 9_000, 9_000, 9_000])
    expect(await automaticRefundReasons(sut)).toEqual(['event_cancelled'])
  })

  it('keeps a refusal paid and reported, retries it with a growing backoff, and finishes only once it is refunded', async () => {
    for (let n = 0; n < 2; n++) await member(sut, 'sponsor')
    const service = runByHand(sut, 5)
    sut.gateway.refuseNextRefunds(1)
    const run = await service.start(0, { id: admin.id })

    expect(await service.runBatch(run.runId)).toBe(true)
    const [refused] = await queryRows<{ registration_id: string }>(
      sut.database.db,
      sql`select registration_id from refund_attempts where status = 'failed'`,
    )
    // Nothing is due until the refusal's backoff passes: the run neither spins nor finishes.
    expect(await service.runBatch(run.runId)).toBe(false)
    expect(await service.runBatch(run.runId)).toBe(false)
    expect(await service.status()).toMatchObject({
      status: 'running',
      refunded: 1,
      failed: 1,
      lastError: `${refused?.registration_id}: Stub payment provider: refund refused`,
    })
    expect(await paidCount()).toBe(1)

    // Retried after a minute and refused again: the next wait is two minutes.
    sut.gateway.refuseNextRefunds(1)
    sut.clock.advance(60_000)
    expect(await service.runBatch(run.runId)).toBe(true)
    sut.clock.advance(60_000)
    expect(await service.runBatch(run.runId)).toBe(false)
    sut.clock.advance(60_000)
    expect(await service.runBatch(run.runId)).toBe(true)
    expect(await service.runBatch(run.runId)).toBe(false)

    expect(await service.status()).toMatchObject({ status: 'finished', refunded: 2, failed: 0 })
    expect(await paidCount()).toBe(0)
    const attempts = await queryRows<{ status: string }>(
      sut.database.db,
      sql`select status from refund_attempts where registration_id = ${refused?.registration_id}::uuid
          order by attempt`,
    )
    expect(attempts.map((attempt) => attempt.status)).toEqual(['failed', 'failed', 'succeeded'])
    expect(sut.logger.records.filter((record) => record.level === 'warn').length).toBeGreaterThan(0)
  })

  it('switches registration off for good, ends the open checkouts, and refuses checkouts, offers and reopening', async () => {
    await member(sut, 'member')
    const open = await registeredMember(sut, 'member', { pay: false })
    // An offer out on the one sponsor-fursuiter spot.
    const holder = await registeredMember(sut, 'sponsor_fursuiter', { pay: false })
    const { success_url, cancel_url, ...fields } = registrationRequest('sponsor_fursuiter', 'Waiting')
    const waiting = await sut.memberToken()
    expect(
      (await sut.request('POST', '/waiting-list', { token: waiting, body: { ...fields, language: 'en' } }))
        .status,
    ).toBe(201)
    expect((await sut.request('DELETE', '/registration', { token: holder.token })).status).toBe(200)
    expect((await sut.request('GET', '/waiting-list', { token: waiting })).body).toMatchObject({
      status: 'offered',
    })

    // The one paid refund is refused at first, so the run is still running when it is looked at.
    sut.gateway.refuseNextRefunds(1)
    const started = await sut.request('POST', '/admin/event-cancellation', {
      token: admin.token,
      body: { expenses_per_person_jpy: 0 },
    })
    expect(started.status).toBe(202)
    await sut.api.eventCancellation.idle()

    expect(sut.gateway.sessions.get(open.sessionId)?.status).toBe('expired')
    const registrationOff = { status: 409, body: { message: 'registrationUnavailable' } }
    for (const state of ['running', 'finished'] as const) {
      if (state === 'finished') {
        // The retry is due: the next look at the progress resumes the run, and it refunds the last one.
        sut.clock.advance(61_000)
        await admin.renew()
        await sut.request('GET', '/admin/event-cancellation', { token: admin.token })
        await sut.api.eventCancellation.idle()
      }
      expect(
        (await sut.request('GET', '/admin/event-cancellation', { token: admin.token })).body,
      ).toMatchObject({ status: state, refunded: state === 'running' ? 0 : 1 })
      expect((await sut.request('GET', '/features')).body).toEqual({
        is_new_club_activity_establishment_available: false,
        is_registration_available: false,
        is_under_maintenance: false,
        is_event_cancelled: true,
      })
      expect(
        await sut.request('POST', '/registration', {
          token: await sut.memberToken(),
          body: registrationRequest('sponsor'),
        }),
      ).toMatchObject(registrationOff)
      expect(
        await sut.request('POST', '/waiting-list/accept', {
          token: waiting,
          body: { success_url, cancel_url },
        }),
      ).toMatchObject(registrationOff)
      const reopen = await sut.request('PUT', '/admin/features', {
        token: admin.token,
        body: {
          is_new_club_activity_establishment_available: false,
          is_registration_available: true,
          is_under_maintenance: false,
        },
      })
      expect(reopen).toMatchObject({ status: 409, body: { message: 'eventCancelled' } })
    }
    // The other switches still work.
    const maintenance = await sut.request('PUT', '/admin/features', {
      token: admin.token,
      body: {
        is_new_club_activity_establishment_available: true,
        is_registration_available: false,
        is_under_maintenance: false,
      },
    })
    expect(maintenance).toMatchObject({
      status: 200,
      body: { is_new_club_activity_establishment_available: true, is_event_cancelled: true },
    })
  })

  it('resumes after a crash mid-run on another instance and refunds each participant once', async () => {
    const paid: string[] = []
    for (let n = 0; n < 5; n++) paid.push(await member(sut, 'sponsor'))
    const first = runByHand(sut, 2)
    const run = await first.start(1_000, { id: admin.id })
    expect(await first.runBatch(run.runId)).toBe(true)
    // The next refund reaches the provider but its answer is lost, and the instance dies there.
    sut.gateway.loseNextRefundAnswers()
    await expect(first.runBatch(run.runId)).rejects.toThrow()
    expect((await refunds()).length).toBe(2)

    // Another instance, after the dead one's lease passed.
    sut.clock.advance(61_000)
    const restarted = await createTestApi(sut.database, {
      gateway: sut.gateway,
      clock: sut.clock,
      capacities: { member: 10, sponsor: 10 },
    })
    const second = runByHand(restarted, 2)
    expect(await second.status()).toMatchObject({ status: 'running', refunded: 2, failed: 0 })
    expect(await first.runBatch(run.runId)).toBe(true)
    expect(await second.runBatch(run.runId)).toBe(false)
    sut.clock.advance(61_000)
    while (await second.runBatch(run.runId)) {
      // one batch after another, as the background driver does
    }

    expect(await second.status()).toMatchObject({ status: 'finished', refunded: 5, failed: 0 })
    expect(sut.gateway.refunds.size).toBe(5)
    expect(new Set([...sut.gateway.refunds.values()].map((made) => made.request.registrationId))).toEqual(
      new Set(paid),
    )
    expect((await refunds()).map((row) => row.amount_jpy)).toEqual([9_000, 9_000, 9_000, 9_000, 9_000])
  })
})

describe.each(databaseKinds)('the event-cancelled run of an edition on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 10 } })
  const admin = useAdmin(sut)
  const flags = (registration: boolean) => ({
    is_new_club_activity_establishment_available: false,
    is_registration_available: registration,
    is_under_maintenance: false,
  })

  it('belongs to the edition it cancelled: the next edition sells, offers and reopens, and the old run is refused', async () => {
    const lastYear = [await member(sut, 'member'), await member(sut, 'member')]
    const byHand = runByHand(sut, 1)
    const run = await byHand.start(0, { id: admin.id })
    expect(await byHand.runBatch(run.runId)).toBe(true)
    const [stored] = await queryRows<{ edition_id: string }>(
      sut.database.db,
      sql`select edition_id from event_cancellation_runs where run_id = ${run.runId}::uuid`,
    )
    expect(stored?.edition_id).toBe('2025')

    // The committee publishes the next edition while last year's run is still under way.
    await publishNextEdition(sut, {
      registration: nextRegistrationOpenToday,
      member: { price_jpy: 3000, capacity: 2, on_sale: true },
    })

    // Last year's run is not driven in this edition: refused as a past edition's refund is.
    await expect(byHand.runBatch(run.runId)).rejects.toMatchObject({
      status: 409,
      message: 'editionNotCurrent',
    })
    expect(await byHand.status()).toBeUndefined()
    const stillPaid = await queryRows<{ registration_id: string }>(
      sut.database.db,
      sql`select registration_id from registrations where payment_status = 'paid'`,
    )
    expect(stillPaid).toHaveLength(1)
    expect(lastYear).toContain(stillPaid[0]?.registration_id)

    // This edition's event is not cancelled: registration opens again, and sells.
    expect(
      await sut.request('PUT', '/admin/features', { token: admin.token, body: flags(true) }),
    ).toMatchObject({
      status: 200,
      body: { is_registration_available: true, is_event_cancelled: false },
    })
    const thisYear = await registeredMember(sut, 'member')
    expect((await sut.request('GET', '/registration', { token: thisYear.token })).body).toMatchObject({
      payment_status: 'paid',
    })
    expect(await automaticRefundReasons(sut)).toEqual([])
    // A spot given back goes to the first person waiting.
    const holder = await registeredMember(sut, 'member', { pay: false })
    const { success_url: _, cancel_url: __, ...fields } = registrationRequest('member', 'Waiting')
    const waiting = await sut.memberToken()
    expect((await sut.request('POST', '/waiting-list', { token: waiting, body: fields })).status).toBe(201)
    expect((await sut.request('DELETE', '/registration', { token: holder.token })).status).toBe(200)
    expect((await sut.request('GET', '/waiting-list', { token: waiting })).body).toMatchObject({
      status: 'offered',
    })
    expect(await sut.request('GET', '/admin/event-cancellation', { token: admin.token })).toMatchObject({
      status: 404,
    })

    // Cancelling this edition is its own run, over its own registrations.
    const started = await sut.request('POST', '/admin/event-cancellation', {
      token: admin.token,
      body: { expenses_per_person_jpy: 0 },
    })
    expect(started).toMatchObject({ status: 202, body: { total_registrations: 1 } })
    await sut.api.eventCancellation.idle()
    expect(
      (await sut.request('GET', '/admin/event-cancellation', { token: admin.token })).body,
    ).toMatchObject({ status: 'finished', refunded: 1, total_registrations: 1 })
    expect([...sut.gateway.refunds.values()].map((made) => made.request.registrationId)).toEqual([
      expect.any(String),
      thisYear.registrationId,
    ])
  })
})

describe('the event-cancelled run driven by two API instances on one PostgreSQL', () => {
  const database = useTestDatabase('postgres')

  it('refunds everyone once, payments landing between batches included, whoever holds the lease', async () => {
    const gateway = createStubPaymentGateway({ pwaUrl })
    const { first, second, clock, close } = await twoTestApis(database(), {
      gateway,
      capacities: { sponsor: 10 },
    })
    try {
      for (let n = 0; n < 4; n++) await registeredMember(first, 'sponsor')
      const late = [
        await registeredMember(second, 'sponsor', { pay: false }),
        await registeredMember(second, 'sponsor', { pay: false }),
      ]
      for (const { sessionId } of late) gateway.complete(sessionId)
      const one = runByHand(first, 2)
      const two = runByHand(second, 2)
      const run = await one.start(1_000, { id: randomUUID() })

      // Both instances try each batch at once: one holds the lease, the other finds it taken.
      const both = () => Promise.all([one.runBatch(run.runId), two.runBatch(run.runId)])
      expect((await both()).filter(Boolean)).toHaveLength(1)
      // One payment raced the run's start and is paid; the other, delivered once the run exists, is refunded
      // in full at once.
      await paidAsTheRunStarts(second, late[0]?.registrationId ?? '')
      expect((await second.api.registrations.markPaid(late[1]?.sessionId ?? '')).outcome).toBe(
        'refunded_automatically',
      )
      // The holder stops (a crash); once its lease has passed, whichever instance claims first drives on.
      clock.advance(61_000)
      while ((await both()).some(Boolean)) {
        // batch after batch, as the background drivers do
      }

      expect(await two.status()).toMatchObject({ status: 'finished', refunded: 5, failed: 0 })
      const [paid] = await queryRows<{ n: number }>(
        first.database.db,
        sql`select count(*)::int as n from registrations where payment_status = 'paid'`,
      )
      expect(paid?.n).toBe(0)
      expect(gateway.refunds.size).toBe(6)
      const refunded = await queryRows<{ n: number }>(
        first.database.db,
        sql`select count(*)::int as n from registration_refunds group by registration_id`,
      )
      expect(refunded.map((row) => row.n)).toEqual([1, 1, 1, 1, 1])
      expect(await automaticRefundReasons(first)).toEqual(['event_cancelled'])
    } finally {
      await close()
    }
  })
})
