import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import {
  databaseKinds,
  inventoryConsistency,
  minutes,
  pwaUrl,
  registrationRequest,
} from './support/harness.ts'
import {
  type PaymentStack,
  payOnHostedPage,
  sessionIdOfPaymentUrl,
  testCards,
  usePaymentStackStarter,
} from './support/payments.ts'

/*
 * The API and the Stripe emulator over real HTTP: the API's gateway uses the official SDK against the
 * emulator, people pay on the emulator's hosted page (its HTML form, posted as a browser posts it), and the
 * emulator's signed webhooks are what turn registrations paid or expired. One fake clock drives both.
 */

describe.each(databaseKinds)('payments through the Stripe emulator on %s', (kind) => {
  const { database, start } = usePaymentStackStarter(kind, {
    capacities: { member: 1, sponsor_fursuiter: 2 },
  })

  async function register(sut: PaymentStack['sut'], token: string, body: object = registrationRequest()) {
    const response = await sut.request('POST', '/registration', { token, body })
    expect(response.status).toBe(201)
    return (response.body as { payment_url: string }).payment_url
  }

  /** The stored registration, read without the API (a GET could itself reconcile). */
  async function stored(sessionId: string) {
    const [row] = await queryRows<{ payment_status: string; registration_id: string; user_id: string }>(
      database().database.db,
      sql`select payment_status, registration_id, user_id from registrations where checkout_session_id = ${sessionId}`,
    )
    return row
  }

  async function memberStatus(sut: PaymentStack['sut']) {
    const response = await sut.request('GET', '/inventory', { token: await sut.memberToken() })
    const items = (response.body as { items: { registration_tier: string; status: string }[] }).items
    return items.find((item) => item.registration_tier === 'member')?.status
  }

  it('opens a Checkout Session with the tier price in JPY, the e-mail, the redirects and a 31-minute expiry', async () => {
    const { sut, stripe, stripeUrl, time } = await start()
    const sub = randomUUID()
    sut.identity.setEmail(sub, 'ginger.fox@example.com')
    const token = await sut.memberToken(sub)
    const body = {
      ...registrationRequest('sponsor_fursuiter', 'Ginger'),
      success_url: `${pwaUrl}/en/mypage/dashboard?refresh=1`,
      cancel_url: `${pwaUrl}/en/mypage/registration`,
    }

    const paymentUrl = await register(sut, token, body)

    expect(paymentUrl.startsWith(`${stripeUrl}/c/pay/cs_test_`)).toBe(true)
    const session = await stripe.checkout.sessions.retrieve(sessionIdOfPaymentUrl(paymentUrl), {
      expand: ['line_items'],
    })
    const registration = await stored(session.id)
    expect(session).toMatchObject({
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      currency: 'jpy',
      amount_total: 11000,
      customer_email: 'ginger.fox@example.com',
      client_reference_id: registration?.registration_id,
      metadata: { registration_id: registration?.registration_id, user_id: sub },
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      locale: 'en',
      allowed_payment_method_types: ['card'],
      expires_at: time.now() / 1000 + 31 * 60,
    })
    expect(session.line_items?.data).toMatchObject([
      { description: 'Registration (Fursuiter sponsor)', quantity: 1, amount_total: 11000, currency: 'jpy' },
    ])
    // The spot is held exactly as long as the session is open.
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'pending',
      payment_url: paymentUrl,
      expires_at: new Date(session.expires_at * 1000).toISOString(),
    })
  })

  it('turns the registration paid through the signed webhook alone when the test card 4242 is paid', async () => {
    const { sut, emulator, settled } = await start()
    const token = await sut.memberToken()
    const paymentUrl = await register(sut, token)

    const paid = await payOnHostedPage(paymentUrl, { card_number: testCards.succeeds })
    await settled()

    expect(paid.page.status).toBe(200)
    expect(paid).toMatchObject({ status: 303, location: `${pwaUrl}/ja/mypage/dashboard?refresh=1` })
    // Paid before anyone asked the API: the webhook did it.
    expect((await stored(sessionIdOfPaymentUrl(paymentUrl)))?.payment_status).toBe('paid')
    expect(emulator.deliveries()).toMatchObject([
      { event: { type: 'checkout.session.completed' }, state: 'delivered', attempts: [{ status: 200 }] },
    ])
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'paid',
    })
    expect((await sut.request('GET', '/registration/jwt', { token })).status).toBe(200)
    expect(await memberStatus(sut)).toBe('sold_out')
    expect((await inventoryConsistency(database().database)).every((row) => row.taken === row.holding)).toBe(
      true,
    )
  })

  it('accepts a JCB card, one of the Japanese brands the spec lists', async () => {
    const { sut, settled } = await start()
    const token = await sut.memberToken()
    const paymentUrl = await register(sut, token)

    const paid = await payOnHostedPage(paymentUrl, { card_number: testCards.jcb })
    await settled()

    expect(paid.status).toBe(303)
    expect((await stored(sessionIdOfPaymentUrl(paymentUrl)))?.payment_status).toBe('paid')
  })

  it('keeps the registration pending and unpaid when the card is declined, and lets the user pay again', async () => {
    const { sut, stripe, emulator, settled } = await start()
    const token = await sut.memberToken()
    const paymentUrl = await register(sut, token)

    const declined = await payOnHostedPage(paymentUrl, { card_number: testCards.declined })
    await settled()

    expect(declined.status).toBe(402)
    expect(declined.html).toContain('カードが拒否されました')
    expect(emulator.deliveries()).toEqual([])
    expect((await stored(sessionIdOfPaymentUrl(paymentUrl)))?.payment_status).toBe('pending')
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'pending',
      payment_url: paymentUrl,
    })
    expect(await stripe.checkout.sessions.retrieve(sessionIdOfPaymentUrl(paymentUrl))).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
    })
    expect(await memberStatus(sut)).toBe('sold_out')

    expect((await payOnHostedPage(paymentUrl, { card_number: testCards.succeeds })).status).toBe(303)
    await settled()
    expect((await stored(sessionIdOfPaymentUrl(paymentUrl)))?.payment_status).toBe('paid')
  })

  it('expires the session on its own at expires_at and releases the spot through the webhook (fake clock)', async () => {
    const { sut, time, settled, emulator } = await start()
    const first = await sut.memberToken()
    const paymentUrl = await register(sut, first)
    const second = await sut.memberToken()
    expect(
      await sut.request('POST', '/registration', { token: second, body: registrationRequest() }),
    ).toMatchObject({ status: 409, body: { message: 'soldOut' } })

    time.advance(minutes(30))
    await settled()
    expect((await stored(sessionIdOfPaymentUrl(paymentUrl)))?.payment_status).toBe('pending')
    time.advance(minutes(1))
    await settled()

    expect(emulator.deliveries().map((delivery) => [delivery.event.type, delivery.state])).toEqual([
      ['checkout.session.expired', 'delivered'],
    ])
    expect((await stored(sessionIdOfPaymentUrl(paymentUrl)))?.payment_status).toBe('expired')
    expect(await memberStatus(sut)).toBe('available')
    expect((await sut.request('GET', '/registration', { token: first })).body).toMatchObject({
      payment_status: 'expired',
    })
    // The page no longer takes payments, and the spot is someone else's to take.
    expect((await payOnHostedPage(paymentUrl, { card_number: testCards.succeeds })).status).toBe(409)
    await register(sut, second)
  })

  it('cancels: DELETE expires the session at Stripe, answers the canceled registration and releases the spot', async () => {
    const { sut, stripe, settled, emulator } = await start()
    const token = await sut.memberToken()
    const paymentUrl = await register(sut, token)

    const canceled = await sut.request('DELETE', '/registration', { token })
    await settled()

    expect(canceled).toMatchObject({ status: 200, body: { payment_status: 'canceled', badge_name: 'Kemo' } })
    expect((await stripe.checkout.sessions.retrieve(sessionIdOfPaymentUrl(paymentUrl))).status).toBe(
      'expired',
    )
    // The session's own expired event arrives afterwards and changes nothing.
    expect(emulator.deliveries()).toMatchObject([
      { event: { type: 'checkout.session.expired' }, state: 'delivered', attempts: [{ status: 200 }] },
    ])
    expect((await stored(sessionIdOfPaymentUrl(paymentUrl)))?.payment_status).toBe('canceled')
    expect((await payOnHostedPage(paymentUrl, { card_number: testCards.succeeds })).status).toBe(409)
    expect(await memberStatus(sut)).toBe('available')
    await register(sut, await sut.memberToken())
  })

  it('ends the session itself when holds are configured shorter than Stripe allows', async () => {
    const { sut, stripe, time, settled } = await start({ checkoutSessionMs: minutes(5) })
    const reader = await sut.memberToken()
    const readUrl = await register(sut, reader)
    const swept = await register(sut, await sut.memberToken(), registrationRequest('sponsor_fursuiter'))

    // Stripe opens sessions for 30 minutes at least; the hold, and what the user is shown, is 5 minutes.
    const session = await stripe.checkout.sessions.retrieve(sessionIdOfPaymentUrl(readUrl))
    expect(session.expires_at).toBe(time.now() / 1000 + 31 * 60)
    expect((await sut.request('GET', '/registration', { token: reader })).body).toMatchObject({
      expires_at: new Date(time.now() + minutes(5)).toISOString(),
    })

    time.advance(minutes(5))
    // Lazily, on the user's next read; and by the sweeper for those nobody reads.
    expect((await sut.request('GET', '/registration', { token: reader })).body).toMatchObject({
      payment_status: 'expired',
    })
    expect(await sut.api.registrations.releaseExpired()).toBe(1)
    await settled()

    for (const paymentUrl of [readUrl, swept]) {
      expect((await stripe.checkout.sessions.retrieve(sessionIdOfPaymentUrl(paymentUrl))).status).toBe(
        'expired',
      )
      expect((await stored(sessionIdOfPaymentUrl(paymentUrl)))?.payment_status).toBe('expired')
      expect((await payOnHostedPage(paymentUrl, { card_number: testCards.succeeds })).status).toBe(409)
    }
    expect(await memberStatus(sut)).toBe('available')
  })

  describe('when webhooks do not arrive', () => {
    it('reconciles an overdue pending session lazily on GET: a payment wins over the expiry', async () => {
      const { sut, time } = await start({ webhooks: false })
      const payer = await sut.memberToken()
      const paidUrl = await register(sut, payer)
      const idler = await sut.memberToken()
      const idleUrl = await register(sut, idler, registrationRequest('sponsor_fursuiter'))
      expect((await payOnHostedPage(paidUrl, { card_number: testCards.succeeds })).status).toBe(303)
      expect((await stored(sessionIdOfPaymentUrl(paidUrl)))?.payment_status).toBe('pending')

      time.advance(minutes(32))

      expect((await sut.request('GET', '/registration', { token: payer })).body).toMatchObject({
        payment_status: 'paid',
      })
      expect((await sut.request('GET', '/registration', { token: idler })).body).toMatchObject({
        payment_status: 'expired',
      })
      expect((await stored(sessionIdOfPaymentUrl(idleUrl)))?.payment_status).toBe('expired')
      expect(await memberStatus(sut)).toBe('sold_out')
      expect(
        (await inventoryConsistency(database().database)).every((row) => row.taken === row.holding),
      ).toBe(true)
    })

    it('answers DELETE with the paid registration when the user paid before the session could be ended', async () => {
      const { sut } = await start({ webhooks: false })
      const token = await sut.memberToken()
      const paymentUrl = await register(sut, token)
      await payOnHostedPage(paymentUrl, { card_number: testCards.succeeds })

      expect(await sut.request('DELETE', '/registration', { token })).toMatchObject({
        status: 200,
        body: { payment_status: 'paid' },
      })
      expect(await memberStatus(sut)).toBe('sold_out')
    })
  })
})
