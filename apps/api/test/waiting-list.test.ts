import { randomUUID } from 'node:crypto'
import {
  adminWaitingListWireSchema,
  firstEdition,
  formatInstant,
  waitingListEntryWireSchema,
} from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { createMemoryLogger } from '../src/logger.ts'
import { createMailOutbox } from '../src/mail/outbox.ts'
import { syncTierCapacities } from '../src/services/inventory.ts'
import { databaseKinds, pwaUrl, registrationRequest, useTestApi } from './support/harness.ts'
import { capturingMailer } from './support/mailer.ts'
import { spotAccounting } from './support/waiting-list.ts'

/*
 * The waiting list over HTTP (decision 115): joining a sold-out tier with the registration fields, a returned
 * spot offered to the first person waiting as a hold, the offer mail, accepting into checkout and paying, an
 * offer that runs out passing on, leaving, and staff's view.
 */

const hours = (count: number) => count * 60 * 60 * 1000
const acceptBody = {
  success_url: `${pwaUrl}/en/mypage/dashboard?refresh=1`,
  cancel_url: `${pwaUrl}/en/mypage/registration`,
}

function joinBody(tier: 'member' | 'fursuiter' = 'member', badgeName = 'Waiter') {
  const { success_url: _, cancel_url: __, ...fields } = registrationRequest(tier, badgeName)
  return { ...fields, language: 'en' }
}

describe.each(databaseKinds)('waiting list on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 1, fursuiter: 1 } })

  const sessionOf = (paymentUrl: string) => {
    const id = new URL(paymentUrl).searchParams.get('checkout_session_id')
    if (!id) throw new Error(`No session in ${paymentUrl}`)
    return id
  }

  async function fillTier(tier: 'member' | 'fursuiter' = 'member') {
    const holder = await sut.memberToken()
    const created = await sut.request('POST', '/registration', {
      token: holder,
      body: registrationRequest(tier),
    })
    expect(created.status).toBe(201)
    return { holder, paymentUrl: (created.body as { payment_url: string }).payment_url }
  }

  /** A tier's counts in spotAccounting. */
  async function spotsOf(tier: string) {
    const { tier: _, ...counts } = (await spotAccounting(sut.database)).find((row) => row.tier === tier) ?? {}
    return counts
  }

  /** Tokens of three new members, who then join one after another. */
  const threeMembers = () => Promise.all([sut.memberToken(), sut.memberToken(), sut.memberToken()])

  async function join(token: string, body: object = joinBody()) {
    return sut.request('POST', '/waiting-list', { token, body })
  }

  async function outbox() {
    return queryRows<{ kind: string; waiting_entry_id: string | null }>(
      sut.database.db,
      sql`select kind, waiting_entry_id from mail_outbox where waiting_entry_id is not null order by created_at`,
    )
  }

  it('joins a sold-out tier in order, offers a returned spot to the first, and keeps it from everyone else', async () => {
    const { holder } = await fillTier()
    const [first, second, latecomer] = await threeMembers()
    const joined = await join(first, joinBody('member', 'First'))
    expect(joined.status).toBe(201)
    expect(waitingListEntryWireSchema.parse(joined.body)).toMatchObject({
      registration_tier: 'member',
      badge_name: 'First',
      status: 'waiting',
      position: 1,
    })
    expect((await join(second, joinBody('member', 'Second'))).body).toMatchObject({ position: 2 })

    // The holder gives up: the spot goes to the first person waiting, as a hold with a deadline.
    expect((await sut.request('DELETE', '/registration', { token: holder })).status).toBe(200)
    expect((await sut.request('GET', '/waiting-list', { token: first })).body).toEqual({
      registration_tier: 'member',
      badge_name: 'First',
      status: 'offered',
      joined_at: new Date(sut.clock()).toISOString(),
      offer_expires_at: new Date(sut.clock() + hours(24)).toISOString(),
    })
    expect((await sut.request('GET', '/waiting-list', { token: second })).body).toMatchObject({
      status: 'waiting',
      position: 1,
    })
    expect((await outbox()).map((row) => row.kind)).toEqual(['waiting_list_offer'])

    // Still sold out to everyone else while the offer is out.
    const inventory = await sut.request('GET', '/inventory', { token: latecomer })
    expect(inventory.body).toMatchObject({
      items: expect.arrayContaining([{ registration_tier: 'member', status: 'sold_out' }]),
    })
    expect(
      await sut.request('POST', '/registration', { token: latecomer, body: registrationRequest() }),
    ).toMatchObject({ status: 409, body: { message: 'soldOut' } })
    expect(await spotsOf('member')).toEqual({ capacity: 1, taken: 1, registrations: 0, offers: 1 })
  })

  it('accepting the offer goes to checkout for the held spot, and paying makes it a paid registration', async () => {
    const { holder } = await fillTier()
    const member = await sut.memberToken()
    await join(member, joinBody('member', 'Lucky'))
    await sut.request('DELETE', '/registration', { token: holder })

    const accepted = await sut.request('POST', '/waiting-list/accept', { token: member, body: acceptBody })
    expect(accepted.status).toBe(201)
    const paymentUrl = (accepted.body as { payment_url: string }).payment_url
    const session = sut.gateway.sessions.get(sessionOf(paymentUrl))
    expect(session?.request).toMatchObject({ registrationTier: 'member', locale: 'en', amountJpy: 3000 })
    expect((await sut.request('GET', '/waiting-list', { token: member })).body).toMatchObject({
      status: 'accepted',
    })
    expect(await spotsOf('member')).toEqual({ capacity: 1, taken: 1, registrations: 1, offers: 0 })

    sut.gateway.complete(sessionOf(paymentUrl))
    expect(await sut.api.registrations.markPaid(sessionOf(paymentUrl))).toMatchObject({ outcome: 'paid' })
    expect((await sut.request('GET', '/registration', { token: member })).body).toMatchObject({
      payment_status: 'paid',
      badge_name: 'Lucky',
    })
    // A second accept finds no offer.
    expect(
      await sut.request('POST', '/waiting-list/accept', { token: member, body: acceptBody }),
    ).toMatchObject({ status: 409, body: { message: 'noWaitingListOffer' } })
  })

  it('refuses accepting an offer while registration is off, exactly like registering, and keeps the offer', async () => {
    const { holder } = await fillTier()
    const member = await sut.memberToken()
    await join(member, joinBody('member', 'Patient'))
    await sut.request('DELETE', '/registration', { token: holder })
    const flags = {
      is_new_club_activity_establishment_available: false,
      is_registration_available: false,
      is_under_maintenance: false,
    }
    const admin = await sut.adminToken()
    expect((await sut.request('PUT', '/admin/features', { token: admin, body: flags })).status).toBe(200)

    const registering = await sut.request('POST', '/registration', {
      token: await sut.memberToken(),
      body: registrationRequest(),
    })
    const accepting = await sut.request('POST', '/waiting-list/accept', { token: member, body: acceptBody })

    expect(registering).toMatchObject({ status: 409, body: { message: 'registrationUnavailable' } })
    expect(accepting).toMatchObject({ status: registering.status, body: registering.body })
    expect(sut.gateway.sessions.size).toBe(1)
    expect((await sut.request('GET', '/waiting-list', { token: member })).body).toMatchObject({
      status: 'offered',
    })
    expect(await spotsOf('member')).toEqual({ capacity: 1, taken: 1, registrations: 0, offers: 1 })

    // Switched on again, the same offer can be accepted.
    const on = { ...flags, is_registration_available: true }
    expect((await sut.request('PUT', '/admin/features', { token: admin, body: on })).status).toBe(200)
    expect(
      (await sut.request('POST', '/waiting-list/accept', { token: member, body: acceptBody })).status,
    ).toBe(201)
  })

  it('passes an offer not taken in time to the next person, and mails the one whose offer expired', async () => {
    const { holder } = await fillTier()
    const [firstSub, secondSub] = [randomUUID(), randomUUID()]
    await join(await sut.memberToken(firstSub))
    await join(await sut.memberToken(secondSub))
    await sut.request('DELETE', '/registration', { token: holder })

    sut.clock.advance(hours(24))
    await sut.api.registrations.releaseExpired()
    // Access tokens last an hour: the members sign in again a day later.
    const [first, second] = [await sut.memberToken(firstSub), await sut.memberToken(secondSub)]
    expect((await sut.request('GET', '/waiting-list', { token: first })).body).toMatchObject({
      status: 'expired',
    })
    expect((await sut.request('GET', '/waiting-list', { token: second })).body).toMatchObject({
      status: 'offered',
      offer_expires_at: new Date(sut.clock() + hours(24)).toISOString(),
    })
    expect((await outbox()).map((row) => row.kind).sort()).toEqual([
      'waiting_list_offer',
      'waiting_list_offer',
      'waiting_list_offer_expired',
    ])
    expect(
      await sut.request('POST', '/waiting-list/accept', { token: first, body: acceptBody }),
    ).toMatchObject({ status: 409, body: { message: 'noWaitingListOffer' } })
  })

  it('offers the spot on when an accepted offer’s checkout lapses, and when a member declines', async () => {
    const { holder } = await fillTier()
    const [first, second, third] = await threeMembers()
    for (const token of [first, second, third]) await join(token)
    await sut.request('DELETE', '/registration', { token: holder })
    await sut.request('POST', '/waiting-list/accept', { token: first, body: acceptBody })
    // The first member abandons the checkout of the accepted offer.
    expect((await sut.request('DELETE', '/registration', { token: first })).body).toMatchObject({
      payment_status: 'canceled',
    })
    expect((await sut.request('GET', '/waiting-list', { token: second })).body).toMatchObject({
      status: 'offered',
    })
    // The second declines: the third gets it.
    expect((await sut.request('DELETE', '/waiting-list', { token: second })).body).toMatchObject({
      status: 'left',
    })
    expect((await sut.request('GET', '/waiting-list', { token: third })).body).toMatchObject({
      status: 'offered',
    })
    expect(await spotsOf('member')).toEqual({ capacity: 1, taken: 1, registrations: 0, offers: 1 })
  })

  it('keeps a spot freed outside the list (a canceled paid registration) for the people waiting, and the sweep offers it', async () => {
    const { paymentUrl } = await fillTier()
    sut.gateway.complete(sessionOf(paymentUrl))
    await sut.api.registrations.markPaid(sessionOf(paymentUrl))
    const [waiting, latecomer] = await Promise.all([sut.memberToken(), sut.memberToken()])
    await join(waiting)
    // What the refund path does: the registration ends and its spot returns, and nothing else is called.
    await sut.database.db.execute(sql`
      with canceled as (
        update registrations set payment_status = 'canceled' where payment_status = 'paid'
        returning edition_id, registration_tier)
      update tier_inventory t set taken = t.taken - 1
      from canceled c where t.edition_id = c.edition_id and t.registration_tier = c.registration_tier`)

    expect((await sut.request('GET', '/inventory', { token: latecomer })).body).toMatchObject({
      items: expect.arrayContaining([{ registration_tier: 'member', status: 'sold_out' }]),
    })
    expect(
      await sut.request('POST', '/registration', { token: latecomer, body: registrationRequest() }),
    ).toMatchObject({ status: 409, body: { message: 'soldOut' } })
    await sut.api.registrations.releaseExpired()
    expect((await sut.request('GET', '/waiting-list', { token: waiting })).body).toMatchObject({
      status: 'offered',
    })
  })

  it('mails the offer and its expiry to the member, in the language they joined in', async () => {
    const { deliver, sent } = capturingMailer(sut)
    const outbox = createMailOutbox({
      db: sut.database.db,
      clock: sut.clock,
      logger: createMemoryLogger(),
      deliver,
    })
    const { holder } = await fillTier()
    const sub = randomUUID()
    sut.identity.setEmail(sub, 'waiter@example.com')
    await join(await sut.memberToken(sub))
    await sut.request('DELETE', '/registration', { token: holder })
    await outbox.drain()
    const offer = sent.find((mail) => mail.subject === '[Tokyo Furry Fes] A spot is held for you')
    expect(offer?.to).toBe('waiter@example.com')
    expect(offer?.text).toContain(`Accept it and pay by ${formatInstant(sut.clock() + hours(24), 'en')}.`)

    sut.clock.advance(hours(24))
    await sut.api.registrations.releaseExpired()
    await outbox.drain()
    expect(sent.map((mail) => [mail.to, mail.subject])).toContainEqual([
      'waiter@example.com',
      '[Tokyo Furry Fes] Your held spot has passed on',
    ])
  })

  it('offers spots added by a raised capacity at the next sweep', async () => {
    await fillTier()
    const [first, second] = await Promise.all([sut.memberToken(), sut.memberToken()])
    await join(first)
    await join(second)
    await syncTierCapacities(sut.database.db, firstEdition.id, {
      member: 3,
      fursuiter: 1,
      sponsor: 2,
      sponsor_fursuiter: 1,
    })
    await sut.api.registrations.releaseExpired()
    for (const token of [first, second]) {
      expect((await sut.request('GET', '/waiting-list', { token })).body).toMatchObject({ status: 'offered' })
    }
  })

  it('validates joining like registering, one list at a time, and not while holding a registration', async () => {
    await fillTier('fursuiter')
    const member = await sut.memberToken()
    const { changing_room_type: _, ...withoutRoom } = joinBody('fursuiter')
    expect(await join(member, withoutRoom)).toMatchObject({
      status: 400,
      body: {
        message: 'invalidRequest',
        issues: [{ path: ['changing_room_type'], message: 'validation.changingRoomEmpty' }],
      },
    })
    expect(await join(member, { ...joinBody('fursuiter'), badge_name: '' })).toMatchObject({ status: 400 })
    expect((await sut.request('GET', '/waiting-list', { token: member })).status).toBe(404)

    expect((await join(member, joinBody('fursuiter'))).status).toBe(201)
    expect(await join(member, joinBody('member'))).toMatchObject({
      status: 409,
      body: { message: 'alreadyOnWaitingList' },
    })
    const { holder } = await fillTier('member')
    expect(await join(holder, joinBody('fursuiter'))).toMatchObject({
      status: 409,
      body: { message: 'purchaseSessionAlreadyExists' },
    })
    expect(await sut.request('DELETE', '/waiting-list', { token: holder })).toMatchObject({ status: 404 })
  })

  it('shows staff every tier’s list and offers in order, and refuses members', async () => {
    const { holder } = await fillTier()
    const [first, second] = await Promise.all([sut.memberToken(), sut.memberToken()])
    await join(first, joinBody('member', 'First'))
    await join(second, joinBody('member', 'Second'))
    await sut.request('DELETE', '/registration', { token: holder })

    expect((await sut.request('GET', '/admin/waiting-list', { token: first })).status).toBe(403)
    const list = await sut.request('GET', '/admin/waiting-list', { token: await sut.adminToken() })
    expect(list.status).toBe(200)
    const items = adminWaitingListWireSchema.parse(list.body).items
    expect(items.map((item) => [item.badge_name, item.status, item.position])).toEqual([
      ['First', 'offered', undefined],
      ['Second', 'waiting', 1],
    ])
    expect(items[0]?.offer_expires_at).toBe(new Date(sut.clock() + hours(24)).toISOString())
  })
})
