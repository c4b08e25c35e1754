import { randomUUID } from 'node:crypto'
import type {
  AdminAnnouncementWire,
  Language,
  PublicAnnouncementsWire,
  RefundQuoteWire,
  RegistrationTier,
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
  registrationRequest,
  type TestApi,
  useAdmin,
  useTestApi,
} from './support/harness.ts'
import { capturingMailer } from './support/mailer.ts'

/*
 * Announcements (decision 173): publication, correction and withdrawal by the committee, audited; the public list
 * with its ETag; and the mail to paid participants through the outbox, in each registration's language, once
 * per person whatever the retries.
 */

const content = (title: string, urgency: 'normal' | 'urgent' = 'normal') => ({
  title: { ja: `${title}のお知らせ`, en: `${title} notice` },
  body: { ja: `一行目\n二行目（${title}）`, en: `First line\nSecond line (${title})` },
  urgency,
})

describe.each(databaseKinds)('announcements on %s', (kind) => {
  const sut = useTestApi(kind)
  const admin = useAdmin(sut)

  const publish = (body: Record<string, unknown>, id: string = randomUUID()) =>
    sut.request('POST', '/admin/announcements', { token: admin.token, body: { id, mail: null, ...body } })
  const readPublic = async () => {
    const read = await sut.request('GET', '/announcements')
    expect(read.status).toBe(200)
    return read.body as PublicAnnouncementsWire
  }
  const audit = async () =>
    queryRows<{ action: string; subject: string; details: Record<string, unknown> }>(
      sut.database.db,
      sql`select action, subject, details from staff_audit where action like 'announcement%' order by id`,
    )

  it('publishes to everyone, newest first, with an ETag, and hides a withdrawn one; each step audited', async () => {
    const first = await publish(content('駐車場'))
    expect(first.status).toBe(201)
    sut.clock.advance(60_000)
    const second = await publish(content('パレード遅延', 'urgent'))
    const secondBody = second.body as AdminAnnouncementWire
    expect(secondBody).toMatchObject({
      urgency: 'urgent',
      revision: 1,
      published_by: admin.id,
      withdrawn_at: null,
      mail: null,
      title: { en: 'パレード遅延 notice' },
    })

    const list = await sut.request('GET', '/announcements')
    expect(list.headers.get('cache-control')).toBe('public, max-age=60')
    expect((list.body as PublicAnnouncementsWire).announcements.map((item) => item.urgency)).toEqual([
      'urgent',
      'normal',
    ])
    expect((list.body as PublicAnnouncementsWire).announcements[0]?.body.ja).toBe(
      '一行目\n二行目（パレード遅延）',
    )
    const etag = list.headers.get('etag') ?? ''
    expect((await sut.request('GET', '/announcements', { headers: { 'If-None-Match': etag } })).status).toBe(
      304,
    )

    const withdrawn = await sut.request('POST', `/admin/announcements/${secondBody.id}/withdraw`, {
      token: admin.token,
    })
    expect(withdrawn.body).toMatchObject({ withdrawn_at: '2025-03-01T01:01:00.000Z' })
    expect((await readPublic()).announcements.map((item) => item.title.ja)).toEqual(['駐車場のお知らせ'])
    const admins = await sut.request('GET', '/admin/announcements', { token: admin.token })
    expect(
      (admins.body as { items: AdminAnnouncementWire[] }).items.map((item) => item.withdrawn_at),
    ).toEqual(['2025-03-01T01:01:00.000Z', null])
    expect((await audit()).map((entry) => entry.action)).toEqual([
      'announcementPublished',
      'announcementPublished',
      'announcementWithdrawn',
    ])
  })

  it('publishes a retried request once', async () => {
    const id = randomUUID()
    const [one, two] = await Promise.all([publish(content('再送'), id), publish(content('再送'), id)])
    expect([one.status, two.status]).toEqual([201, 201])
    expect(await publish(content('再送'), id)).toMatchObject({ status: 201, body: { id, revision: 1 } })
    expect((await readPublic()).announcements).toHaveLength(1)
    expect(await audit()).toHaveLength(1)
  })

  it('corrects over the revision read, keeping before and after in the audit trail', async () => {
    const id = ((await publish(content('雨天'))).body as AdminAnnouncementWire).id
    const path = `/admin/announcements/${id}`
    sut.clock.advance(5_000)
    const corrected = await sut.request('PUT', path, {
      token: admin.token,
      body: { ...content('雨天中止', 'urgent'), revision: 1 },
    })
    expect(corrected).toMatchObject({
      status: 200,
      body: { revision: 2, urgency: 'urgent', updated_at: '2025-03-01T01:00:05.000Z' },
    })
    expect(
      await sut.request('PUT', path, { token: admin.token, body: { ...content('x'), revision: 1 } }),
    ).toMatchObject({
      status: 409,
      body: { message: 'announcementChanged' },
    })
    const [, correction] = await audit()
    expect(correction).toMatchObject({
      action: 'announcementCorrected',
      subject: id,
      details: {
        before: { title: { ja: '雨天のお知らせ' } },
        after: { title: { ja: '雨天中止のお知らせ' } },
      },
    })

    await sut.request('POST', `${path}/withdraw`, { token: admin.token })
    expect(
      await sut.request('PUT', path, { token: admin.token, body: { ...content('y'), revision: 2 } }),
    ).toMatchObject({
      status: 409,
      body: { message: 'announcementWithdrawn' },
    })
    expect(
      await sut.request('POST', `${path}/mail`, { token: admin.token, body: { tiers: [] } }),
    ).toMatchObject({ status: 409, body: { message: 'announcementWithdrawn' } })
    expect(
      (
        await sut.request('PUT', `/admin/announcements/${randomUUID()}`, {
          token: admin.token,
          body: { ...content('z'), revision: 1 },
        })
      ).status,
    ).toBe(404)
  })

  it('refuses content that breaks a rule with each issue on its field, publishing nothing', async () => {
    const refused = await publish({
      title: { ja: '  ', en: 'x'.repeat(81) },
      body: { ja: '本文', en: 'Body\u0000' },
      urgency: 'urgent',
    })
    expect(refused).toEqual(
      expect.objectContaining({
        status: 400,
        body: {
          message: 'announcementInvalid',
          issues: [
            { path: ['title', 'ja'], message: 'validation.required' },
            { path: ['title', 'en'], message: 'validation.announcementTitleTooLong' },
            { path: ['body', 'en'], message: 'validation.invalidInput' },
          ],
        },
      }),
    )
    expect(await publish({ ...content('a'), urgency: 'loud' })).toMatchObject({ status: 400 })
    expect((await readPublic()).announcements).toEqual([])
  })

  it('lets the committee alone manage announcements; anyone reads them', async () => {
    const desk = await sut.adminToken(randomUUID(), ['desk'])
    const id = randomUUID()
    for (const [method, path, body] of [
      ['GET', '/admin/announcements', undefined],
      ['POST', '/admin/announcements', { id, ...content('a'), mail: null }],
      ['PUT', `/admin/announcements/${id}`, { ...content('a'), revision: 1 }],
      ['POST', `/admin/announcements/${id}/withdraw`, undefined],
      ['POST', `/admin/announcements/${id}/mail`, { tiers: [] }],
    ] as const) {
      const options = body ? { body } : {}
      expect(await sut.request(method, path, { token: desk, ...options })).toMatchObject({
        status: 403,
        body: { message: 'forbidden' },
      })
      expect((await sut.request(method, path, options)).status).toBe(401)
    }
  })

  describe('by mail', () => {
    /** A member registered for `tier` in `language`, paid unless told otherwise, with an address on record. */
    async function participant(tier: RegistrationTier, language: Language, pay = true) {
      const userId = randomUUID()
      const email = `${tier}-${language}-${userId.slice(0, 8)}@example.com`
      sut.identity.setEmail(userId, email)
      const token = await sut.memberToken(userId)
      await sut.database.db.execute(sql`update users set email = ${email} where user_id = ${userId}::uuid`)
      const created = await sut.request('POST', '/registration', {
        token,
        body: { ...registrationRequest(tier), language },
      })
      expect(created.status).toBe(201)
      if (pay) await payCheckout(sut, checkoutSessionOf(created))
      return { userId, email, token }
    }

    async function cancelOwn(token: string) {
      const quote = await sut.request('GET', '/registration/cancellation', { token })
      const refund = (quote.body as RefundQuoteWire).policy_refund_jpy
      const canceled = await sut.request('POST', '/registration/cancellation', {
        token,
        body: { idempotency_key: randomUUID(), refund_jpy: refund },
      })
      expect(canceled.status).toBe(200)
    }

    /** The outbox with a capturing sender; the receipts and refund mails are other tests' concern. */
    function outbox(api: TestApi) {
      const { deliver, sent } = capturingMailer(api)
      const mails = createMailOutbox({
        db: api.database.db,
        clock: api.clock,
        logger: createMemoryLogger(),
        deliver,
      })
      const drain = async () => {
        await api.database.db.execute(
          sql`update mail_outbox set status = 'sent' where announcement_recipient_id is null`,
        )
        return mails.drain()
      }
      return { drain, sent }
    }

    const progress = async (id: string) => {
      const list = await sut.request('GET', '/admin/announcements', { token: admin.token })
      return (list.body as { items: AdminAnnouncementWire[] }).items.find((item) => item.id === id)?.mail
    }

    it('mails each paid participant of the chosen tiers once, in their language, with progress', async () => {
      const memberJa = await participant('member', 'ja')
      const sponsorEn = await participant('sponsor', 'en')
      await participant('fursuiter', 'ja')
      await participant('member', 'en', false)
      const canceled = await participant('member', 'en')
      await cancelOwn(canceled.token)

      const id = randomUUID()
      const body = { id, ...content('会場案内'), mail: { tiers: ['member', 'sponsor'] } }
      const request = () => sut.request('POST', '/admin/announcements', { token: admin.token, body })
      const [first, retried] = await Promise.all([request(), request()])
      expect([first.status, retried.status]).toEqual([201, 201])
      const [again, concurrent] = await Promise.all([
        sut.request('POST', `/admin/announcements/${id}/mail`, {
          token: admin.token,
          body: { tiers: ['member'] },
        }),
        sut.request('POST', `/admin/announcements/${id}/mail`, {
          token: admin.token,
          body: { tiers: ['member'] },
        }),
      ])
      expect([again.status, concurrent.status]).toEqual([200, 200])
      expect(await progress(id)).toEqual({ tiers: ['member'], queued: 2, sent: 0, failed: 0, skipped: 0 })

      const { drain, sent } = outbox(sut)
      expect(await drain()).toMatchObject({ sent: 2 })
      expect(await drain()).toMatchObject({ sent: 0 })
      expect(sent.map((mail) => mail.to).sort()).toEqual([memberJa.email, sponsorEn.email].sort())
      const toJa = sent.find((mail) => mail.to === memberJa.email)
      const toEn = sent.find((mail) => mail.to === sponsorEn.email)
      expect(toJa?.subject).toBe('【東京ふぁーりーフェス】会場案内のお知らせ')
      expect(toJa?.text).toContain('一行目\n二行目（会場案内）')
      expect(toJa?.html).toContain('一行目<br />二行目（会場案内）')
      expect(toEn?.subject).toBe('[Tokyo Furry Fes] 会場案内 notice')
      expect(toEn?.text).toContain('https://pwa.furfes.test/en/timetable#announcements')
      expect(await progress(id)).toEqual({ tiers: ['member'], queued: 0, sent: 2, failed: 0, skipped: 0 })
      expect((await audit()).map((entry) => [entry.action, entry.details.queued])).toEqual([
        ['announcementPublished', undefined],
        ['announcementMailed', 2],
        ['announcementMailed', 0],
        ['announcementMailed', 0],
      ])
    })

    it('skips the mail of a registration cancelled, or of an announcement withdrawn, before it left', async () => {
      const stays = await participant('member', 'ja')
      const leaves = await participant('member', 'en')
      const id = randomUUID()
      expect((await publish({ ...content('早退'), mail: { tiers: [] } }, id)).status).toBe(201)
      await cancelOwn(leaves.token)

      const { drain, sent } = outbox(sut)
      await drain()
      expect(sent.map((mail) => mail.to)).toEqual([stays.email])
      expect(await progress(id)).toMatchObject({ sent: 1, skipped: 1, queued: 0 })

      const later = await publish({ ...content('撤回'), mail: { tiers: [] } })
      const laterId = (later.body as AdminAnnouncementWire).id
      await sut.request('POST', `/admin/announcements/${laterId}/withdraw`, { token: admin.token })
      await drain()
      expect(sent).toHaveLength(1)
      expect(await progress(laterId)).toMatchObject({ sent: 0, skipped: 1 })
    })
  })
})
