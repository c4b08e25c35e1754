import { randomUUID } from 'node:crypto'
import type { ParticipantListWire } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import { databaseKinds, inventoryConsistency, registeredMember, useTestApi } from './support/harness.ts'
import { capturingMailer } from './support/mailer.ts'

/*
 * Complimentary registrations (docs/decisions/185-desk-tools.md): the desk registers an existing member account,
 * found by its e-mail address, without payment; the spot comes from the inventory, so a tier is never
 * oversold; the registration is marked with its kind, audited, and owes the receipt mail with the code.
 */

describe.each(databaseKinds)('complimentary registrations on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 2 } })

  async function member(email: string) {
    const userId = randomUUID()
    await sut.database.db.execute(
      sql`insert into users (user_id, email, created_at) values (${userId}::uuid, ${email}, now())`,
    )
    return userId
  }

  const register = async (groups: string[], body: Record<string, unknown>) =>
    sut.request('POST', '/admin/registrations/complimentary', {
      token: await sut.adminToken(randomUUID(), groups),
      body,
    })

  const guest = (email: string) => ({
    email,
    kind: 'guest',
    registration_tier: 'member',
    badge_name: 'Guest Fox',
    language: 'en',
  })

  it('registers a member by e-mail without payment: listed with its kind, audited, the receipt mail owed', async () => {
    const userId = await member('guest@example.com')
    const created = await register(['desk'], { ...guest('Guest@Example.com'), kind: 'dealer' })
    expect(created).toMatchObject({
      status: 201,
      body: {
        payment_status: 'paid',
        registration_tier: 'member',
        badge_name: 'Guest Fox',
        complimentary: 'dealer',
      },
    })
    const token = await sut.adminToken(randomUUID(), ['committee'])
    const list = (await sut.request('GET', '/admin/participants', { token })).body as ParticipantListWire
    const listed = list.items.find((item) => item.user.user_id === userId)
    // Paid from the start, it is numbered for its badge like a paid registration (decision 189).
    expect(listed?.registration).toMatchObject({
      payment_status: 'paid',
      complimentary: 'dealer',
      badge_number: 1,
    })
    const registrationId = listed?.registration?.id ?? ''
    expect(
      await queryRows(
        sut.database.db,
        sql`select amount_jpy, kind, status from registrations r join mail_outbox m using (registration_id)
            where r.registration_id = ${registrationId}::uuid`,
      ),
    ).toEqual([{ amount_jpy: 0, kind: 'receipt', status: 'pending' }])
    // The receipt in the language asked for: 0 JPY, no payment id, the link to the registration code.
    sut.identity.setEmail(userId, 'guest@example.com')
    const [mail] = await queryRows<{ mail_id: string }>(
      sut.database.db,
      sql`select mail_id from mail_outbox where registration_id = ${registrationId}::uuid`,
    )
    const { deliver, sent } = capturingMailer(sut)
    await deliver({
      mailId: mail?.mail_id ?? '',
      kind: 'receipt',
      registrationId,
      waitingEntryId: null,
      attempts: 0,
    })
    expect(sent).toHaveLength(1)
    expect(sent[0]?.text).toContain('¥0')
    expect(sent[0]?.text).toContain('/en/registration-code')
    expect(sent[0]?.text).not.toContain('Payment ID')
    const audit = await sut.request('GET', '/admin/audit?action=complimentaryRegistered', { token })
    expect((audit.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        subject: registrationId,
        details: { kind: 'dealer', registrationTier: 'member', userId },
      }),
    ])
    expect(await inventoryConsistency(sut.database)).toContainEqual(
      expect.objectContaining({ tier: 'member', taken: 1, holding: 1 }),
    )
  })

  it('never passes the capacity of a tier, and a refused one leaves the count as it was', async () => {
    await registeredMember(sut)
    const emails = ['a@example.com', 'b@example.com', 'c@example.com']
    for (const email of emails) await member(email)
    const answers = await Promise.all(emails.map((email) => register(['committee'], guest(email))))
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409])
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body)).toEqual([
      { message: 'soldOut' },
      { message: 'soldOut' },
    ])
    expect(await inventoryConsistency(sut.database)).toContainEqual(
      expect.objectContaining({ tier: 'member', taken: 2, holding: 2, capacity: 2 }),
    )
  })

  it('refuses an unknown address, a second registration, bad input and the door, registering nothing more', async () => {
    await member('once@example.com')
    expect(await register(['desk'], guest('nobody@example.com'))).toMatchObject({
      status: 404,
      body: { message: 'complimentaryNoAccount' },
    })
    expect((await register(['desk'], guest('once@example.com'))).status).toBe(201)
    expect(await register(['desk'], guest('once@example.com'))).toMatchObject({
      status: 409,
      body: { message: 'purchaseSessionAlreadyExists' },
    })
    const badKind = await register(['desk'], { ...guest('once@example.com'), kind: 'friend' })
    expect(badKind.status).toBe(400)
    expect((await register(['door'], guest('once@example.com'))).status).toBe(403)
    expect(await inventoryConsistency(sut.database)).toContainEqual(
      expect.objectContaining({ tier: 'member', taken: 1, holding: 1 }),
    )
  })
})
