import { randomUUID } from 'node:crypto'
import type { RefundListWire, TierChangeQuoteWire, TierChangeWire } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import {
  checkoutSessionOf,
  databaseKinds,
  payCheckout,
  registeredMember,
  registrationRequest,
  type TestApi,
  tierCounts,
  useAdmin,
  useTestApi,
} from './support/harness.ts'
import { capturingMailer } from './support/mailer.ts'

/*
 * A paid participant moves up a tier paying the difference in Checkout (decision 169), and every refund after it
 * is split across the registration's two payments, newest first, each at most what is left of it (decision 168).
 * The test clock is before the policy's first cut-off: 90 %. Member 3,000 yen, sponsor 10,000 yen.
 */

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

async function registrationOf(sut: TestApi, registrationId: string) {
  const [row] = await queryRows<{ registration_tier: string; amount_jpy: number; payment_status: string }>(
    sut.database.db,
    sql`select registration_tier, amount_jpy, payment_status from registrations
        where registration_id = ${registrationId}::uuid`,
  )
  return row
}

/** Every refund the provider made, as [payment, amount], sorted. */
const refundsMade = (sut: TestApi) =>
  [...sut.gateway.refunds.values()]
    .map((made) => [made.request.checkoutSessionId, made.amountJpy] as const)
    .sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1])

describe.each(databaseKinds)('a participant moves up a tier on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 2, fursuiter: 2, sponsor: 1, sponsor_fursuiter: 2 } })
  const admin = useAdmin(sut)

  /** A member who moved up to sponsor and paid the 7,000 yen difference: both payments. */
  async function upgraded() {
    const member = await registeredMember(sut, 'member')
    const started = await change(sut, member.token, { tier: 'sponsor', amount: 7000, size: 'L' })
    expect(started.status).toBe(200)
    const upgradeSession = checkoutSessionOf(started)
    expect(await payCheckout(sut, upgradeSession)).toBe('paid')
    return { ...member, upgradeSession }
  }

  it('holds the target spot for the Checkout, answers a retry with the same session, applies the payment once, audits and mails the receipt', async () => {
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
    const firstSession = checkoutSessionOf(created)
    await payCheckout(sut, firstSession)
    const registrationId = (await sut.api.registrations.current(userId))?.registrationId ?? ''
    const key = randomUUID()

    const [once, twice] = await Promise.all([
      change(sut, token, { tier: 'sponsor', amount: 7000, size: 'L', key }),
      change(sut, token, { tier: 'sponsor', amount: 7000, size: 'L', key }),
    ])

    // A double submit waits for the first's hold and answers the one change (its page once its session is open).
    for (const answer of [once, twice]) {
      expect(answer).toMatchObject({
        status: 200,
        body: {
          registration_id: registrationId,
          from_tier: 'member',
          to_tier: 'sponsor',
          direction: 'upgrade',
          status: 'awaiting_payment',
          refund_jpy: 0,
          pay_jpy: 7000,
        } satisfies Partial<TierChangeWire>,
      })
    }
    const retry = await change(sut, token, { tier: 'sponsor', amount: 7000, size: 'L', key })
    const session = checkoutSessionOf(retry)
    const opened = [once, twice].filter((answer) => (answer.body as TierChangeWire).payment_url !== undefined)
    expect(opened.map(checkoutSessionOf)).toContain(session)
    expect(sut.gateway.sessions.size).toBe(2)
    expect(sut.gateway.sessions.get(session)?.request).toMatchObject({
      amountJpy: 7000,
      locale: 'en',
      successUrl: 'https://pwa.furfes.test/en/mypage/registration',
    })
    // The payment page knows the member's address, as the registration's own Checkout does.
    expect(sut.gateway.sessions.get(session)?.request.customerEmail).toMatch(/@example\.com$/)
    // The sponsor spot is held for the Checkout: another member finds it sold out; nothing moved yet.
    expect(await tierCounts(sut.database, 'sponsor')).toMatchObject({ taken: 1, holding: 1 })
    expect(await registrationOf(sut, registrationId)).toMatchObject({ registration_tier: 'member' })
    const other = await registeredMember(sut, 'member')
    expect(await change(sut, other.token, { tier: 'sponsor', amount: 7000, size: 'M' })).toMatchObject({
      status: 409,
      body: { message: 'soldOut' },
    })
    expect(await change(sut, token, { tier: 'sponsor', amount: 7000, size: 'L' })).toMatchObject({
      status: 409,
      body: { message: 'tierChangePending' },
    })
    // Back on My Page, the quote shows the upgrade awaiting its payment and its Checkout page.
    const pending = await sut.request('GET', path, { token })
    expect((pending.body as TierChangeQuoteWire).pending_upgrade).toEqual({
      to_tier: 'sponsor',
      pay_jpy: 7000,
      payment_url: sut.gateway.sessions.get(session)?.url,
      expires_at: expect.any(String),
    })

    expect(await payCheckout(sut, session)).toBe('paid')
    expect(await sut.api.registrations.markPaid(session)).toMatchObject({ outcome: 'already_paid' })

    expect(await registrationOf(sut, registrationId)).toEqual({
      registration_tier: 'sponsor',
      amount_jpy: 10000,
      payment_status: 'paid',
    })
    expect(await change(sut, token, { tier: 'sponsor', amount: 7000, size: 'L', key })).toMatchObject({
      status: 200,
      body: { status: 'changed' },
    })
    expect(await tierCounts(sut.database, 'sponsor')).toMatchObject({ taken: 1, holding: 1 })
    expect(await tierCounts(sut.database, 'member')).toMatchObject({ taken: 1, holding: 1 })
    const after = await sut.request('GET', path, { token })
    expect(after.body).toMatchObject({ registration_tier: 'sponsor' })
    expect(after.body).not.toHaveProperty('pending_upgrade')
    const audit = await sut.request('GET', '/admin/audit?action=participantChangedTier', {
      token: admin.token,
    })
    expect((audit.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        details: { from: 'member', to: 'sponsor', direction: 'upgrade', amountJpy: 7000, priceJpy: 10000 },
      }),
    ])
    const [mail] = await queryRows<{ mail_id: string }>(
      sut.database.db,
      sql`select mail_id from mail_outbox where registration_id = ${registrationId}::uuid and kind = 'tier_changed'`,
    )
    const { deliver, sent } = capturingMailer(sut)
    await deliver({
      mailId: mail?.mail_id ?? '',
      kind: 'tier_changed',
      registrationId,
      waitingEntryId: null,
      attempts: 0,
    })
    expect(sent.map((sentMail) => sentMail.to)).toEqual(['fox@example.com'])
    expect(sent[0]?.text).toContain(
      'We received ¥7,000 for the difference, and your registration was moved from Member to Sponsor',
    )
  })

  it('gives the held spot back when the Checkout expires, changes nothing, and refunds a payment that comes after', async () => {
    const member = await registeredMember(sut, 'member')
    const started = await change(sut, member.token, { tier: 'sponsor', amount: 7000, size: 'L' })
    const session = checkoutSessionOf(started)

    expect(await sut.api.registrations.markExpired(session)).toBe('expired')
    expect(await sut.api.registrations.markExpired(session)).toBe('not_pending')

    expect(await tierCounts(sut.database, 'sponsor')).toMatchObject({ taken: 0, holding: 0 })
    expect(await registrationOf(sut, member.registrationId)).toMatchObject({ registration_tier: 'member' })
    expect(await payCheckout(sut, session)).toBe('refunded_automatically')
    expect(refundsMade(sut)).toEqual([[session, 7000]])
    expect(await registrationOf(sut, member.registrationId)).toEqual({
      registration_tier: 'member',
      amount_jpy: 3000,
      payment_status: 'paid',
    })
    // The sweep ends a hold whose Checkout ran out too.
    const again = await change(sut, member.token, { tier: 'sponsor', amount: 7000, size: 'L' })
    expect(again.status).toBe(200)
    sut.clock.advance(24 * 60 * 60 * 1000)
    await sut.api.registrations.releaseExpired()
    expect(await tierCounts(sut.database, 'sponsor')).toMatchObject({ taken: 0, holding: 0 })
  })

  it("a participant's cancel after an upgrade refunds the new payment first, then the rest from the first", async () => {
    const { token, sessionId, upgradeSession } = await upgraded()

    const cancel = await sut.request('POST', '/registration/cancellation', {
      token,
      body: { idempotency_key: randomUUID(), refund_jpy: 9000 },
    })

    expect(cancel).toMatchObject({ status: 200, body: { amount_jpy: 9000 } })
    expect(refundsMade(sut)).toEqual(
      [
        [upgradeSession, 7000],
        [sessionId, 2000],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    )
    expect(await tierCounts(sut.database, 'sponsor')).toMatchObject({ taken: 0, holding: 0 })
    // Stripe's webhook for either payment is this refund's: nothing more changes.
    expect(await sut.api.refunds.providerRefunded(upgradeSession, 7000)).toBe('already_canceled')
    expect(await sut.api.refunds.providerRefunded(sessionId, 2000)).toBe('already_canceled')
  })

  it('a staff refund in full and a partial one split across both payments, each at most what is left', async () => {
    const full = await upgraded()

    const refunded = await sut.request('POST', `/admin/registrations/${full.registrationId}/refund`, {
      token: admin.token,
      body: { idempotency_key: randomUUID(), amount_jpy: 10000, reason: 'Moved abroad' },
    })

    expect(refunded).toMatchObject({ status: 200, body: { amount_jpy: 10000 } })
    expect(refundsMade(sut)).toContainEqual([full.upgradeSession, 7000])
    expect(refundsMade(sut)).toContainEqual([full.sessionId, 3000])
    expect(refundsMade(sut)).toHaveLength(2)
    // The accounts' list names both Stripe refunds of the one cancellation.
    const refundIdOf = (payment: string) =>
      [...sut.gateway.refunds.values()].find((made) => made.request.checkoutSessionId === payment)?.refundId
    const listed = await sut.request('GET', '/admin/refunds', { token: admin.token })
    const row = (listed.body as RefundListWire).items.find(
      (item) => item.registration_id === full.registrationId,
    )
    expect(row?.amount_jpy).toBe(10000)
    expect(row?.stripe_refund_ids.toSorted()).toEqual(
      [refundIdOf(full.upgradeSession), refundIdOf(full.sessionId)].toSorted(),
    )
    expect(row?.stripe_refund_ids).toHaveLength(2)

    const small = await upgraded()
    const part = await sut.request('POST', `/admin/registrations/${small.registrationId}/refund`, {
      token: admin.token,
      body: { idempotency_key: randomUUID(), amount_jpy: 5000, reason: 'Goodwill' },
    })
    expect(part).toMatchObject({ status: 200, body: { amount_jpy: 5000 } })
    expect(refundsMade(sut)).toContainEqual([small.upgradeSession, 5000])
    expect(refundsMade(sut).filter(([payment]) => payment === small.sessionId)).toEqual([])
  })

  it('the event-cancelled run refunds across both payments', async () => {
    const { registrationId, sessionId, upgradeSession } = await upgraded()

    expect(await sut.api.refunds.refundForEventCancellation(registrationId, 1000, randomUUID())).toBe(
      'refunded',
    )

    expect(refundsMade(sut)).toContainEqual([upgradeSession, 7000])
    expect(refundsMade(sut)).toContainEqual([sessionId, 2000])
    expect(await registrationOf(sut, registrationId)).toMatchObject({ payment_status: 'canceled' })
  })

  it('a downgrade after an upgrade refunds from the upgrade, and a later cancel takes what is left of it first', async () => {
    const { token, registrationId, sessionId, upgradeSession } = await upgraded()

    expect(await change(sut, token, { tier: 'member', amount: 6300 })).toMatchObject({
      status: 200,
      body: { direction: 'downgrade', refund_jpy: 6300 },
    })
    expect(refundsMade(sut)).toEqual([[upgradeSession, 6300]])
    // The downgrade's own refund reported by Stripe on the upgrade's payment keeps the registration.
    expect(await sut.api.refunds.providerRefunded(upgradeSession, 6300)).toBe('tier_change')

    const cancel = await sut.request('POST', '/registration/cancellation', {
      token,
      body: { idempotency_key: randomUUID(), refund_jpy: 2700 },
    })

    expect(cancel).toMatchObject({ status: 200, body: { amount_jpy: 2700 } })
    expect(refundsMade(sut)).toContainEqual([upgradeSession, 700])
    expect(refundsMade(sut)).toContainEqual([sessionId, 2000])
    const total = refundsMade(sut).reduce((sum, [, amount]) => sum + amount, 0)
    expect(total).toBe(9000)
    expect(await registrationOf(sut, registrationId)).toMatchObject({ payment_status: 'canceled' })
  })

  it('a staff refund decided before the upgrade is paid wins: the upgrade payment is refunded in full and its hold ends', async () => {
    const member = await registeredMember(sut, 'member')
    const started = await change(sut, member.token, { tier: 'sponsor', amount: 7000, size: 'L' })
    const session = checkoutSessionOf(started)

    const refunded = await sut.request('POST', `/admin/registrations/${member.registrationId}/refund`, {
      token: admin.token,
      body: { idempotency_key: randomUUID() },
    })
    expect(refunded).toMatchObject({ status: 200, body: { amount_jpy: 2700 } })

    expect(await payCheckout(sut, session)).toBe('refunded_automatically')

    expect(refundsMade(sut)).toContainEqual([session, 7000])
    expect(refundsMade(sut)).toContainEqual([member.sessionId, 2700])
    expect(await registrationOf(sut, member.registrationId)).toMatchObject({
      registration_tier: 'member',
      payment_status: 'canceled',
    })
    expect(await tierCounts(sut.database, 'sponsor')).toMatchObject({ taken: 0, holding: 0 })
    expect(await tierCounts(sut.database, 'member')).toMatchObject({ taken: 0, holding: 0 })
  })

  it('a Dashboard refund of the upgrade payment beyond what the system asked cancels as before', async () => {
    const { registrationId, upgradeSession } = await upgraded()

    expect(await sut.api.refunds.providerRefunded(upgradeSession, 7000)).toBe('canceled')

    expect(await registrationOf(sut, registrationId)).toMatchObject({ payment_status: 'canceled' })
  })
})
