import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { fromAudit } from '../src/services/registration-timeline.ts'
import {
  databaseKinds,
  minutes,
  registeredMember,
  type TestApi,
  useAdmin,
  useTestApi,
} from './support/harness.ts'

/*
 * GET /registration/timeline (decision 171): what happened to the member's registration in the current edition,
 * oldest first, from the registration, the audit trail, the refund record and the check-ins.
 */

const timelinePath = '/registration/timeline'
const registeredAt = Date.parse('2025-03-01T10:00:00+09:00')
const iso = (at: number) => new Date(at).toISOString()

async function timelineOf(sut: TestApi, token: string) {
  const response = await sut.request('GET', timelinePath, { token })
  expect(response.status).toBe(200)
  return (response.body as { items: unknown[] }).items
}

describe.each(databaseKinds)("the registration's timeline on %s", (kind) => {
  const sut = useTestApi(kind)
  const admin = useAdmin(sut)

  it('lists registering, paying, each details change and the check-in, oldest first', async () => {
    const { registrationId, token } = await registeredMember(sut, 'sponsor')
    sut.clock.advance(minutes(10))
    const changedAt = sut.clock()
    const change = await sut.request('PUT', '/registration/details', {
      token,
      body: { registration_tier: 'sponsor', badge_name: 'Kitsune', t_shirt_size: 'L' },
    })
    expect(change.status).toBe(200)
    sut.clock.advance(minutes(10))
    const sizeChangedAt = sut.clock()
    await sut.request('PUT', '/registration/details', {
      token,
      body: { registration_tier: 'sponsor', badge_name: 'Kitsune', t_shirt_size: 'XL' },
    })
    const doorAt = Date.parse('2025-05-10T09:30:00+09:00')
    const checkIn = await sut.request('POST', '/admin/check-ins', {
      token: admin.token,
      body: {
        items: [
          {
            id: randomUUID(),
            registration_id: registrationId,
            device_id: 'device-A',
            checked_in_at: iso(doorAt),
            kind: 'check_in',
          },
        ],
      },
    })
    expect(checkIn.status).toBe(200)

    expect(await timelineOf(sut, token)).toEqual([
      { at: iso(registeredAt), kind: 'registered', registration_tier: 'sponsor' },
      { at: iso(registeredAt), kind: 'paid', amount_jpy: expect.any(Number) },
      { at: iso(changedAt), kind: 'details_changed', fields: ['badge_name'] },
      { at: iso(sizeChangedAt), kind: 'details_changed', fields: ['t_shirt_size'] },
      { at: iso(doorAt), kind: 'checked_in' },
    ])
  })

  it('names the access needs when a change touched only them (decision 185)', async () => {
    const { token } = await registeredMember(sut, 'member')
    sut.clock.advance(minutes(10))
    const changedAt = sut.clock()
    const details = { registration_tier: 'member', badge_name: 'Kemo' }
    const change = await sut.request('PUT', '/registration/details', {
      token,
      body: { ...details, access_needs: 'A chair near the stage' },
    })
    expect(change.status).toBe(200)
    sut.clock.advance(minutes(10))
    const clearedAt = sut.clock()
    expect((await sut.request('PUT', '/registration/details', { token, body: details })).status).toBe(200)

    expect(await timelineOf(sut, token)).toEqual([
      { at: iso(registeredAt), kind: 'registered', registration_tier: 'member' },
      { at: iso(registeredAt), kind: 'paid', amount_jpy: 3000 },
      { at: iso(changedAt), kind: 'details_changed', fields: ['access_needs'] },
      { at: iso(clearedAt), kind: 'details_changed', fields: ['access_needs'] },
    ])
  })

  it('says who refunded: the participant on My Page, or the committee', async () => {
    const own = await registeredMember(sut, 'member')
    sut.clock.advance(minutes(5))
    const canceledAt = sut.clock()
    const canceled = await sut.request('POST', '/registration/cancellation', {
      token: own.token,
      body: { idempotency_key: randomUUID(), refund_jpy: 2700 },
    })
    expect(canceled.status).toBe(200)
    expect(await timelineOf(sut, own.token)).toEqual([
      { at: iso(registeredAt), kind: 'registered', registration_tier: 'member' },
      { at: iso(registeredAt), kind: 'paid', amount_jpy: 3000 },
      { at: iso(canceledAt), kind: 'refunded', amount_jpy: 2700, by: 'participant' },
      { at: iso(canceledAt), kind: 'canceled' },
    ])

    const refundedByStaff = await registeredMember(sut, 'member')
    const refund = await sut.request(
      'POST',
      `/admin/registrations/${refundedByStaff.registrationId}/refund`,
      {
        token: admin.token,
        body: { idempotency_key: randomUUID() },
      },
    )
    expect(refund.status).toBe(200)
    expect(await timelineOf(sut, refundedByStaff.token)).toContainEqual({
      at: iso(canceledAt),
      kind: 'refunded',
      amount_jpy: 2700,
      by: 'committee',
    })
  })

  it('answers 404 to a member without a registration, and 401 without a token', async () => {
    expect(
      await sut.request('GET', timelinePath, { token: await sut.memberToken(randomUUID()) }),
    ).toMatchObject({
      status: 404,
    })
    expect(await sut.request('GET', timelinePath)).toMatchObject({ status: 401 })
  })
})

describe('tier changes in the timeline', () => {
  const at = '2025-03-20T03:00:00.000Z'
  const entry = (details: unknown) => fromAudit({ at, action: 'participantChangedTier', details })

  it('reads a tier change as the API records it: the tiers and the difference paid or refunded', () => {
    expect(
      entry({ from: 'fursuiter', to: 'member', direction: 'downgrade', amountJpy: 1800, priceJpy: 3000 }),
    ).toEqual({
      at: Date.parse(at),
      kind: 'tier_changed',
      from: 'fursuiter',
      to: 'member',
      refundedJpy: 1800,
    })
    expect(entry({ from: 'member', to: 'sponsor', direction: 'upgrade', amountJpy: 7000 })).toEqual({
      at: Date.parse(at),
      kind: 'tier_changed',
      from: 'member',
      to: 'sponsor',
      paidJpy: 7000,
    })
    expect(entry({ from: { registrationTier: 'sponsor' }, to: { registrationTier: 'member' } })).toEqual({
      at: Date.parse(at),
      kind: 'tier_changed',
      from: 'sponsor',
      to: 'member',
    })
  })

  it('leaves out an entry whose details it does not know', () => {
    expect(entry({ from: 'dragon', to: 'member' })).toBeUndefined()
    expect(entry(null)).toBeUndefined()
  })
})
