import { randomUUID } from 'node:crypto'
import { firstEdition } from '@furfes/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nextRegistrationOpenToday, publishNextEdition } from './support/editions.ts'
import {
  databaseKinds,
  inventoryConsistency,
  listen,
  readResponse,
  registrationRequest,
  requestInit,
  type TestApi,
  tierCounts,
  twoTestApis,
  useTestApi,
  useTestDatabase,
} from './support/harness.ts'
import { mintAccessToken } from './support/tokens.ts'

/*
 * The registration rush against real HTTP servers: attempts at four times the capacity, all at once. Exactly
 * capacity spots are taken, everyone else hears soldOut, and the inventory agrees with the registrations.
 */

const capacity = 40
const attempts = capacity * 4

async function rush(urls: string[], tokens: string[]) {
  return Promise.all(
    tokens.map(async (token, index) => {
      const url = urls[index % urls.length]
      const response = await fetch(
        `${url}/registration`,
        requestInit('POST', { token, body: registrationRequest('member') }),
      )
      return readResponse(response)
    }),
  )
}

function tally(responses: { status: number; body: unknown }[]) {
  const counts: Record<string, number> = {}
  for (const { status, body } of responses) {
    const key = status === 201 ? '201' : `${status} ${(body as { message?: string }).message}`
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}

async function pendingCount(sut: TestApi): Promise<number> {
  const result = (await sut.database.db.execute(
    `select count(*)::int as n from registrations where registration_tier = 'member' and payment_status = 'pending'`,
  )) as unknown as { rows: { n: number }[] }
  return Number(result.rows[0]?.n)
}

describe.each(databaseKinds)('no oversell on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: capacity } })
  let server: Awaited<ReturnType<typeof listen>>
  beforeEach(async () => {
    server = await listen(sut.api)
  })
  afterEach(() => server.close())

  it(`takes exactly ${capacity} spots out of ${attempts} simultaneous attempts`, async () => {
    const tokens = await Promise.all(Array.from({ length: attempts }, () => sut.memberToken()))
    const responses = await rush([server.url], tokens)
    expect(tally(responses)).toEqual({ '201': capacity, '409 soldOut': attempts - capacity })
    expect(await pendingCount(sut)).toBe(capacity)
    expect(await tierCounts(sut.database, 'member')).toEqual({ taken: capacity, holding: capacity, capacity })
  })

  it('gives one registration to a user who clicks many times at once', async () => {
    const token = await sut.memberToken()
    const responses = await rush(
      [server.url],
      Array.from({ length: 20 }, () => token),
    )
    expect(tally(responses)).toEqual({ '201': 1, '409 purchaseSessionAlreadyExists': 19 })
    expect(await tierCounts(sut.database, 'member')).toEqual({ taken: 1, holding: 1, capacity })
  })

  it('never oversells while holders cancel and others rush for the returned spots', async () => {
    const holders = await Promise.all(Array.from({ length: capacity }, () => sut.memberToken()))
    expect(tally(await rush([server.url], holders))).toEqual({ '201': capacity })
    const rushers = await Promise.all(Array.from({ length: attempts }, () => sut.memberToken()))
    const [cancels, responses] = await Promise.all([
      Promise.all(
        holders
          .slice(0, capacity / 2)
          .map(async (token) =>
            readResponse(await fetch(`${server.url}/registration`, requestInit('DELETE', { token }))),
          ),
      ),
      rush([server.url], rushers),
    ])
    expect(cancels.every((response) => response.status === 200)).toBe(true)
    const won = responses.filter((response) => response.status === 201).length
    expect(won).toBeLessThanOrEqual(capacity / 2)
    expect(responses.every((response) => response.status === 201 || response.status === 409)).toBe(true)
    expect(await pendingCount(sut)).toBe(capacity / 2 + won)
    expect(await tierCounts(sut.database, 'member')).toEqual({
      taken: capacity / 2 + won,
      holding: capacity / 2 + won,
      capacity,
    })
  })
})

describe.each(databaseKinds)('no oversell per edition on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: capacity } })
  let server: Awaited<ReturnType<typeof listen>>
  beforeEach(async () => {
    server = await listen(sut.api)
  })
  afterEach(() => server.close())

  it('sells the next edition its own capacity, whatever the last one sold, to last edition’s holders too', async () => {
    const holders = await Promise.all(Array.from({ length: capacity }, () => sut.memberToken()))
    expect(tally(await rush([server.url], holders))).toEqual({ '201': capacity })
    const nextCapacity = capacity / 2
    await publishNextEdition(sut, {
      registration: nextRegistrationOpenToday,
      member: { price_jpy: firstEdition.tiers.member.priceJpy, capacity: nextCapacity, on_sale: true },
    })

    // Last edition's holders rush again with newcomers: one live registration per member and edition.
    const newcomers = await Promise.all(Array.from({ length: attempts }, () => sut.memberToken()))
    const responses = await rush([server.url], [...holders, ...newcomers])
    expect(tally(responses)).toEqual({
      '201': nextCapacity,
      '409 soldOut': capacity + attempts - nextCapacity,
    })
    expect(await tierCounts(sut.database, 'member')).toEqual({
      taken: nextCapacity,
      holding: nextCapacity,
      capacity: nextCapacity,
    })
    const lastEdition = await inventoryConsistency(sut.database, firstEdition.id)
    expect(lastEdition.find((row) => row.tier === 'member')).toEqual({
      tier: 'member',
      taken: capacity,
      holding: capacity,
      capacity,
    })
  })
})

describe('no oversell with two API instances sharing one PostgreSQL', () => {
  const database = useTestDatabase('postgres')

  it(`takes exactly ${capacity} spots out of ${attempts} attempts spread over both instances`, async () => {
    const apis = await twoTestApis(database(), { capacities: { member: capacity } })
    const { first, second: other, clock } = apis
    const servers = [await listen(first.api), await listen(other.api)]
    try {
      // One registration through each instance first, so both meet the rush warm (code compiled, database
      // connected): a cold instance could lose every race and leave the other to sell alone.
      const urls = servers.map((server) => server.url)
      for (const url of urls) {
        const [warm] = await rush([url], [await mintAccessToken(randomUUID(), clock())])
        expect(warm?.status).toBe(201)
      }
      const tokens = await Promise.all(
        Array.from({ length: attempts }, () => mintAccessToken(randomUUID(), clock())),
      )
      const responses = await rush(urls, tokens)
      expect(tally(responses)).toEqual({ '201': capacity - 2, '409 soldOut': attempts - capacity + 2 })
      // Both instances sold: the race really was between them.
      const byInstance = [0, 1].map(
        (instance) =>
          responses.filter((response, index) => index % 2 === instance && response.status === 201).length,
      )
      expect(byInstance.every((count) => count > 0)).toBe(true)
      expect(await pendingCount(first)).toBe(capacity)
      expect(await tierCounts(first.database, 'member')).toEqual({
        taken: capacity,
        holding: capacity,
        capacity,
      })
    } finally {
      await Promise.all(servers.map((server) => server.close()))
      await apis.close()
    }
  })

  it('offers a spot given back through one instance on the other within the sold-out cache time', async () => {
    const apis = await twoTestApis(database(), { capacities: { sponsor_fursuiter: 1 }, poolSize: 2 })
    try {
      const { first, second: other, clock } = apis
      const holder = await first.memberToken()
      const body = registrationRequest('sponsor_fursuiter')
      expect((await first.request('POST', '/registration', { token: holder, body })).status).toBe(201)
      const waiting = await other.memberToken()
      expect(await other.request('POST', '/registration', { token: waiting, body })).toMatchObject({
        status: 409,
        body: { message: 'soldOut' },
      })
      expect((await first.request('DELETE', '/registration', { token: holder })).status).toBe(200)
      // The other instance trusts the sold-out it saw for at most a second…
      expect(await other.request('POST', '/registration', { token: waiting, body })).toMatchObject({
        status: 409,
        body: { message: 'soldOut' },
      })
      // …while the inventory, read from the database, already shows the spot.
      const inventory = await other.request('GET', '/inventory', { token: waiting })
      expect(
        (inventory.body as { items: { registration_tier: string; status: string }[] }).items,
      ).toContainEqual({
        registration_tier: 'sponsor_fursuiter',
        status: 'available',
      })
      clock.advance(1_000)
      expect((await other.request('POST', '/registration', { token: waiting, body })).status).toBe(201)
      expect(await tierCounts(first.database, 'sponsor_fursuiter')).toEqual({
        taken: 1,
        holding: 1,
        capacity: 1,
      })
    } finally {
      await apis.close()
    }
  })
})
