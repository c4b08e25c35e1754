import type { CheckInItemWire, CheckInResultWire, StoredEditionWire } from '@furfes/core'
import { endOfDayInTokyo, firstEdition, parseCompactRegistrationCode } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { deviceRecord } from './support/check-ins.ts'
import { nextRegistrationOpenToday } from './support/editions.ts'
import { databaseKinds, registeredMember, type TestApi, useAdmin, useTestApi } from './support/harness.ts'

/*
 * A registration code names its edition (decision 159): a check-in uploaded with a code of another edition than
 * the current one is refused, and so is one with a code the API did not sign for that registration.
 */

const door = { id: 'device-door', name: '受付1' }
const morning = Date.parse('2025-05-10T09:30:00+09:00')

async function codeOf(sut: TestApi, member: { token: string }): Promise<string> {
  const answer = await sut.request('GET', '/registration/jwt', { token: member.token })
  expect(answer.status).toBe(200)
  return (answer.body as { token: string }).token
}

describe.each(databaseKinds)('registration codes and editions on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 10 } })
  const admin = useAdmin(sut)

  async function upload(items: CheckInItemWire[]): Promise<CheckInResultWire[]> {
    const response = await sut.request('POST', '/admin/check-ins', { token: admin.token, body: { items } })
    expect(response.status).toBe(200)
    return (response.body as { results: CheckInResultWire[] }).results
  }

  async function publishNextEdition(): Promise<string> {
    const prepared = await sut.request('POST', '/admin/editions/next', { token: admin.token })
    expect(prepared.status).toBe(201)
    const { edition, version } = prepared.body as StoredEditionWire
    // A prepared edition sells nothing until the committee switches its tiers on sale (decision 155); its
    // registration opens at once here, so the tests register in it on their first day.
    const onSale = {
      ...edition,
      registration: nextRegistrationOpenToday,
      tiers: { ...edition.tiers, member: { ...edition.tiers.member, on_sale: true } },
    }
    const saved = await sut.request('PUT', `/admin/editions/${edition.id}`, {
      token: admin.token,
      body: { edition: onSale, version },
    })
    expect(saved.status).toBe(200)
    const published = await sut.request('POST', `/admin/editions/${edition.id}/publish`, {
      token: admin.token,
      body: { version: (saved.body as StoredEditionWire).version },
    })
    expect(published).toMatchObject({ status: 200, body: { current: true } })
    return edition.id
  }

  it('refuses a check-in with last edition’s code once the next edition is current, and takes this one’s', async () => {
    const member = await registeredMember(sut)
    const lastYears = await codeOf(sut, member)
    expect(parseCompactRegistrationCode(lastYears)?.editionId).toBe(firstEdition.id)

    const next = await publishNextEdition()
    const refused = deviceRecord(door, member.registrationId, morning, { code: lastYears })
    expect(await upload([refused])).toEqual([{ id: refused.id, status: 'rejected', reason: 'other_edition' }])

    // The member registers for this edition (decision 158): its code names the current edition and checks them in.
    const again = await registeredMember(sut, 'member', { userId: member.userId })
    const thisYears = await codeOf(sut, again)
    expect(parseCompactRegistrationCode(thisYears)?.editionId).toBe(next)
    const accepted = deviceRecord(door, again.registrationId, morning + 60_000, { code: thisYears })
    expect(await upload([accepted])).toEqual([{ id: accepted.id, status: 'accepted' }])

    // Every device learns why: the refusal is stored with its reason, and sent again it is answered the same.
    const records = await sut.request('GET', '/admin/check-ins', { token: admin.token })
    expect((records.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({ id: refused.id, status: 'rejected', reason: 'other_edition' }),
      expect.objectContaining({ id: accepted.id, status: 'accepted' }),
    ])
    expect(await upload([refused])).toEqual([{ id: refused.id, status: 'rejected', reason: 'other_edition' }])

    // Last edition's door, read back (decision 158): only the records of its registrations.
    const lastEditions = await sut.request('GET', `/admin/check-ins?edition=${firstEdition.id}`, {
      token: admin.token,
    })
    expect((lastEditions.body as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([
      refused.id,
    ])
  })

  it('keeps a code of the next edition valid to the end of its own event day, long after the first edition’s', async () => {
    const next = await publishNextEdition()
    const nextEventDate = (await sut.request('GET', '/edition')).body as { id: string; event_date: string }
    expect(nextEventDate).toMatchObject({ id: next, event_date: '2026-05-10' })
    // Three weeks after the first edition's event, a member registers for the next one and fetches the code.
    const issuedAt = Date.parse('2025-06-01T10:00:00+09:00')
    sut.clock.set(issuedAt)
    const member = await registeredMember(sut)
    const code = parseCompactRegistrationCode(await codeOf(sut, member))

    expect(code).toMatchObject({ editionId: next, exp: Math.floor(endOfDayInTokyo('2026-05-10') / 1000) })
    // Far past the first edition's day and past the shortest lifetime (7 days), the door still takes it.
    const months = (count: number) => count * 30 * 24 * 60 * 60 * 1000
    expect((code?.exp ?? 0) * 1000).toBeGreaterThan(issuedAt + months(11))
  })

  it('takes a check-in with a code of the current edition, and refuses a code of another registration or altered', async () => {
    const [member, other] = [await registeredMember(sut), await registeredMember(sut)]
    const [code, othersCode] = [await codeOf(sut, member), await codeOf(sut, other)]

    const borrowed = deviceRecord(door, member.registrationId, morning, { code: othersCode })
    // One character of the signature changed: still a code in form, no longer one the API signed.
    const altered = deviceRecord(door, member.registrationId, morning, {
      code: `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`,
    })
    const genuine = deviceRecord(door, member.registrationId, morning, { code })
    expect(await upload([borrowed, altered, genuine])).toEqual([
      { id: borrowed.id, status: 'rejected', reason: 'invalid_code' },
      { id: altered.id, status: 'rejected', reason: 'invalid_code' },
      { id: genuine.id, status: 'accepted' },
    ])
  })
})
