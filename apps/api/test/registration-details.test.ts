import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { databaseKinds, registeredMember, useAdmin, useTestApi } from './support/harness.ts'
import { capturingMailer } from './support/mailer.ts'

/*
 * A paid participant changes their badge name, T-shirt size or changing room (decision 166): the registration
 * form's rules, the same tier, until the badge print day; audited, and a mail with the details in force for
 * every change.
 */

const detailsPath = '/registration/details'
/** The last moment before the badge print day of the 2025-05-10 event (2025-05-03, Japan). */
const beforePrintDay = Date.parse('2025-05-02T23:59:59+09:00')
const printDay = Date.parse('2025-05-03T00:00:00+09:00')

describe.each(databaseKinds)('a participant changes their details on %s', (kind) => {
  const sut = useTestApi(kind)
  const admin = useAdmin(sut)

  const change = (token: string, body: Record<string, unknown>) =>
    sut.request('PUT', detailsPath, { token, body })

  async function owedMails(registrationId: string) {
    return queryRows<{ mail_id: string; status: string }>(
      sut.database.db,
      sql`select mail_id, status from mail_outbox where registration_id = ${registrationId}::uuid and kind = 'details_changed'`,
    )
  }

  it('changes the badge name and size, audits it, and mails the details in force after every change', async () => {
    const { registrationId, userId, token } = await registeredMember(sut, 'sponsor')
    sut.identity.setEmail(userId, 'fox@example.com')
    await sut.database.db.execute(
      sql`update users set email = 'fox@example.com' where user_id = ${userId}::uuid`,
    )

    const changed = await change(token, {
      registration_tier: 'sponsor',
      badge_name: 'Kitsune',
      t_shirt_size: 'XL',
    })

    expect(changed).toMatchObject({
      status: 200,
      body: { payment_status: 'paid', badge_name: 'Kitsune', t_shirt_size: 'XL' },
    })
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      badge_name: 'Kitsune',
      t_shirt_size: 'XL',
    })
    const audit = await sut.request('GET', '/admin/audit?action=participantChangedDetails', {
      token: admin.token,
    })
    expect((audit.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        actor_id: userId,
        subject: registrationId,
        details: {
          from: { badgeName: 'Kemo', tShirtSize: 'L', changingRoomType: null, accessNeeds: null },
          to: { badgeName: 'Kitsune', tShirtSize: 'XL', changingRoomType: null, accessNeeds: null },
        },
      }),
    ])
    const [first] = await owedMails(registrationId)
    const { deliver, sent } = capturingMailer(sut)
    await deliver({
      mailId: first?.mail_id ?? '',
      kind: 'details_changed',
      registrationId,
      waitingEntryId: null,
      attempts: 0,
    })
    expect(sent[0]?.subject).toBe('【東京ふぁーりーフェス】参加登録の内容変更のお知らせ')
    expect(sent[0]?.text).toContain('変更後の内容：バッジ名: Kitsune / Tシャツのサイズ: XL')
    await sut.database.db.execute(
      sql`update mail_outbox set status = 'sent' where mail_id = ${first?.mail_id ?? ''}::uuid`,
    )

    // A second change owes the mail again, under a new id.
    expect(
      (await change(token, { registration_tier: 'sponsor', badge_name: 'Fox', t_shirt_size: 'S' })).status,
    ).toBe(200)
    const again = await owedMails(registrationId)
    expect(again).toEqual([{ mail_id: expect.any(String), status: 'pending' }])
    expect(again[0]?.mail_id).not.toBe(first?.mail_id)
  })

  it('applies the rules of registering and keeps the tier', async () => {
    const { token } = await registeredMember(sut, 'fursuiter')

    expect(await change(token, { registration_tier: 'fursuiter', badge_name: 'Wolf' })).toMatchObject({
      status: 400,
    })
    expect(
      await change(token, {
        registration_tier: 'fursuiter',
        badge_name: 'Wolf',
        changing_room_type: 'male',
        t_shirt_size: 'L',
      }),
    ).toMatchObject({ status: 400 })
    expect(
      await change(token, {
        registration_tier: 'fursuiter',
        badge_name: 'x'.repeat(200),
        changing_room_type: 'male',
      }),
    ).toMatchObject({ status: 400 })
    expect(await change(token, { registration_tier: 'member', badge_name: 'Wolf' })).toMatchObject({
      status: 409,
      body: { message: 'tierChangeNotOffered' },
    })
    expect(
      await change(token, { registration_tier: 'fursuiter', badge_name: 'Wolf', changing_room_type: 'male' }),
    ).toMatchObject({ status: 200, body: { badge_name: 'Wolf', changing_room_type: 'male' } })
  })

  it('takes changes until the badge print day, and only for a paid registration', async () => {
    const paid = await registeredMember(sut)
    const pending = await registeredMember(sut, 'member', { pay: false })
    const body = { registration_tier: 'member', badge_name: 'Tanuki' }

    expect(await change(pending.token, body)).toMatchObject({
      status: 409,
      body: { message: 'detailsChangeNotPaid' },
    })
    expect(await change(await sut.memberToken(randomUUID()), body)).toMatchObject({ status: 404 })
    sut.clock.set(beforePrintDay)
    expect((await change(await sut.memberToken(paid.userId), body)).status).toBe(200)
    sut.clock.set(printDay)
    expect(await change(await sut.memberToken(paid.userId), body)).toMatchObject({
      status: 409,
      body: { message: 'detailsChangeClosed' },
    })
  })
})
