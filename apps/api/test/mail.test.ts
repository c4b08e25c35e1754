import { randomUUID } from 'node:crypto'
import { type Edition, firstEdition, formatCalendarDate, formatInstant } from '@furfes/core'
import { sql } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { createMemoryLogger } from '../src/logger.ts'
import { createMailService, type MailService } from '../src/mail/service.ts'
import { createStripeGateway } from '../src/payments/stripe-gateway.ts'
import { databaseKinds, registrationRequest } from './support/harness.ts'
import {
  payOnHostedPage,
  sessionIdOfPaymentUrl,
  stripeSecretKey,
  stripeWebhookSecret,
  testCards,
  usePaymentStack,
} from './support/payments.ts'
import { startSmtpServer, type TestSmtpServer } from './support/smtp.ts'

/*
 * Mail end to end inside the API: the payment stack (the API over real HTTP, the Stripe emulator through the
 * official SDK, webhooks delivered by the test in any order and number) and a real SMTP server that receives
 * what the outbox sends. The outbox is drained by hand, as the server's timer or the Lambda schedule would.
 */

const venue = { ja: '東京都江東区のテスト会場', en: 'Test Hall, Koto, Tokyo' }
const retryBaseMs = 30_000

describe.each(databaseKinds)('transactional mail on %s', (kind) => {
  const stack = usePaymentStack(kind, { capacities: { member: 3, sponsor_fursuiter: 2 }, webhooks: false })
  let smtp: TestSmtpServer
  let mail: MailService
  /** The edition the mails speak of; a test may change it before the outbox is drained. */
  let edition: Edition

  beforeEach(async () => {
    edition = firstEdition
    smtp = await startSmtpServer()
    mail = createMailService({
      db: stack.sut.database.db,
      gateway: createStripeGateway({
        secretKey: stripeSecretKey,
        webhookSecret: stripeWebhookSecret,
        apiUrl: stack.stripeUrl,
        clock: stack.time.clock,
        logger: createMemoryLogger(),
        maxNetworkRetries: 0,
      }),
      clock: stack.time.clock,
      logger: stack.logger,
      transport: { kind: 'smtp', url: smtp.url },
      from: '"Tokyo Furry Fes" <no-reply@furfes.test>',
      replyTo: 'help@furfes.test',
      pwaUrl: 'https://pwa.furfes.test',
      edition: async () => edition,
      venue,
      retryBaseMs,
      retryMaxMs: 60 * 60_000,
    })
  })
  afterEach(async () => {
    mail.close()
    await smtp.stop()
  })

  /** A member who started a registration; `pay` pays it on the hosted page (its webhook recorded, not sent). */
  async function register(body: Record<string, unknown>) {
    const sub = randomUUID()
    const email = `member-${sub.slice(0, 8)}@example.com`
    stack.sut.identity.setEmail(sub, email)
    const token = await stack.sut.memberToken(sub)
    const created = await stack.sut.request('POST', '/registration', { token, body })
    expect(created.status).toBe(201)
    const paymentUrl = (created.body as { payment_url: string }).payment_url
    const sessionId = sessionIdOfPaymentUrl(paymentUrl)
    return {
      token,
      email,
      sessionId,
      async pay(card: string = testCards.succeeds) {
        expect((await payOnHostedPage(paymentUrl, { card_number: card })).status).toBe(303)
        const delivery = stack.emulator.deliveries().at(-1)
        if (!delivery) throw new Error('No event recorded')
        return JSON.stringify(delivery.event)
      },
    }
  }

  const mailsTo = (address: string) =>
    smtp.messages.filter((message) => message.to && JSON.stringify(message.to).includes(address))

  async function outboxRows() {
    return queryRows<{ kind: string; status: string; attempts: number }>(
      stack.sut.database.db,
      sql`select kind, status, attempts from mail_outbox order by created_at, kind`,
    )
  }

  const icsOf = (message: ParsedMail) => {
    const attachment = message.attachments.find((item) => item.filename === 'furfes.ics')
    if (!attachment) throw new Error('No .ics attachment')
    return attachment.content.toString('utf8').replace(/\r?\n[ \t]/g, '')
  }

  it('mails one receipt in the language of the registration, with every field, however often and in whatever order the webhooks come', async () => {
    const member = await register({
      ...registrationRequest('sponsor_fursuiter', 'Kemo Fox'),
      language: 'en',
    })
    const completed = await member.pay(testCards.jcb)
    // The payment's event three times, and a stale "expired" of the same session in between.
    expect(await stack.deliverWebhook(completed)).toMatchObject({ status: 200, body: { outcome: 'paid' } })
    expect(await stack.deliverWebhook(stack.expiredEvent(member.sessionId))).toMatchObject({
      body: { outcome: 'not_pending' },
    })
    expect(await stack.deliverWebhook(completed)).toMatchObject({ body: { duplicate: true } })
    const redelivered = JSON.parse(completed) as { id: string }
    redelivered.id = `evt_test_${randomUUID().replaceAll('-', '')}`
    expect(await stack.deliverWebhook(JSON.stringify(redelivered))).toMatchObject({
      body: { outcome: 'already_paid' },
    })

    expect(await mail.outbox.drain()).toMatchObject({ sent: 1 })
    expect(await mail.outbox.drain()).toMatchObject({ sent: 0 })

    const received = mailsTo(member.email)
    expect(received).toHaveLength(1)
    const [receipt] = received
    if (!receipt) throw new Error('unreachable')
    expect(receipt.subject).toBe('[Tokyo Furry Fes] Receipt for your registration')
    expect(receipt.from?.text).toContain('no-reply@furfes.test')
    expect(receipt.replyTo?.text).toBe('help@furfes.test')
    const session = await stack.stripe.checkout.sessions.retrieve(member.sessionId)
    const [row] = await queryRows<{ paid_at: string | Date }>(
      stack.sut.database.db,
      sql`select paid_at from registrations where checkout_session_id = ${member.sessionId}`,
    )
    const paidAt = new Date(row?.paid_at ?? 0).getTime()
    for (const part of [receipt.text ?? '', receipt.html || '']) {
      expect(part).toContain('Fursuiter sponsor')
      expect(part).toContain('¥11,000')
      expect(part).toContain(formatInstant(paidAt, 'en'))
      expect(part).toContain('JCB ending in 0505')
      expect(part).toContain(String(session.payment_intent))
      expect(part).toContain('Kemo Fox')
      expect(part).toContain('Female')
      expect(part).toContain(venue.en)
      expect(part).toContain(formatCalendarDate('2025-05-10', 'en', { weekday: true }))
      expect(part).toContain('https://pwa.furfes.test/en/registration-code')
    }
    expect(receipt.text).toMatch(/T-shirt size: L\n/)
    expect(receipt.text).toContain('10:00 to 18:00 (Japan time)')
    const ics = icsOf(receipt)
    expect(ics).toContain('DTSTART;TZID=Asia/Tokyo:20250510T100000')
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Tokyo')
    expect(ics).toContain(`LOCATION:${venue.en.replaceAll(',', '\\,')}`)
    expect(await outboxRows()).toEqual([{ kind: 'receipt', status: 'sent', attempts: 1 }])
  })

  it('speaks of the edition as it is when the mail is sent: its date, hours and announced venue', async () => {
    const member = await register(registrationRequest('member', 'Edition Cat'))
    expect(await stack.deliverWebhook(await member.pay())).toMatchObject({ body: { outcome: 'paid' } })
    // The committee moves the day and announces the venue after the payment, before the mail goes.
    edition = {
      ...firstEdition,
      eventDate: '2025-06-21',
      startTime: '11:00',
      endTime: '17:30',
      venue: {
        name: { ja: '新しい会場', en: 'The New Hall' },
        address: { ja: '東京都港区1-2-3', en: '1-2-3 Minato, Tokyo' },
        access: { ja: '駅から徒歩5分', en: 'Five minutes from the station' },
        mapUrl: 'https://maps.example/new-hall',
        entryTime: '10:30',
      },
    }

    expect(await mail.outbox.drain()).toMatchObject({ sent: 1 })

    const [receipt] = mailsTo(member.email)
    expect(receipt?.text).toContain(
      `日時: ${formatCalendarDate('2025-06-21', 'ja', { weekday: true })} 11:00〜17:30（日本時間）`,
    )
    expect(receipt?.text).toContain('会場: 新しい会場')
    expect(receipt?.text).toContain('住所: 東京都港区1-2-3')
    expect(receipt?.text).not.toContain(venue.ja)
    expect(receipt && icsOf(receipt)).toContain('DTSTART;TZID=Asia/Tokyo:20250621T110000')
  })

  it('sends one receipt and no lapse mail when the payment arrives after its session was reported expired', async () => {
    const member = await register(registrationRequest('member', 'Late Cat'))
    const completed = await member.pay()
    expect(await stack.deliverWebhook(stack.expiredEvent(member.sessionId))).toMatchObject({
      body: { outcome: 'expired' },
    })
    expect(await stack.deliverWebhook(completed)).toMatchObject({ body: { outcome: 'paid' } })

    expect(await mail.outbox.drain()).toMatchObject({ sent: 1, skipped: 1 })

    const received = mailsTo(member.email)
    expect(received.map((message) => message.subject)).toEqual(['【東京ふぁーりーフェス】参加登録の領収書'])
    expect(received[0]?.text).toContain('3,000円')
    expect(received[0]?.text).toContain('https://pwa.furfes.test/ja/registration-code')
    expect(await outboxRows()).toEqual([
      { kind: 'checkout_lapsed', status: 'skipped', attempts: 1 },
      { kind: 'receipt', status: 'sent', attempts: 1 },
    ])
  })

  it('delivers the receipt after the SMTP server comes back, holding up nothing meanwhile', async () => {
    await smtp.stop()
    const member = await register(registrationRequest('member', 'Patient Wolf'))
    const completed = await member.pay()
    expect(await stack.deliverWebhook(completed)).toMatchObject({ status: 200, body: { outcome: 'paid' } })

    expect(await mail.outbox.drain()).toMatchObject({ sent: 0, retried: 1 })
    // The member and everybody else carry on while the mail waits.
    const current = await stack.sut.request('GET', '/registration', { token: member.token })
    expect(current).toMatchObject({ status: 200, body: { payment_status: 'paid' } })
    const other = await register(registrationRequest('member', 'Another'))
    expect(other.sessionId).toMatch(/^cs_test_/)
    // Not due again before the backoff has passed.
    expect(await mail.outbox.drain()).toMatchObject({ sent: 0, retried: 0 })
    expect(stack.logger.records).toContainEqual(
      expect.objectContaining({ msg: 'Mail not delivered; it will be retried', retryInMs: retryBaseMs }),
    )

    await smtp.start()
    stack.time.advance(retryBaseMs)
    expect(await mail.outbox.drain()).toMatchObject({ sent: 1 })

    expect(mailsTo(member.email)).toHaveLength(1)
    expect(await outboxRows()).toEqual([{ kind: 'receipt', status: 'sent', attempts: 2 }])
  })

  it('mails one lapse mail when a checkout expires or is canceled, with a link to register again', async () => {
    const expired = await register({ ...registrationRequest('member', 'Slow Fox'), language: 'en' })
    const canceled = await register(registrationRequest('member', 'Shy Cat'))
    // Expired at Stripe: the webhook, delivered twice, and the sweeper afterwards.
    const event = stack.expiredEvent(expired.sessionId)
    expect(await stack.deliverWebhook(event)).toMatchObject({ body: { outcome: 'expired' } })
    expect(await stack.deliverWebhook(event)).toMatchObject({ body: { duplicate: true } })
    await stack.sut.api.registrations.releaseExpired()
    // Canceled by the member; a second DELETE changes nothing.
    const deleted = await stack.sut.request('DELETE', '/registration', { token: canceled.token })
    expect(deleted).toMatchObject({ status: 200, body: { payment_status: 'canceled' } })
    expect((await stack.sut.request('DELETE', '/registration', { token: canceled.token })).status).toBe(200)

    expect(await mail.outbox.drain()).toMatchObject({ sent: 2 })

    const [expiredMail, ...moreExpired] = mailsTo(expired.email)
    expect(moreExpired).toEqual([])
    expect(expiredMail?.subject).toBe('[Tokyo Furry Fes] Your registration was not paid')
    expect(expiredMail?.text).toContain('Your checkout expired')
    expect(expiredMail?.text).toContain('Your Member registration ended')
    expect(expiredMail?.text).toContain('https://pwa.furfes.test/en/mypage/registration')
    expect(expiredMail?.attachments).toEqual([])

    const [canceledMail, ...moreCanceled] = mailsTo(canceled.email)
    expect(moreCanceled).toEqual([])
    expect(canceledMail?.subject).toBe('【東京ふぁーりーフェス】お支払いが完了しなかった参加登録について')
    expect(canceledMail?.text).toContain('お支払い手続きを取り消しました')
    expect(canceledMail?.html).toContain('https://pwa.furfes.test/ja/mypage/registration')
    expect((await outboxRows()).map((row) => [row.kind, row.status])).toEqual([
      ['checkout_lapsed', 'sent'],
      ['checkout_lapsed', 'sent'],
    ])
  })

  it('tells a member whose checkout the event cancellation ended that the event is cancelled, not to register again', async () => {
    const open = await register({ ...registrationRequest('member', 'Late Fox'), language: 'en' })

    const started = await stack.sut.request('POST', '/admin/event-cancellation', {
      token: await stack.sut.adminToken(),
      body: { expenses_per_person_jpy: 0 },
    })
    expect(started.status).toBe(202)
    await stack.sut.api.eventCancellation.idle()
    await stack.settled()
    expect((await stack.stripe.checkout.sessions.retrieve(open.sessionId)).status).toBe('expired')
    // Stripe reports the session it was asked to end.
    expect(await stack.deliverWebhook(stack.expiredEvent(open.sessionId))).toMatchObject({
      body: { outcome: 'expired' },
    })
    expect(await mail.outbox.drain()).toMatchObject({ sent: 1 })

    const [ended, ...more] = mailsTo(open.email)
    expect(more).toEqual([])
    expect(ended?.subject).toBe('[Tokyo Furry Fes] The event is cancelled: your registration was not paid')
    expect(ended?.text).toContain(
      "Your Member registration's checkout was ended because the event is cancelled. You have not been charged.",
    )
    expect(ended?.text).toContain('Registration will not reopen.')
    expect(ended?.text).not.toContain('Register again')
  })

  it('reports what is still owed and how old it is, for the alarm', async () => {
    await smtp.stop()
    const member = await register(registrationRequest('member', 'Waiting'))
    await stack.deliverWebhook(await member.pay())
    stack.time.advance(90_000)
    expect(await mail.outbox.stats()).toEqual({ pending: 1, oldestPendingSeconds: 90, failed: 0 })
  })
})
