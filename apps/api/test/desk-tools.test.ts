import { randomUUID } from 'node:crypto'
import {
  cookingClubTastingCode,
  type DashboardWire,
  type RefundListWire,
  type RefundQuoteWire,
  registrationTierPriceJpy,
} from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { createMemoryLogger } from '../src/logger.ts'
import { createMailOutbox } from '../src/mail/outbox.ts'
import {
  checkoutSessionOf,
  databaseKinds,
  payCheckout,
  pwaUrl,
  registrationRequest,
  useTestApi,
} from './support/harness.ts'
import { capturingMailer } from './support/mailer.ts'

/*
 * The desk's tools of docs/decisions/191-desk-payments-and-receipts.md: a paid registration's receipt sent again
 * through the outbox, audited; a registration found by the Stripe payment that paid it.
 */

describe.each(databaseKinds)('desk tools on %s', (kind) => {
  const sut = useTestApi(kind)

  /** A member registered in `language`, paid unless told otherwise, with an address on record. */
  async function participant(language: 'ja' | 'en', pay = true) {
    const userId = randomUUID()
    const email = `${language}-${userId.slice(0, 8)}@example.com`
    sut.identity.setEmail(userId, email)
    const token = await sut.memberToken(userId)
    await sut.database.db.execute(sql`update users set email = ${email} where user_id = ${userId}::uuid`)
    const created = await sut.request('POST', '/registration', {
      token,
      body: { ...registrationRequest('member', 'Resent Fox'), language },
    })
    expect(created.status).toBe(201)
    const sessionId = checkoutSessionOf(created)
    if (pay) await payCheckout(sut, sessionId)
    const row = await sut.api.registrations.current(userId)
    if (!row) throw new Error('The registration was not stored')
    return { userId, email, token, sessionId, registrationId: row.registrationId }
  }

  const staff = async (role: string) => sut.adminToken(randomUUID(), [role])

  const resend = async (registrationId: string, role = 'desk') =>
    sut.request('POST', `/admin/registrations/${registrationId}/receipt`, { token: await staff(role) })

  /** The outbox drained into a capturing sender. */
  function outbox() {
    const { deliver, sent } = capturingMailer(sut)
    const mails = createMailOutbox({
      db: sut.database.db,
      clock: sut.clock,
      logger: createMemoryLogger(),
      deliver,
    })
    return { drain: () => mails.drain(), sent }
  }

  describe('sending a receipt again', () => {
    it('sends exactly one more receipt per request, in the registration language with its code and calendar, audited', async () => {
      const { registrationId, email } = await participant('en')
      const mail = outbox()
      // The receipt of the payment leaves first.
      expect((await mail.drain()).sent).toBe(1)
      expect(mail.sent).toHaveLength(1)

      expect((await resend(registrationId)).status).toBe(204)
      expect(await mail.drain()).toMatchObject({ sent: 1 })
      expect(mail.sent).toHaveLength(2)
      const again = mail.sent[1]
      expect(again?.to).toBe(email)
      expect(again?.subject).toBe('[Tokyo Furry Fes] Receipt for your registration')
      expect(again?.text).toContain('/en/registration-code')
      expect(again?.attachments.map((attachment) => attachment.filename)).toEqual(['furfes.ics'])

      // The committee may too; nothing more leaves without a request.
      expect((await resend(registrationId, 'committee')).status).toBe(204)
      expect((await mail.drain()).sent).toBe(1)
      expect((await mail.drain()).sent).toBe(0)
      expect(mail.sent).toHaveLength(3)

      const audit = await sut.request('GET', '/admin/audit?action=receiptResent', {
        token: await staff('committee'),
      })
      const entries = (audit.body as { items: { subject: string; actor_id: string }[] }).items
      expect(entries.map((entry) => entry.subject)).toEqual([registrationId, registrationId])
    })

    it('owes one receipt for two requests made before it left', async () => {
      const { registrationId } = await participant('ja')
      const mail = outbox()
      await mail.drain()
      expect((await resend(registrationId)).status).toBe(204)
      expect((await resend(registrationId)).status).toBe(204)
      expect((await mail.drain()).sent).toBe(1)
      expect(mail.sent.at(-1)?.subject).toBe('【東京ふぁーりーフェス】参加登録の領収書')
    })

    it('refuses an unpaid or canceled registration, an unknown one and the door, owing no mail and auditing nothing', async () => {
      const unpaid = await participant('ja', false)
      expect(await resend(unpaid.registrationId)).toMatchObject({
        status: 409,
        body: { message: 'receiptNotPaid' },
      })
      const canceled = await participant('ja')
      const quote = await sut.request('GET', '/registration/cancellation', { token: canceled.token })
      const cancel = await sut.request('POST', '/registration/cancellation', {
        token: canceled.token,
        body: {
          idempotency_key: randomUUID(),
          refund_jpy: (quote.body as RefundQuoteWire).policy_refund_jpy,
        },
      })
      expect(cancel.status).toBe(200)
      expect(await resend(canceled.registrationId, 'committee')).toMatchObject({
        status: 409,
        body: { message: 'receiptNotPaid' },
      })
      expect(await resend(randomUUID())).toMatchObject({ status: 404, body: { message: 'notFound' } })
      const paid = await participant('ja')
      expect((await resend(paid.registrationId, 'door')).status).toBe(403)

      const receipts = await queryRows<{ registration_id: string; created_at: unknown }>(
        sut.database.db,
        sql`select registration_id, created_at from mail_outbox where kind = 'receipt'`,
      )
      // Only the two payments owe a receipt.
      expect(receipts.map((row) => row.registration_id).sort()).toEqual(
        [canceled.registrationId, paid.registrationId].sort(),
      )
      const audit = await sut.request('GET', '/admin/audit?action=receiptResent', {
        token: await staff('committee'),
      })
      expect((audit.body as { items: unknown[] }).items).toEqual([])
    })
  })

  describe('finding a registration by its Stripe payment', () => {
    const find = async (paymentId: string, role = 'door') =>
      sut.request('GET', `/admin/payments/${encodeURIComponent(paymentId)}`, { token: await staff(role) })

    it('answers the registration of a Checkout session id or of its payment intent id', async () => {
      const { registrationId, sessionId } = await participant('ja')
      await participant('en')
      expect(await find(sessionId)).toMatchObject({ status: 200, body: { registration_id: registrationId } })
      const { paymentId } = await sut.gateway.paymentDetails(sessionId)
      expect(paymentId).toMatch(/^pi_/)
      expect((await find(paymentId, 'desk')).body).toEqual({ registration_id: registrationId })
    })

    it('answers paymentNotFound for an id no registration of the edition was paid with, notFound for text that is no id', async () => {
      await participant('ja')
      expect(await find('cs_test_unknown0000')).toMatchObject({
        status: 404,
        body: { message: 'paymentNotFound' },
      })
      expect(await find('pi_test_unknown0000')).toMatchObject({
        status: 404,
        body: { message: 'paymentNotFound' },
      })
      // A path that is no payment id is no resource, as with any malformed id.
      expect(await find('Resent Fox')).toMatchObject({ status: 404, body: { message: 'notFound' } })
    })
  })

  describe('the figures', () => {
    it('count the complimentary registrations per kind within paid, never in the revenue', async () => {
      await participant('ja')
      const committee = await staff('committee')
      for (const [n, kind] of [
        [1, 'guest'],
        [2, 'guest'],
        [3, 'staff'],
      ] as const) {
        const userId = randomUUID()
        const email = `comp-${n}@example.com`
        await sut.database.db.execute(
          sql`insert into users (user_id, email, created_at) values (${userId}::uuid, ${email}, now())`,
        )
        const created = await sut.request('POST', '/admin/registrations/complimentary', {
          token: committee,
          body: { email, kind, registration_tier: 'member', badge_name: `Comp ${n}` },
        })
        expect(created.status).toBe(201)
      }
      const answer = await sut.request('GET', '/admin/dashboard', { token: committee })
      const figures = answer.body as DashboardWire
      expect(figures.complimentary).toEqual([
        { kind: 'guest', paid: 2 },
        { kind: 'dealer', paid: 0 },
        { kind: 'staff', paid: 1 },
      ])
      const member = figures.tiers.find((tier) => tier.registration_tier === 'member')
      expect(member).toMatchObject({ paid: 4, revenue_gross_jpy: registrationTierPriceJpy.member })
      expect(figures.paid).toBe(4)
    })
  })

  describe("the accounts' refund list", () => {
    it('lists the refunds of the edition: a cancellation by staff with its reason, an add-on alone, by whose address', async () => {
      const canceled = await participant('ja')
      const deskId = randomUUID()
      const desk = await sut.adminToken(deskId, ['desk'])
      const refunded = await sut.request('POST', `/admin/registrations/${canceled.registrationId}/refund`, {
        token: desk,
        body: { idempotency_key: randomUUID(), reason: 'Ill on the day' },
      })
      expect(refunded.status).toBe(200)
      const holder = await participant('en')
      const bought = await sut.request('POST', `/registration/addons/${cookingClubTastingCode}`, {
        token: holder.token,
        body: { success_url: `${pwaUrl}/ja/mypage/dashboard`, cancel_url: `${pwaUrl}/ja/mypage/dashboard` },
      })
      expect(bought.status).toBe(201)
      const addonSession = checkoutSessionOf(bought)
      sut.gateway.complete(addonSession)
      await sut.api.registrations.addons.markPaid(addonSession)
      sut.clock.advance(60_000)
      expect(
        (
          await sut.request(
            'POST',
            `/admin/registrations/${holder.registrationId}/addons/${cookingClubTastingCode}/refund`,
            { token: desk },
          )
        ).status,
      ).toBe(200)
      // A member who never paid has nothing to list.
      await participant('ja', false)

      const list = await sut.request('GET', '/admin/refunds', { token: await staff('committee') })
      expect(list.status).toBe(200)
      const items = (list.body as RefundListWire).items
      expect(items).toEqual([
        {
          refunded_at: expect.any(String),
          kind: 'registration',
          registration_id: canceled.registrationId,
          badge_number: 1,
          badge_name: 'Resent Fox',
          registration_tier: 'member',
          amount_jpy: expect.any(Number),
          policy_amount_jpy: expect.any(Number),
          stripe_refund_ids: [expect.stringMatching(/^re_/)],
          source: 'staff',
          reason: 'Ill on the day',
          staff: `${deskId.slice(0, 8)}@example.com`,
        },
        {
          refunded_at: expect.any(String),
          kind: 'addon',
          registration_id: holder.registrationId,
          badge_number: 2,
          badge_name: 'Resent Fox',
          registration_tier: 'member',
          addon: cookingClubTastingCode,
          amount_jpy: 500,
          stripe_refund_ids: [expect.stringMatching(/^re_/)],
          source: 'staff',
          staff: `${deskId.slice(0, 8)}@example.com`,
        },
      ])
      const [first, second] = items
      expect(first?.amount_jpy).toBe(first?.policy_amount_jpy)
      expect(first?.amount_jpy).toBeGreaterThan(0)
      expect(Date.parse(first?.refunded_at ?? '')).toBeLessThan(Date.parse(second?.refunded_at ?? ''))
    })

    it("is the committee's: the desk and the door are refused", async () => {
      expect((await sut.request('GET', '/admin/refunds', { token: await staff('desk') })).status).toBe(403)
      expect((await sut.request('GET', '/admin/refunds', { token: await staff('door') })).status).toBe(403)
    })
  })
})
