import { randomUUID } from 'node:crypto'
import { cookingClubTastingCode, type DashboardWire } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import {
  checkoutSessionOf,
  databaseKinds,
  minutes,
  pwaUrl,
  registeredMember,
  type TestApi,
  useAdmin,
  useTestApi,
} from './support/harness.ts'

/*
 * Add-on products (decision 178): a paid participant buys the cooking club tasting through a checkout of its own;
 * the place is held for the checkout's life, paid by the webhook, given back when the checkout ends or the
 * purchase is refunded (alone by staff, or with the registration under the policy).
 */

const tasting = cookingClubTastingCode
const buyPath = `/registration/addons/${tasting}`
const checkout = { success_url: `${pwaUrl}/ja/mypage/dashboard`, cancel_url: `${pwaUrl}/ja/mypage/dashboard` }
const addonRefundPath = (registrationId: string) =>
  `/admin/registrations/${registrationId}/addons/${tasting}/refund`

interface AddonItem {
  code: string
  name_ja: string
  name_en: string
  price_jpy: number
  capacity: number
  remaining: number
  purchase: { purchase_id: string; status: string; amount_jpy: number; payment_url?: string } | null
}

async function addonsOf(sut: TestApi, token: string): Promise<AddonItem[]> {
  const listed = await sut.request('GET', '/registration/addons', { token })
  expect(listed.status).toBe(200)
  return (listed.body as { items: AddonItem[] }).items
}

async function tastingOf(sut: TestApi, token: string): Promise<AddonItem> {
  const item = (await addonsOf(sut, token)).find((addon) => addon.code === tasting)
  if (!item) throw new Error('The tasting is not listed')
  return item
}

/** A paid participant who bought the tasting and paid for it; answers their ids and the add-on's session. */
async function boughtTasting(sut: TestApi) {
  const member = await registeredMember(sut)
  const bought = await sut.request('POST', buyPath, { token: member.token, body: checkout })
  expect(bought.status).toBe(201)
  const addonSession = checkoutSessionOf(bought)
  sut.gateway.complete(addonSession)
  expect(await sut.api.registrations.addons.markPaid(addonSession)).toBe('paid')
  return { ...member, addonSession }
}

describe.each(databaseKinds)('add-ons on %s', (kind) => {
  const sut = useTestApi(kind)
  const admin = useAdmin(sut)

  it('lists the cooking club tasting of the current edition: 50 places at 500 JPY, none bought', async () => {
    const { token } = await registeredMember(sut)
    expect(await addonsOf(sut, token)).toEqual([
      expect.objectContaining({
        code: tasting,
        name_ja: '料理部 試食会',
        name_en: 'Cooking club tasting',
        price_jpy: 500,
        capacity: 50,
        remaining: 50,
        purchase: null,
      }),
    ])
  })

  it('sells only to a paid registration', async () => {
    const pending = await registeredMember(sut, 'member', { pay: false })
    const refused = await sut.request('POST', buyPath, { token: pending.token, body: checkout })
    expect(refused).toMatchObject({ status: 409, body: { message: 'addonNeedsPaidRegistration' } })
    const stranger = await sut.memberToken()
    const none = await sut.request('POST', buyPath, { token: stranger, body: checkout })
    expect(none).toMatchObject({ status: 409, body: { message: 'addonNeedsPaidRegistration' } })
    expect((await tastingOf(sut, pending.token)).remaining).toBe(50)
  })

  it('holds a place for the checkout, answers a double submit with the same checkout and marks it paid once', async () => {
    const { token, registrationId, userId } = await registeredMember(sut)
    const [first, second] = [
      await sut.request('POST', buyPath, { token, body: checkout }),
      await sut.request('POST', buyPath, { token, body: checkout }),
    ]
    expect(first.status).toBe(201)
    expect(second).toEqual(expect.objectContaining({ status: 201, body: first.body }))
    const sessionId = checkoutSessionOf(first)
    const session = sut.gateway.sessions.get(sessionId)
    expect(session?.request).toMatchObject({
      amountJpy: 500,
      addon: { name: { en: 'Cooking club tasting' } },
    })
    expect(await tastingOf(sut, token)).toMatchObject({
      remaining: 49,
      purchase: {
        status: 'pending',
        amount_jpy: 500,
        payment_url: (first.body as { payment_url: string }).payment_url,
      },
    })

    sut.gateway.complete(sessionId)
    expect(await sut.api.registrations.addons.markPaid(sessionId)).toBe('paid')
    // The webhook delivered again: nothing changes, one receipt is owed.
    expect(await sut.api.registrations.addons.markPaid(sessionId)).toBe('already_paid')
    expect(await tastingOf(sut, token)).toMatchObject({ remaining: 49, purchase: { status: 'paid' } })
    const mails = await queryRows<{ kind: string }>(
      sut.database.db,
      sql`select kind from mail_outbox where registration_id = ${registrationId}::uuid and kind = 'addon_receipt'`,
    )
    expect(mails).toHaveLength(1)
    const again = await sut.request('POST', buyPath, { token, body: checkout })
    expect(again).toMatchObject({ status: 409, body: { message: 'addonAlreadyBought' } })
    expect([...sut.gateway.sessions.values()].filter((made) => made.request.addon)).toHaveLength(1)
    // A session of an add-on is not a registration's: the registration stays as it was.
    expect((await sut.api.registrations.current(userId))?.registrationId).toBe(registrationId)
  })

  it('gives the place back when the checkout expires, and sells it again', async () => {
    const { token, userId } = await registeredMember(sut)
    const first = await sut.request('POST', buyPath, { token, body: checkout })
    expect(await sut.api.registrations.addons.markExpired(checkoutSessionOf(first))).toBe('expired')
    expect(await tastingOf(sut, token)).toMatchObject({ remaining: 50, purchase: { status: 'expired' } })

    const second = await sut.request('POST', buyPath, { token, body: checkout })
    expect(second.status).toBe(201)
    expect(checkoutSessionOf(second)).not.toBe(checkoutSessionOf(first))
    // Nobody pays: the sweep ends the hold once the checkout's time is up.
    sut.clock.advance(minutes(24 * 60))
    await sut.api.registrations.releaseExpired()
    expect(await tastingOf(sut, await sut.memberToken(userId))).toMatchObject({
      remaining: 50,
      purchase: { status: 'expired' },
    })
  })

  it('refunds a payment that arrives after its hold ended and the registration bought another', async () => {
    const { token } = await registeredMember(sut)
    const late = await sut.request('POST', buyPath, { token, body: checkout })
    const lateSession = checkoutSessionOf(late)
    await sut.api.registrations.addons.markExpired(lateSession)
    const kept = await sut.request('POST', buyPath, { token, body: checkout })
    sut.gateway.complete(checkoutSessionOf(kept))
    await sut.api.registrations.addons.markPaid(checkoutSessionOf(kept))

    sut.gateway.completeLate(lateSession)
    expect(await sut.api.registrations.addons.markPaid(lateSession)).toBe('refunded_automatically')
    const refunds = [...sut.gateway.refunds.values()].map(({ amountJpy, request }) => ({
      amountJpy,
      session: request.checkoutSessionId,
    }))
    expect(refunds).toEqual([{ amountJpy: 500, session: lateSession }])
    expect((await tastingOf(sut, token)).remaining).toBe(49)
  })

  it('answers sold out when every place is held, and outside the sale window that it is not on sale', async () => {
    await sut.database.db.execute(sql`update addon_products set capacity = 1`)
    const first = await registeredMember(sut)
    expect((await sut.request('POST', buyPath, { token: first.token, body: checkout })).status).toBe(201)
    const second = await registeredMember(sut)
    const soldOut = await sut.request('POST', buyPath, { token: second.token, body: checkout })
    expect(soldOut).toMatchObject({ status: 409, body: { message: 'addonSoldOut' } })

    sut.clock.set(Date.parse('2025-05-10T00:00:00+09:00'))
    const third = await sut.memberToken(second.userId)
    const closed = await sut.request('POST', buyPath, { token: third, body: checkout })
    expect(closed).toMatchObject({ status: 409, body: { message: 'addonNotOnSale' } })
  })

  it('lets the desk refund the add-on alone with its own key: audited, the place back on sale, the registration kept', async () => {
    const { registrationId, addonSession, token, userId } = await boughtTasting(sut)
    const desk = await sut.adminToken(randomUUID(), ['desk'])
    const refunded = await sut.request('POST', addonRefundPath(registrationId), { token: desk })
    expect(refunded).toMatchObject({ status: 200, body: { status: 'refunded', amount_jpy: 500 } })
    const purchaseId = (refunded.body as { purchase_id: string }).purchase_id
    expect(sut.gateway.refunds.get(`addon-refund-${purchaseId}`)).toMatchObject({
      amountJpy: 500,
      request: { checkoutSessionId: addonSession },
    })
    // Sent again: the same answer, nothing refunded twice.
    const again = await sut.request('POST', addonRefundPath(registrationId), { token: desk })
    expect(again).toMatchObject({ status: 200, body: { status: 'refunded' } })
    expect(sut.gateway.refunds.size).toBe(1)
    expect(await tastingOf(sut, token)).toMatchObject({ remaining: 50, purchase: { status: 'refunded' } })
    expect((await sut.api.registrations.current(userId))?.paymentStatus).toBe('paid')
    const audit = await queryRows<{ action: string; subject: string }>(
      sut.database.db,
      sql`select action, subject from staff_audit where action = 'addonRefunded'`,
    )
    expect(audit).toEqual([{ action: 'addonRefunded', subject: registrationId }])
  })

  it('lists the paid add-ons with the participant, for the door and the CSV, and none once refunded', async () => {
    const { registrationId } = await boughtTasting(sut)
    const listed = async () => {
      const answer = await sut.request('GET', '/admin/participants', { token: admin.token })
      const items = (answer.body as { items: { registration?: { id: string }; addons?: unknown }[] }).items
      return items.find((item) => item.registration?.id === registrationId)?.addons
    }
    expect(await listed()).toEqual([
      { code: tasting, name_ja: '料理部 試食会', name_en: 'Cooking club tasting' },
    ])
    await sut.request('POST', addonRefundPath(registrationId), { token: admin.token })
    expect(await listed()).toBeUndefined()
  })

  it('counts each add-on on the dashboard: places paid and held of its capacity, a refunded one back on sale', async () => {
    const addonFigures = async () => {
      const answer = await sut.request('GET', '/admin/dashboard', { token: admin.token })
      expect(answer.status).toBe(200)
      return (answer.body as DashboardWire).addons
    }
    const { registrationId } = await boughtTasting(sut)
    const holder = await registeredMember(sut)
    expect((await sut.request('POST', buyPath, { token: holder.token, body: checkout })).status).toBe(201)
    expect(await addonFigures()).toEqual([
      {
        code: tasting,
        name_ja: '料理部 試食会',
        name_en: 'Cooking club tasting',
        capacity: 50,
        paid: 1,
        pending: 1,
      },
    ])
    await sut.request('POST', addonRefundPath(registrationId), { token: admin.token })
    expect(await addonFigures()).toEqual([expect.objectContaining({ code: tasting, paid: 0, pending: 1 })])
  })

  it('refuses the door a refund, and answers addonNotBought when nothing was bought', async () => {
    const { registrationId } = await registeredMember(sut)
    const door = await sut.adminToken(randomUUID(), ['door'])
    const forbidden = await sut.request('POST', addonRefundPath(registrationId), { token: door })
    expect(forbidden).toMatchObject({ status: 403, body: { message: 'forbidden' } })
    const nothing = await sut.request('POST', addonRefundPath(registrationId), { token: admin.token })
    expect(nothing).toMatchObject({ status: 409, body: { message: 'addonNotBought' } })
  })

  it('refunds the add-on with a canceled registration under the same policy, each on its own payment', async () => {
    const { registrationId, sessionId, addonSession, token } = await boughtTasting(sut)
    const canceled = await sut.request('POST', `/admin/registrations/${registrationId}/refund`, {
      token: admin.token,
      body: { idempotency_key: randomUUID() },
    })
    expect(canceled.status).toBe(200)
    const made = [...sut.gateway.refunds.entries()].map(([key, refund]) => ({
      addon: key.startsWith('addon-refund-'),
      session: refund.request.checkoutSessionId,
      amountJpy: refund.amountJpy,
    }))
    // 1 March 2025 is in the policy's early period: 90 % of each payment.
    expect(made).toEqual(
      expect.arrayContaining([
        { addon: true, session: addonSession, amountJpy: 450 },
        { addon: false, session: sessionId, amountJpy: expect.any(Number) },
      ]),
    )
    expect(made).toHaveLength(2)
    expect(await tastingOf(sut, token)).toMatchObject({ remaining: 50, purchase: { status: 'refunded' } })
  })
})
