import { randomUUID } from 'node:crypto'
import type { CheckInItemWire, DashboardWire, RegistrationTier } from '@furfes/core'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  databaseKinds,
  registeredMember,
  registrationRequest,
  type TestApi,
  useTestApi,
} from './support/harness.ts'

/*
 * GET /admin/dashboard (decision 130) against a seeded event whose every figure is known: paid, pending,
 * canceled (before and after payment) and expired registrations over two days in Japan, and check-ins from
 * two devices including a duplicate, an undo and refusals.
 */

const hour = 60 * 60 * 1000
const dayOne = Date.parse('2025-03-01T13:00:00+09:00')
// 08:30 in Japan is still the previous day in UTC: the per-day figures must follow Japan.
const dayTwo = Date.parse('2025-03-02T08:30:00+09:00')
const doorOpens = Date.parse('2025-05-10T10:00:00+09:00')
const minute = 60 * 1000

const start = (sut: TestApi, tier: RegistrationTier) => registeredMember(sut, tier, { pay: false })
const paid = async (sut: TestApi, tier: RegistrationTier) =>
  (await registeredMember(sut, tier)).registrationId

function checkIn(registrationId: string, device: string, at: number): CheckInItemWire {
  return {
    id: randomUUID(),
    registration_id: registrationId,
    device_id: `device-${device}`,
    device_name: `受付${device}`,
    checked_in_at: new Date(at).toISOString(),
    kind: 'check_in',
  }
}

describe.each(databaseKinds)('the dashboard on %s', (kind) => {
  const sut = useTestApi(kind)
  let admin: string

  beforeEach(async () => {
    admin = await sut.adminToken()
  })

  async function seed() {
    sut.clock.set(dayOne - 3 * hour)
    await start(sut, 'member') // expires: its checkout session runs out before anyone looks
    const canceled = await start(sut, 'member')
    expect((await sut.request('DELETE', '/registration', { token: canceled.token })).status).toBe(200)
    sut.clock.set(dayOne)
    const a = await paid(sut, 'member')
    const f = await paid(sut, 'fursuiter')
    sut.clock.set(dayTwo)
    const b = await paid(sut, 'member')
    const g = await paid(sut, 'sponsor')
    // Paid, checked in, then canceled with a refund: money taken and partly given back, not paid now.
    const h = await paid(sut, 'fursuiter')
    const pending = await start(sut, 'member')
    // Tokens are checked against the moved clock.
    admin = await sut.adminToken()

    const undone = checkIn(g, 'B', doorOpens + 14 * minute)
    const items = [
      checkIn(a, 'A', doorOpens + 3 * minute),
      checkIn(b, 'A', doorOpens + 7 * minute),
      checkIn(a, 'B', doorOpens + 9 * minute), // duplicate: A was first
      checkIn(f, 'B', doorOpens + 12 * minute),
      undone,
      { ...checkIn(g, 'B', doorOpens + 15 * minute), kind: 'undo' as const, undoes: undone.id },
      checkIn(h, 'B', doorOpens + 16 * minute),
      checkIn(pending.registrationId, 'A', doorOpens + 17 * minute), // refused: not paid
    ]
    const uploaded = await sut.request('POST', '/admin/check-ins', { token: admin, body: { items } })
    expect(uploaded.status).toBe(200)
    // Canceled by staff with the policy's refund (90 % of 4,000 yen on this day, decision 110).
    await sut.api.refunds.refundByStaff({
      registrationId: h,
      amountJpy: undefined,
      reason: undefined,
      clientKey: randomUUID(),
      staffUserId: 'staff',
      beyondPolicyAllowed: true,
    })
  }

  it('answers every figure of a seeded event, counting canceled and expired registrations as unpaid', async () => {
    await seed()
    const response = await sut.request('GET', '/admin/dashboard', { token: admin })
    expect(response.status).toBe(200)
    const body = response.body as DashboardWire
    expect(body.generated_at).toBe(new Date(dayTwo).toISOString())
    const tier = (
      registration_tier: RegistrationTier,
      capacity: number,
      figures: {
        paid: number
        pending: number
        spots_left: number
        gross: number
        refunded?: number
        checked_in: number
      },
    ) => ({
      registration_tier,
      capacity,
      paid: figures.paid,
      pending: figures.pending,
      spots_left: figures.spots_left,
      waiting: 0,
      revenue_gross_jpy: figures.gross,
      revenue_refunded_jpy: figures.refunded ?? 0,
      revenue_net_jpy: figures.gross - (figures.refunded ?? 0),
      checked_in: figures.checked_in,
    })
    expect(body.tiers).toEqual([
      tier('member', 5, { paid: 2, pending: 1, spots_left: 2, gross: 6000, checked_in: 2 }),
      tier('fursuiter', 3, {
        paid: 1,
        pending: 0,
        spots_left: 2,
        gross: 8000,
        refunded: 3600,
        checked_in: 1,
      }),
      tier('sponsor', 2, { paid: 1, pending: 0, spots_left: 1, gross: 10000, checked_in: 0 }),
      tier('sponsor_fursuiter', 1, { paid: 0, pending: 0, spots_left: 1, gross: 0, checked_in: 0 }),
    ])
    expect(body.registrations_per_day).toEqual([
      { date: '2025-03-01', registration_tier: 'fursuiter', registrations: 1 },
      { date: '2025-03-01', registration_tier: 'member', registrations: 1 },
      { date: '2025-03-02', registration_tier: 'fursuiter', registrations: 1 },
      { date: '2025-03-02', registration_tier: 'member', registrations: 1 },
      { date: '2025-03-02', registration_tier: 'sponsor', registrations: 1 },
    ])
    expect(body.check_ins_per_slot).toEqual([
      {
        slot_start: new Date(doorOpens).toISOString(),
        device_id: 'device-A',
        device_name: '受付A',
        check_ins: 2,
      },
      {
        slot_start: new Date(doorOpens + 10 * minute).toISOString(),
        device_id: 'device-B',
        device_name: '受付B',
        check_ins: 1,
      },
    ])
    expect(body).toMatchObject({ checked_in: 3, paid: 4 })
  })

  it("counts the people still on a tier's waiting list, waiting or holding an offer", async () => {
    await paid(sut, 'sponsor_fursuiter') // its one spot
    for (const badgeName of ['Second', 'Third']) {
      const {
        success_url: _,
        cancel_url: __,
        ...fields
      } = registrationRequest('sponsor_fursuiter', badgeName)
      const token = await sut.memberToken(randomUUID())
      const joined = await sut.request('POST', '/waiting-list', {
        token,
        body: { ...fields, language: 'en' },
      })
      expect(joined.status).toBe(201)
    }
    admin = await sut.adminToken()
    const body = (await sut.request('GET', '/admin/dashboard', { token: admin })).body as DashboardWire
    expect(body.tiers.map((row) => [row.registration_tier, row.waiting])).toEqual([
      ['member', 0],
      ['fursuiter', 0],
      ['sponsor', 0],
      ['sponsor_fursuiter', 2],
    ])
  })

  it('answers an event with no registration yet with zeros', async () => {
    const response = await sut.request('GET', '/admin/dashboard', { token: admin })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      registrations_per_day: [],
      check_ins_per_slot: [],
      checked_in: 0,
      paid: 0,
    })
    expect(
      (response.body as DashboardWire).tiers.map((tier) => [tier.registration_tier, tier.spots_left]),
    ).toEqual([
      ['member', 5],
      ['fursuiter', 3],
      ['sponsor', 2],
      ['sponsor_fursuiter', 1],
    ])
  })

  it('is for admins only', async () => {
    expect(await sut.request('GET', '/admin/dashboard')).toMatchObject({ status: 401 })
    const member = await sut.memberToken()
    expect(await sut.request('GET', '/admin/dashboard', { token: member })).toMatchObject({
      status: 403,
      body: { message: 'forbidden' },
    })
  })
})
