import { randomUUID } from 'node:crypto'
import type { ParticipantListWire } from '@furfes/core'
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
  useTestApi,
} from './support/harness.ts'
import { capturingMailer } from './support/mailer.ts'

/*
 * A minor's guardian (docs/decisions/184-guardians.md): a minor names a paid participant as guardian by e-mail,
 * the guardian confirms on their My Page, and only then may the minor start Checkout; the door's participant
 * list names the guardian and the guardian's minors. The guardian is mailed once per request, in the language
 * of their registration (docs/decisions/208-guardian-mail.md).
 */

/** A paid adult participant with a known e-mail address. */
async function guardian(
  sut: TestApi,
  email = `guardian-${randomUUID().slice(0, 8)}@example.com`,
  language: 'ja' | 'en' = 'ja',
) {
  const userId = randomUUID()
  sut.identity.setEmail(userId, email)
  const member = await registeredMember(sut, 'member', { userId, language })
  return { ...member, email }
}

/** A member who has not registered; their account's e-mail address is `email`. */
async function minor(sut: TestApi) {
  const userId = randomUUID()
  const email = `minor-${userId.slice(0, 8)}@example.com`
  sut.identity.setEmail(userId, email)
  return { userId, email, token: await sut.memberToken(userId) }
}

function nameGuardian(sut: TestApi, token: string, email: string) {
  return sut.request('PUT', '/registration/guardian', { token, body: { guardian_email: email } })
}

function answer(sut: TestApi, token: string, minorUserId: string, confirm: boolean) {
  return sut.request('POST', `/registration/guardian-requests/${minorUserId}`, { token, body: { confirm } })
}

function register(sut: TestApi, token: string, minorAnswer: boolean) {
  return sut.request('POST', '/registration', {
    token,
    body: { ...registrationRequest('member', 'Kit'), minor: minorAnswer },
  })
}

const notConfirmed = { status: 409, body: { message: 'guardianNotConfirmed' } }

describe.each(databaseKinds)('guardians on %s', (kind) => {
  const sut = useTestApi(kind)

  /** The guardian requests mailed to the holder of a registration: at most one row, rearmed per new request. */
  const guardianMails = (registrationId: string) =>
    queryRows<{ mail_id: string; status: string }>(
      sut.database.db,
      sql`select mail_id, status from mail_outbox
        where registration_id = ${registrationId}::uuid and kind = 'guardian_requested'`,
    )

  /** Delivers the guardian mail owed to the holder of `registrationId` as the outbox would, and marks it sent. */
  async function deliverGuardianMail(registrationId: string) {
    const [owed] = await guardianMails(registrationId)
    if (owed?.status !== 'pending') throw new Error('No guardian mail is owed')
    const { deliver, sent } = capturingMailer(sut)
    const result = await deliver({
      mailId: owed.mail_id,
      kind: 'guardian_requested',
      registrationId,
      waitingEntryId: null,
      attempts: 1,
    })
    await sut.database.db.execute(
      sql`update mail_outbox set status = ${result.status} where mail_id = ${owed.mail_id}::uuid`,
    )
    return { result, mail: sent[0] }
  }

  it("mails the guardian once per request, in the guardian's language, without the minor's address", async () => {
    const adult = await guardian(sut, 'parent-en@example.com', 'en')
    const child = await minor(sut)
    expect((await nameGuardian(sut, child.token, adult.email)).status).toBe(200)

    const { mail } = await deliverGuardianMail(adult.registrationId)
    expect(mail?.to).toBe('parent-en@example.com')
    expect(mail?.subject).toBe('[Tokyo Furry Fes] You were named as a guardian')
    expect(mail?.text).toContain(
      'A participant who will be 13 or under on the event day named you as their guardian.',
    )
    expect(mail?.text).toContain('A guardian comes to the venue together with the minor')
    expect(mail?.text).toContain('Answer on My Page: https://pwa.furfes.test/en/mypage/dashboard')
    expect(`${mail?.text}${mail?.html}`).not.toContain(child.email)

    // The same form sent again while the request waits: still the one mail, already sent.
    const [first] = await guardianMails(adult.registrationId)
    expect((await nameGuardian(sut, child.token, adult.email.toUpperCase())).status).toBe(200)
    expect(await guardianMails(adult.registrationId)).toEqual([{ mail_id: first?.mail_id, status: 'sent' }])

    // Another guardian is a new request: they are mailed, in their own language.
    const other = await guardian(sut)
    expect((await nameGuardian(sut, child.token, other.email)).status).toBe(200)
    const { mail: toOther } = await deliverGuardianMail(other.registrationId)
    expect(toOther?.subject).toBe('【東京ふぁーりーフェス】保護者としての承認のお願い')
    expect(toOther?.text).toContain('マイページで回答する: https://pwa.furfes.test/ja/mypage/dashboard')

    // Named again, the first guardian has a new request and a new mail; answered before it leaves, it is not sent.
    expect((await nameGuardian(sut, child.token, adult.email)).status).toBe(200)
    const again = await guardianMails(adult.registrationId)
    expect(again).toEqual([{ mail_id: expect.any(String), status: 'pending' }])
    expect(again[0]?.mail_id).not.toBe(first?.mail_id)
    expect((await answer(sut, adult.token, child.userId, false)).status).toBe(200)
    expect((await deliverGuardianMail(adult.registrationId)).result).toEqual({
      status: 'skipped',
      reason: 'no guardian request waits for an answer',
    })
  })

  it('names a registered minor by their badge name in the mail to a new guardian', async () => {
    const adult = await guardian(sut)
    const child = await minor(sut)
    await nameGuardian(sut, child.token, adult.email)
    await answer(sut, adult.token, child.userId, true)
    const created = await register(sut, child.token, true)
    expect(created.status).toBe(201)
    await payCheckout(sut, checkoutSessionOf(created))

    const other = await guardian(sut, undefined, 'en')
    expect((await nameGuardian(sut, child.token, other.email)).status).toBe(200)
    const { mail } = await deliverGuardianMail(other.registrationId)
    expect(mail?.text).toContain('Kit will be 13 or under on the event day and named you as their guardian.')
    expect(`${mail?.text}${mail?.html}`).not.toContain(child.email)
  })

  it('lets a minor pay only once the guardian they named has confirmed, and shows both at the door', async () => {
    const adult = await guardian(sut, 'Parent@Example.com')
    const child = await minor(sut)
    expect(await register(sut, child.token, true)).toMatchObject(notConfirmed)

    expect(await nameGuardian(sut, child.token, 'parent@example.com')).toMatchObject({
      status: 200,
      body: { guardian_email: 'parent@example.com', status: 'requested', guardian_registered: true },
    })
    expect(await register(sut, child.token, true)).toMatchObject(notConfirmed)

    const requests = await sut.request('GET', '/registration/guardian-requests', { token: adult.token })
    expect(requests).toMatchObject({
      status: 200,
      body: { items: [{ minor_user_id: child.userId, status: 'requested' }] },
    })
    expect(await answer(sut, adult.token, child.userId, true)).toMatchObject({
      status: 200,
      body: { minor_user_id: child.userId, status: 'confirmed' },
    })
    expect(await sut.request('GET', '/registration/guardian', { token: child.token })).toMatchObject({
      status: 200,
      body: { status: 'confirmed', guardian_registered: true },
    })

    const created = await register(sut, child.token, true)
    expect(created.status).toBe(201)
    await payCheckout(sut, checkoutSessionOf(created))

    const token = await sut.adminToken(randomUUID(), ['door'])
    const list = await sut.request('GET', '/admin/participants', { token })
    const items = (list.body as ParticipantListWire).items
    const minorEntry = items.find((item) => item.user.user_id === child.userId)
    const guardianEntry = items.find((item) => item.user.user_id === adult.userId)
    expect(minorEntry?.guardian).toEqual({
      registration_id: adult.registrationId,
      badge_name: 'Kemo',
      confirmed: true,
    })
    expect(guardianEntry?.minors).toEqual([
      { registration_id: minorEntry?.registration?.id, badge_name: 'Kit' },
    ])
  })

  it('refuses a guardian not found, not paid, a minor themselves or oneself, with catalogue messages', async () => {
    const child = await minor(sut)
    expect(await nameGuardian(sut, child.token, 'nobody@example.com')).toMatchObject({
      status: 409,
      body: { message: 'guardianNotFound' },
    })

    const unpaidId = randomUUID()
    sut.identity.setEmail(unpaidId, 'unpaid@example.com')
    await registeredMember(sut, 'member', { userId: unpaidId, pay: false })
    expect(await nameGuardian(sut, child.token, 'unpaid@example.com')).toMatchObject({
      status: 409,
      body: { message: 'guardianNotEligible' },
    })

    // Another minor, who named a guardian, cannot be one.
    const adult = await guardian(sut)
    const other = await minor(sut)
    await nameGuardian(sut, other.token, adult.email)
    await answer(sut, adult.token, other.userId, true)
    expect((await register(sut, other.token, true)).status).toBe(201)
    expect(await nameGuardian(sut, child.token, other.email)).toMatchObject({
      status: 409,
      body: { message: 'guardianNotEligible' },
    })

    expect(await nameGuardian(sut, child.token, child.email.toUpperCase())).toMatchObject({
      status: 409,
      body: { message: 'guardianSelf' },
    })
    expect(await nameGuardian(sut, child.token, 'not an address')).toMatchObject({ status: 400 })
    expect((await sut.request('GET', '/registration/guardian', { token: child.token })).status).toBe(404)
  })

  it('keeps a declined request from letting the minor pay', async () => {
    const adult = await guardian(sut)
    const child = await minor(sut)
    await nameGuardian(sut, child.token, adult.email)
    expect(await answer(sut, adult.token, child.userId, false)).toMatchObject({
      status: 200,
      body: { status: 'declined' },
    })
    expect(await register(sut, child.token, true)).toMatchObject(notConfirmed)
    // Nobody else's request can be answered.
    expect((await answer(sut, (await minor(sut)).token, child.userId, true)).status).toBe(404)
  })

  it('stops a minor paying once the confirmed guardian cancelled, until another guardian confirms', async () => {
    const adult = await guardian(sut)
    const child = await minor(sut)
    await nameGuardian(sut, child.token, adult.email)
    await answer(sut, adult.token, child.userId, true)

    const cancelled = await sut.request('POST', '/registration/cancellation', {
      token: adult.token,
      body: { idempotency_key: randomUUID(), refund_jpy: 2700 },
    })
    expect(cancelled.status).toBe(200)
    expect(await sut.request('GET', '/registration/guardian', { token: child.token })).toMatchObject({
      status: 200,
      body: { status: 'confirmed', guardian_registered: false },
    })
    expect(await register(sut, child.token, true)).toMatchObject(notConfirmed)
    // The cancelled guardian can no longer confirm anyone.
    expect(await answer(sut, adult.token, child.userId, true)).toMatchObject({ status: 404 })

    const other = await guardian(sut)
    await nameGuardian(sut, child.token, other.email)
    await answer(sut, other.token, child.userId, true)
    expect((await register(sut, child.token, true)).status).toBe(201)
  })

  it('registers someone who is not a minor as before, dropping a guardian they named', async () => {
    const adult = await guardian(sut)
    const member = await minor(sut)
    await nameGuardian(sut, member.token, adult.email)
    expect((await register(sut, member.token, false)).status).toBe(201)
    expect((await sut.request('GET', '/registration/guardian', { token: member.token })).status).toBe(404)
  })
})
