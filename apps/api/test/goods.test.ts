import { randomUUID } from 'node:crypto'
import type { DashboardWire, GoodsTickItemWire, ParticipantWire } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import {
  databaseKinds,
  listen,
  readResponse,
  registeredMember,
  requestInit,
  type TestApi,
  twoTestApis,
  useTestApi,
  useTestDatabase,
} from './support/harness.ts'

/*
 * Goods handed out at the door (decision 180): the door's devices upload a tick per line of goods as badge marks
 * are uploaded (idempotent by id, the first tick of a line stands, an untick takes it off), and every desk reads
 * the lines handed over in the participant list.
 */

const doorOpens = Date.parse('2025-05-05T10:00:00+09:00')

function tick(
  registrationId: string,
  goods: string,
  device: string,
  kind: 'mark' | 'unmark' = 'mark',
): GoodsTickItemWire {
  return {
    id: randomUUID(),
    registration_id: registrationId,
    device_id: `device-${device}`,
    device_name: device,
    marked_at: new Date(doorOpens).toISOString(),
    kind,
    goods,
  }
}

async function upload(sut: TestApi, token: string, items: GoodsTickItemWire[]) {
  const response = await sut.request('POST', '/admin/goods-ticks', { token, body: { items } })
  expect(response.status).toBe(200)
  return (response.body as { results: unknown[] }).results
}

/** The lines handed over to a registration as the participant list shows them to staff in these groups. */
async function goodsHandedOf(sut: TestApi, registrationId: string, groups = ['committee']) {
  const response = await sut.request('GET', '/admin/participants', {
    token: await sut.adminToken(undefined, groups),
  })
  expect(response.status).toBe(200)
  const items = (response.body as { items: ParticipantWire[] }).items
  return items.find((participant) => participant.registration?.id === registrationId)?.goods_handed
}

const handed = (goods: string, device: string) => ({
  goods,
  handed_at: new Date(doorOpens).toISOString(),
  device_name: device,
})

describe.each(databaseKinds)('goods handed out on %s', (kind) => {
  const sut = useTestApi(kind)

  it('stores a tick once per id, keeps the first tick of a line, shows it to every desk, and takes it off', async () => {
    const door = await sut.adminToken(undefined, ['door'])
    const { registrationId } = await registeredMember(sut, 'sponsor')
    const shirt = tick(registrationId, 'tShirt', 'door-1')
    const shirtAgain = tick(registrationId, 'tShirt', 'door-2')
    const conbook = tick(registrationId, 'conbook', 'door-2')

    expect(await upload(sut, door, [shirt, shirt, conbook])).toEqual([
      { id: shirt.id, status: 'accepted' },
      { id: shirt.id, status: 'accepted' },
      { id: conbook.id, status: 'accepted' },
    ])
    expect(await upload(sut, door, [shirtAgain])).toEqual([{ id: shirtAgain.id, status: 'duplicate' }])
    const both = [handed('tShirt', 'door-1'), handed('conbook', 'door-2')]
    expect(await goodsHandedOf(sut, registrationId, ['door'])).toEqual(both)
    expect(await goodsHandedOf(sut, registrationId, ['desk'])).toEqual(both)

    const off = tick(registrationId, 'tShirt', 'door-2', 'unmark')
    expect(await upload(sut, door, [off, off])).toEqual([
      { id: off.id, status: 'accepted' },
      { id: off.id, status: 'accepted' },
    ])
    expect(await goodsHandedOf(sut, registrationId)).toEqual([handed('conbook', 'door-2')])
    // The first tick sent again after the untick is answered as it was and does not come back.
    expect(await upload(sut, door, [shirt])).toEqual([{ id: shirt.id, status: 'accepted' }])
    expect(await goodsHandedOf(sut, registrationId)).toEqual([handed('conbook', 'door-2')])
    const nothingToTakeOff = tick(registrationId, 'sticker', 'door-1', 'unmark')
    expect(await upload(sut, door, [nothingToTakeOff])).toEqual([
      { id: nothingToTakeOff.id, status: 'duplicate' },
    ])
  })

  it('counts on the dashboard the goods owed to paid participants and handed out, T-shirts per size', async () => {
    const door = await sut.adminToken(undefined, ['door'])
    const first = await registeredMember(sut, 'sponsor')
    const second = await registeredMember(sut, 'sponsor_fursuiter')
    await registeredMember(sut, 'fursuiter')
    await registeredMember(sut, 'sponsor', { pay: false })
    await upload(sut, door, [
      tick(first.registrationId, 'tShirt', 'door-1'),
      tick(second.registrationId, 'tShirt', 'door-2'),
      tick(second.registrationId, 'tShirt', 'door-1'),
      tick(first.registrationId, 'sticker', 'door-1'),
    ])
    const response = await sut.request('GET', '/admin/dashboard', { token: await sut.adminToken() })
    expect(response.status).toBe(200)
    const body = response.body as DashboardWire
    expect(body.goods).toEqual([
      { goods: 'conbook', expected: 2, handed_out: 0 },
      { goods: 'limitedNeckStrap', expected: 2, handed_out: 0 },
      { goods: 'tShirt', t_shirt_size: 'L', expected: 2, handed_out: 2 },
      { goods: 'toteBag', expected: 2, handed_out: 0 },
      { goods: 'entryBadgeCase', expected: 2, handed_out: 0 },
      { goods: 'sticker', expected: 2, handed_out: 1 },
    ])
    expect(body.changing_rooms).toEqual([
      { changing_room_type: 'male', paid: 0 },
      { changing_room_type: 'female', paid: 2 },
    ])
  })

  it('refuses a tick of no registration, anyone but staff, and a malformed line', async () => {
    const committee = await sut.adminToken()
    const unknown = tick(randomUUID(), 'tShirt', 'door-1')
    expect(await upload(sut, committee, [unknown])).toEqual([{ id: unknown.id, status: 'rejected' }])
    const member = await sut.memberToken(randomUUID())
    expect(
      await sut.request('POST', '/admin/goods-ticks', { token: member, body: { items: [unknown] } }),
    ).toMatchObject({ status: 403 })
    expect(await sut.request('POST', '/admin/goods-ticks', { body: { items: [unknown] } })).toMatchObject({
      status: 401,
    })
    expect(
      await sut.request('POST', '/admin/goods-ticks', {
        token: committee,
        body: { items: [{ ...unknown, goods: 'T shirt; drop' }] },
      }),
    ).toMatchObject({ status: 400 })
  })
})

describe('goods ticked on many tablets at once on PostgreSQL', () => {
  const database = useTestDatabase('postgres')

  it('keeps exactly one tick of each line ticked by six devices over two instances, resends included', async () => {
    const apis = await twoTestApis(database())
    const servers = [await listen(apis.first.api), await listen(apis.second.api)]
    try {
      const { registrationId } = await registeredMember(apis.first, 'sponsor')
      const token = await apis.first.adminToken(undefined, ['door'])
      const lines = ['tShirt', 'toteBag']
      const ticks = lines.flatMap((goods) =>
        Array.from({ length: 6 }, (_, index) => tick(registrationId, goods, `door-${index}`)),
      )
      // Every tick is sent twice, to either instance, as a tablet resends after a lost answer.
      const sends = [...ticks, ...ticks].map((item, index) => ({ item, url: servers[index % 2]?.url ?? '' }))
      const answers = await Promise.all(
        sends.map(async ({ item, url }) => {
          const response = await readResponse(
            await fetch(`${url}/admin/goods-ticks`, requestInit('POST', { token, body: { items: [item] } })),
          )
          const [result] = (response.body as { results: { id: string; status: string }[] }).results
          return result
        }),
      )
      const statusOf = new Map<string, Set<string>>()
      for (const answer of answers) {
        if (answer) statusOf.set(answer.id, new Set([...(statusOf.get(answer.id) ?? []), answer.status]))
      }
      // A resend is answered as its original, and each line has exactly one accepted tick.
      expect([...statusOf.values()].every((statuses) => statuses.size === 1)).toBe(true)
      for (const goods of lines) {
        const accepted = ticks.filter(
          (item) => item.goods === goods && statusOf.get(item.id)?.has('accepted'),
        )
        expect(accepted).toHaveLength(1)
      }
      const shown = await goodsHandedOf(apis.second, registrationId)
      expect(shown?.map((line) => line.goods).sort()).toEqual(['tShirt', 'toteBag'])
    } finally {
      for (const server of servers) await server.close()
      await apis.close()
    }
  })
})
