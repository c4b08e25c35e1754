import { randomUUID } from 'node:crypto'
import {
  type CheckInItemWire,
  type CheckInPageWire,
  type CheckInResultWire,
  firstEdition,
} from '@furfes/core'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { checkInPageSize } from '../src/services/check-ins.ts'
import { returnPaidSpot } from '../src/services/inventory.ts'
import { deviceRecord } from './support/check-ins.ts'
import {
  databaseKinds,
  listen,
  readResponse,
  registeredMember,
  requestInit,
  type TestApi,
  twoTestApis,
  useAdmin,
  useTestApi,
  useTestDatabase,
} from './support/harness.ts'

/*
 * POST /admin/check-ins and GET /admin/check-ins (decisions 070 and 073): idempotent uploads, the first
 * check-in to reach the API wins, audited undo, and a cursor that never misses a record.
 */

const morning = Date.parse('2025-05-10T09:30:00+09:00')

/** A record of the device named `device`. */
const checkIn = (registrationId: string, device: string, at: number, extra: Partial<CheckInItemWire> = {}) =>
  deviceRecord({ id: `device-${device}`, name: device }, registrationId, at, extra)

function undo(target: CheckInItemWire, device: string, at: number): CheckInItemWire {
  return {
    ...checkIn(target.registration_id, device, at),
    kind: 'undo',
    undoes: target.id,
  }
}

async function upload(sut: TestApi, token: string, items: CheckInItemWire[]): Promise<CheckInResultWire[]> {
  const response = await sut.request('POST', '/admin/check-ins', { token, body: { items } })
  expect(response.status).toBe(200)
  return (response.body as { results: CheckInResultWire[] }).results
}

async function page(sut: TestApi, token: string, since?: string): Promise<CheckInPageWire> {
  const path =
    since === undefined ? '/admin/check-ins' : `/admin/check-ins?since=${encodeURIComponent(since)}`
  const response = await sut.request('GET', path, { token })
  expect(response.status).toBe(200)
  return response.body as CheckInPageWire
}

async function pullAll(sut: TestApi, token: string) {
  const items: CheckInPageWire['items'] = []
  let cursor: string | undefined
  for (;;) {
    const next = await page(sut, token, cursor)
    items.push(...next.items)
    cursor = next.next_cursor
    if (!next.has_more) return { items, cursor }
  }
}

describe.each(databaseKinds)('check-ins on %s', (kind) => {
  const database = useTestDatabase(kind)
  const sut = useTestApi(database, { capacities: { member: 50 } })
  const admin = useAdmin(sut)

  it('lists each participant with the registration id the registration code names', async () => {
    const { registrationId } = await registeredMember(sut)
    const response = await sut.request('GET', '/admin/participants', { token: admin.token })
    expect(response.status).toBe(200)
    expect((response.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        registration: expect.objectContaining({ id: registrationId, payment_status: 'paid' }),
      }),
    ])
  })

  it('refuses anyone but an admin, malformed uploads and cursors it did not give out', async () => {
    const { registrationId } = await registeredMember(sut)
    const items = [checkIn(registrationId, 'A', morning)]
    expect(await sut.request('POST', '/admin/check-ins', { body: { items } })).toMatchObject({
      status: 401,
      body: { message: 'Unauthorized' },
    })
    const member = await sut.memberToken()
    expect(await sut.request('POST', '/admin/check-ins', { token: member, body: { items } })).toMatchObject({
      status: 403,
      body: { message: 'forbidden' },
    })
    expect(await sut.request('GET', '/admin/check-ins', { token: member })).toMatchObject({ status: 403 })
    expect(await sut.request('GET', '/admin/check-ins')).toMatchObject({ status: 401 })
    for (const body of [
      { items: [] },
      { items: Array.from({ length: 101 }, () => checkIn(registrationId, 'A', morning)) },
      { items: [{ ...checkIn(registrationId, 'A', morning), kind: 'undo' }] },
      { items: [{ ...checkIn(registrationId, 'A', morning), id: 'not-a-uuid' }] },
      { items: [{ ...checkIn(registrationId, 'A', morning), checked_in_at: 'yesterday' }] },
    ]) {
      const response = await sut.request('POST', '/admin/check-ins', { token: admin.token, body })
      expect(response).toMatchObject({ status: 400, body: { message: 'invalidRequest' } })
    }
    for (const since of ['-1', 'abc', '1.5', '01', '9'.repeat(16)]) {
      const response = await sut.request('GET', `/admin/check-ins?since=${since}`, { token: admin.token })
      expect(response).toMatchObject({ status: 400, body: { message: 'invalidRequest' } })
    }
    // Nothing was stored by any of it.
    expect(await page(sut, admin.token)).toEqual({ items: [], next_cursor: '0', has_more: false })
  })

  it('stores an item once and answers it the same way however often it is sent', async () => {
    const { registrationId } = await registeredMember(sut)
    const item = checkIn(registrationId, 'A', morning)
    expect(await upload(sut, admin.token, [item])).toEqual([{ id: item.id, status: 'accepted' }])
    sut.clock.advance(60_000)
    // The answer was lost; the device sends the batch again, twice, even within one batch.
    expect(await upload(sut, admin.token, [item, item])).toEqual([
      { id: item.id, status: 'accepted' },
      { id: item.id, status: 'accepted' },
    ])
    const { items } = await pullAll(sut, admin.token)
    expect(items).toEqual([
      {
        ...item,
        status: 'accepted',
        received_at: new Date(sut.clock() - 60_000).toISOString(),
      },
    ])
  })

  it('lets the first check-in to reach the API win across devices, whatever the device clocks say', async () => {
    const { registrationId } = await registeredMember(sut)
    // B's clock runs slow: its check-in says it happened earlier, but it arrives second.
    const fromA = checkIn(registrationId, 'A', morning)
    const fromB = checkIn(registrationId, 'B', morning - 5 * 60_000)
    expect(await upload(sut, admin.token, [fromA])).toEqual([{ id: fromA.id, status: 'accepted' }])
    const firstCheckIn = {
      id: fromA.id,
      device_id: 'device-A',
      device_name: 'A',
      checked_in_at: fromA.checked_in_at,
    }
    expect(await upload(sut, admin.token, [fromB])).toEqual([
      { id: fromB.id, status: 'duplicate', first_check_in: firstCheckIn },
    ])
    // Resent, both keep their answers; a third device gets the same winner.
    const fromC = checkIn(registrationId, 'C', morning + 60_000, { device_name: undefined })
    expect(await upload(sut, admin.token, [fromB, fromA, fromC])).toEqual([
      { id: fromB.id, status: 'duplicate', first_check_in: firstCheckIn },
      { id: fromA.id, status: 'accepted' },
      { id: fromC.id, status: 'duplicate', first_check_in: firstCheckIn },
    ])
    const { items } = await pullAll(sut, admin.token)
    expect(items.map((record) => [record.device_id, record.status, record.first_check_in_id])).toEqual([
      ['device-A', 'accepted', undefined],
      ['device-B', 'duplicate', fromA.id],
      ['device-C', 'duplicate', fromA.id],
    ])
    expect(items[2]).not.toHaveProperty('device_name')
  })

  it('stores and rejects check-ins of registrations it does not have', async () => {
    const unknown = checkIn(randomUUID(), 'A', morning)
    expect(await upload(sut, admin.token, [unknown])).toEqual([
      { id: unknown.id, status: 'rejected', reason: 'unknown_registration' },
    ])
    expect(await upload(sut, admin.token, [unknown])).toEqual([
      { id: unknown.id, status: 'rejected', reason: 'unknown_registration' },
    ])
    expect(
      (await pullAll(sut, admin.token)).items.map((record) => [record.id, record.status, record.reason]),
    ).toEqual([[unknown.id, 'rejected', 'unknown_registration']])
  })

  it('refuses to check in a registration that is not paid, whatever the device showed (decision 078)', async () => {
    const pendingId = (await registeredMember(sut, 'member', { pay: false })).registrationId
    const canceledId = (await registeredMember(sut)).registrationId
    const paidId = (await registeredMember(sut)).registrationId
    // Paid and checked in, then canceled (a refund): no new check-in, but the one in force can be undone.
    const before = checkIn(canceledId, 'A', morning)
    expect(await upload(sut, admin.token, [before])).toEqual([{ id: before.id, status: 'accepted' }])
    await sut.database.db.execute(
      `update registrations set payment_status = 'canceled' where registration_id = '${canceledId}'`,
    )
    // Its spot goes back as a refund's would, so every spot stays accounted for.
    await returnPaidSpot(sut.database.db, { editionId: firstEdition.id, tier: 'member' }, undefined)

    const pending = checkIn(pendingId, 'A', morning + 1000)
    const canceled = checkIn(canceledId, 'B', morning + 2000)
    const paid = checkIn(paidId, 'A', morning + 3000)
    const undoBefore = undo(before, 'A', morning + 4000)
    const refusals = [
      { id: pending.id, status: 'rejected', reason: 'not_paid' },
      { id: canceled.id, status: 'rejected', reason: 'canceled' },
      { id: paid.id, status: 'accepted' },
      { id: undoBefore.id, status: 'accepted' },
    ]
    expect(await upload(sut, admin.token, [pending, canceled, paid, undoBefore])).toEqual(refusals)
    // A resend gets the same answers, even once the pending registration has been paid meanwhile.
    await sut.database.db.execute(
      `update registrations set payment_status = 'paid' where registration_id = '${pendingId}'`,
    )
    expect(await upload(sut, admin.token, [pending, canceled, paid, undoBefore])).toEqual(refusals)

    // Other devices learn the refusal and its reason from the log; a refused check-in is never in force.
    const records = (await pullAll(sut, admin.token)).items
    expect(records.map((record) => [record.id, record.status, record.reason])).toEqual([
      [before.id, 'accepted', undefined],
      [pending.id, 'rejected', 'not_paid'],
      [canceled.id, 'rejected', 'canceled'],
      [paid.id, 'accepted', undefined],
      [undoBefore.id, 'accepted', undefined],
    ])
    const again = checkIn(pendingId, 'C', morning + 5000)
    expect(await upload(sut, admin.token, [again])).toEqual([{ id: again.id, status: 'accepted' }])
  })

  it('undoes the check-in in force, refuses other undos, and keeps every step with who made it', async () => {
    const { registrationId } = await registeredMember(sut)
    const other = (await registeredMember(sut)).registrationId
    const first = checkIn(registrationId, 'A', morning)
    const late = checkIn(registrationId, 'B', morning + 1000)
    const otherCheckIn = checkIn(other, 'A', morning)
    await upload(sut, admin.token, [first, late, otherCheckIn])

    const undoDuplicate = undo(late, 'B', morning + 2000)
    const undoMissing = { ...undo(first, 'A', morning + 2000), undoes: randomUUID() }
    const undoOtherRegistration = {
      ...undo(otherCheckIn, 'A', morning + 2000),
      registration_id: registrationId,
    }
    const undoFirst = undo(first, 'A', morning + 3000)
    const undoAgain = undo(first, 'B', morning + 4000)
    const undoTheUndo = { ...undo(first, 'A', morning + 4000), undoes: undoFirst.id }
    const secondAdmin = randomUUID()
    expect(
      await upload(sut, await sut.adminToken(secondAdmin), [
        undoDuplicate,
        undoMissing,
        undoOtherRegistration,
        undoFirst,
        undoAgain,
        undoTheUndo,
      ]),
    ).toEqual([
      { id: undoDuplicate.id, status: 'rejected', reason: 'undo_target_not_active' },
      { id: undoMissing.id, status: 'rejected', reason: 'undo_target_not_found' },
      { id: undoOtherRegistration.id, status: 'rejected', reason: 'undo_target_not_found' },
      { id: undoFirst.id, status: 'accepted' },
      { id: undoAgain.id, status: 'rejected', reason: 'undo_target_not_active' },
      { id: undoTheUndo.id, status: 'rejected', reason: 'undo_target_not_found' },
    ])

    // Undone, the person can be checked in again; the new check-in is the one in force.
    const again = checkIn(registrationId, 'C', morning + 5000)
    const afterAgain = checkIn(registrationId, 'A', morning + 6000)
    expect(await upload(sut, admin.token, [again, afterAgain])).toEqual([
      { id: again.id, status: 'accepted' },
      {
        id: afterAgain.id,
        status: 'duplicate',
        first_check_in: {
          id: again.id,
          device_id: 'device-C',
          device_name: 'C',
          checked_in_at: again.checked_in_at,
        },
      },
    ])

    // The audit trail: every record, in order, with the admin who uploaded it.
    const rows = (await sut.database.db.execute(
      'select id, kind, status, received_by from check_ins order by seq',
    )) as unknown as { rows: { id: string; kind: string; status: string; received_by: string }[] }
    expect(rows.rows.map((row) => [row.id, row.kind, row.status, row.received_by])).toEqual([
      [first.id, 'check_in', 'accepted', admin.id],
      [late.id, 'check_in', 'duplicate', admin.id],
      [otherCheckIn.id, 'check_in', 'accepted', admin.id],
      [undoDuplicate.id, 'undo', 'rejected', secondAdmin],
      [undoMissing.id, 'undo', 'rejected', secondAdmin],
      [undoOtherRegistration.id, 'undo', 'rejected', secondAdmin],
      [undoFirst.id, 'undo', 'accepted', secondAdmin],
      [undoAgain.id, 'undo', 'rejected', secondAdmin],
      [undoTheUndo.id, 'undo', 'rejected', secondAdmin],
      [again.id, 'check_in', 'accepted', admin.id],
      [afterAgain.id, 'check_in', 'duplicate', admin.id],
    ])
    const pulled = (await pullAll(sut, admin.token)).items.find((record) => record.id === undoFirst.id)
    expect(pulled).toEqual({
      ...undoFirst,
      status: 'accepted',
      received_at: new Date(sut.clock()).toISOString(),
    })
  })

  it(`pages beyond ${checkInPageSize} records in the order stored, then waits at the cursor`, async () => {
    const total = checkInPageSize + 50
    const { registrationId } = await registeredMember(sut)
    const items = Array.from({ length: total }, (_, index) =>
      checkIn(index === 0 ? registrationId : randomUUID(), 'A', morning + index),
    )
    for (let start = 0; start < total; start += 100) {
      await upload(sut, admin.token, items.slice(start, start + 100))
    }
    const first = await page(sut, admin.token)
    expect(first.items).toHaveLength(checkInPageSize)
    expect(first.has_more).toBe(true)
    const second = await page(sut, admin.token, first.next_cursor)
    expect(second.items).toHaveLength(50)
    expect(second.has_more).toBe(false)
    expect([...first.items, ...second.items].map((record) => record.id)).toEqual(items.map((item) => item.id))

    // Nothing new: the cursor stays; something new: exactly that arrives.
    expect(await page(sut, admin.token, second.next_cursor)).toEqual({
      items: [],
      next_cursor: second.next_cursor,
      has_more: false,
    })
    const later = checkIn(registrationId, 'B', morning)
    await upload(sut, admin.token, [later])
    const third = await page(sut, admin.token, second.next_cursor)
    expect(third.items.map((record) => [record.id, record.status])).toEqual([[later.id, 'duplicate']])
  })
})

describe('check-ins from many devices at once on PostgreSQL', () => {
  const database = useTestDatabase('postgres')

  async function twoInstances() {
    const apis = await twoTestApis(database(), { capacities: { member: 50 } })
    const servers = [await listen(apis.first.api), await listen(apis.second.api)]
    return {
      sut: apis.first,
      urls: servers.map((server) => server.url),
      admin: await apis.first.adminToken(),
      async close() {
        for (const server of servers) await server.close()
        await apis.close()
      },
    }
  }

  async function post(url: string, token: string, items: CheckInItemWire[]) {
    const response = await readResponse(
      await fetch(`${url}/admin/check-ins`, requestInit('POST', { token, body: { items } })),
    )
    expect(response.status).toBe(200)
    return (response.body as { results: CheckInResultWire[] }).results
  }

  it('accepts exactly one of twelve devices checking in the same person at once, over two instances', async () => {
    const stack = await twoInstances()
    try {
      const { registrationId } = await registeredMember(stack.sut)
      const items = Array.from({ length: 12 }, (_, n) => checkIn(registrationId, `D${n}`, morning))
      const results = (
        await Promise.all(items.map((item, n) => post(stack.urls[n % 2] ?? '', stack.admin, [item])))
      ).flat()
      const accepted = results.filter((result) => result.status === 'accepted')
      expect(accepted).toHaveLength(1)
      const winner = items.find((item) => item.id === accepted[0]?.id)
      for (const result of results.filter((entry) => entry.status !== 'accepted')) {
        expect(result).toMatchObject({ status: 'duplicate', first_check_in: { id: winner?.id } })
      }
      // The same batch sent by several requests at once (retries racing): stored once, answered alike.
      const resent = checkIn((await registeredMember(stack.sut)).registrationId, 'R', morning)
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, n) => post(stack.urls[n % 2] ?? '', stack.admin, [resent])),
      )
      expect(answers.flat()).toEqual(Array.from({ length: 6 }, () => ({ id: resent.id, status: 'accepted' })))
      const stored = (await stack.sut.database.db.execute(
        'select count(*)::int as n from check_ins',
      )) as unknown as { rows: { n: number }[] }
      expect(Number(stored.rows[0]?.n)).toBe(13)
    } finally {
      await stack.close()
    }
  })

  it('never lets a reader pass a record that commits after a later-numbered one', async () => {
    const stack = await twoInstances()
    const { url } = database()
    if (!url) throw new Error('PostgreSQL URL missing')
    // A writer that has drawn its number but not yet committed holds the log's lock (as the API does):
    // meanwhile the API can store nothing after it, so no reader can see a later number first.
    const slow = new pg.Client({ connectionString: url })
    await slow.connect()
    try {
      const { registrationId } = await registeredMember(stack.sut)
      const slowId = randomUUID()
      await slow.query('begin')
      await slow.query('select pg_advisory_xact_lock(727002)')
      await slow.query(
        `insert into check_ins (id, registration_id, device_id, checked_in_at, kind, status, reason, received_at, received_by)
         values ($1, $2, 'device-slow', now(), 'check_in', 'rejected', 'unknown_registration', now(), 'test')`,
        [slowId, randomUUID()],
      )
      const fast = checkIn(registrationId, 'fast', morning)
      const fastUpload = post(stack.urls[1] ?? '', stack.admin, [fast])
      // The fast upload is waiting for the lock; a reader sees neither record yet.
      await expect.poll(async () => (await lockWaiters(url)) > 0).toBe(true)
      expect((await page(stack.sut, stack.admin)).items).toEqual([])
      await slow.query('commit')
      expect(await fastUpload).toEqual([{ id: fast.id, status: 'accepted' }])
      expect((await pullAll(stack.sut, stack.admin)).items.map((record) => record.id)).toEqual([
        slowId,
        fast.id,
      ])
    } finally {
      await slow.end()
      await stack.close()
    }
  })

  it('gives a reader pulling while four devices upload every record exactly once', async () => {
    const stack = await twoInstances()
    try {
      const registrationIds = await Promise.all(
        Array.from({ length: 8 }, async () => (await registeredMember(stack.sut)).registrationId),
      )
      const sent: string[] = []
      let writing = true
      const writers = Promise.all(
        ['A', 'B', 'C', 'D'].map(async (device, n) => {
          for (let batch = 0; batch < 10; batch++) {
            const items = Array.from({ length: 10 }, (_, index) =>
              checkIn(
                registrationIds[(batch + index) % registrationIds.length] ?? '',
                device,
                morning + index,
              ),
            )
            sent.push(...items.map((item) => item.id))
            await post(stack.urls[n % 2] ?? '', stack.admin, items)
          }
        }),
      ).finally(() => {
        writing = false
      })
      const seen: string[] = []
      let cursor: string | undefined
      const pull = async () => {
        for (;;) {
          const next = await page(stack.sut, stack.admin, cursor)
          seen.push(...next.items.map((record) => record.id))
          cursor = next.next_cursor
          if (!next.has_more) return
        }
      }
      while (writing) await pull()
      await writers
      await pull()
      expect(seen).toHaveLength(400)
      expect(new Set(seen)).toEqual(new Set(sent))
      const accepted = (await pullAll(stack.sut, stack.admin)).items.filter(
        (record) => record.status === 'accepted',
      )
      expect(new Set(accepted.map((record) => record.registration_id)).size).toBe(8)
      expect(accepted).toHaveLength(8)
    } finally {
      await stack.close()
    }
  })
})

/** Sessions of the test's database waiting for the check-in log's lock. */
async function lockWaiters(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_locks
       where locktype = 'advisory' and objid = 727002 and not granted
         and database = (select oid from pg_database where datname = current_database())`,
    )
    return Number(result.rows[0]?.n)
  } finally {
    await client.end()
  }
}
