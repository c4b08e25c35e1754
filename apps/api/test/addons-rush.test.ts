import { cookingClubTasting, cookingClubTastingCode } from '@furfes/core'
import { afterEach, describe, expect, it } from 'vitest'
import { createStubPaymentGateway } from '../src/payments/stub-gateway.ts'
import {
  checkoutSessionOf,
  listen,
  pwaUrl,
  readResponse,
  registeredMember,
  requestInit,
  type TestApi,
  type TestResponse,
  twoTestApis,
  useTestApi,
  useTestDatabase,
} from './support/harness.ts'
import { addonAccounting } from './support/waiting-list.ts'

/*
 * The tasting's 50 places against 80 paid participants buying at the same moment over real HTTP (docs/decisions/
 * 178-add-on-products.md): exactly 50 checkouts open, everyone else hears addonSoldOut, never 51; a refunded
 * ticket goes back on sale to exactly one more buyer. On PostgreSQL through two API instances sharing the database.
 */

const capacity = cookingClubTasting.capacity
const buyers = 80
const checkout = { success_url: `${pwaUrl}/ja/mypage/dashboard`, cancel_url: `${pwaUrl}/ja/mypage/dashboard` }
const buyPath = `/registration/addons/${cookingClubTastingCode}`

function tally(responses: readonly TestResponse[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { status, body } of responses) {
    const key = status === 201 ? '201' : `${status} ${(body as { message?: string }).message}`
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}

async function buy(url: string, token: string): Promise<TestResponse> {
  return readResponse(await fetch(`${url}${buyPath}`, requestInit('POST', { token, body: checkout })))
}

/**
 * Pays `buyers` registrations through the first API, then lets them all buy at once, spread over `urls`; then
 * one buyer's ticket is paid and refunded by the desk, and two of those turned away try again.
 */
async function rushAndRefund(apis: readonly TestApi[], urls: readonly string[]) {
  const [first] = apis
  if (!first) throw new Error('No API')
  const members = []
  for (let index = 0; index < buyers; index++) members.push(await registeredMember(first))

  const responses = await Promise.all(
    members.map((member, index) => buy(urls[index % urls.length] ?? '', member.token)),
  )
  expect(tally(responses)).toEqual({ '201': capacity, '409 addonSoldOut': buyers - capacity })
  expect(await addonAccounting(first.database)).toEqual([
    expect.objectContaining({ capacity, taken: capacity, holding: capacity }),
  ])

  const winnerIndex = responses.findIndex((response) => response.status === 201)
  const winner = members[winnerIndex]
  const winnerResponse = responses[winnerIndex]
  if (!winner || !winnerResponse) throw new Error('Nobody bought')
  const session = checkoutSessionOf(winnerResponse)
  first.gateway.complete(session)
  expect(await first.api.registrations.addons.markPaid(session)).toBe('paid')
  const desk = await first.adminToken(undefined, ['desk'])
  const refunded = await first.request(
    'POST',
    `/admin/registrations/${winner.registrationId}/addons/${cookingClubTastingCode}/refund`,
    { token: desk },
  )
  expect(refunded).toMatchObject({ status: 200, body: { status: 'refunded' } })

  const turnedAway = members.filter((_, index) => responses[index]?.status === 409).slice(0, 2)
  const retries = await Promise.all(
    turnedAway.map((member, index) => buy(urls[index % urls.length] ?? '', member.token)),
  )
  expect(tally(retries)).toEqual({ '201': 1, '409 addonSoldOut': 1 })
  expect(await addonAccounting(first.database)).toEqual([
    expect.objectContaining({ capacity, taken: capacity, holding: capacity }),
  ])
}

describe('the tasting rush on pglite', () => {
  const sut = useTestApi('pglite', { capacities: { member: buyers } })

  it(`sells ${capacity} tickets to ${buyers} simultaneous buyers, never more, and a refunded one once again`, async () => {
    const server = await listen(sut.api)
    try {
      await rushAndRefund([sut], [server.url])
    } finally {
      await server.close()
    }
  })
})

describe('the tasting rush on postgres through two API instances', () => {
  const database = useTestDatabase('postgres')
  const closers: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close()
  })

  it(`sells ${capacity} tickets to ${buyers} simultaneous buyers, never more, and a refunded one once again`, async () => {
    const gateway = createStubPaymentGateway({ pwaUrl })
    const { first, second, close } = await twoTestApis(database(), {
      capacities: { member: buyers },
      gateway,
    })
    closers.push(close)
    const servers = [await listen(first.api), await listen(second.api)]
    for (const server of servers) closers.push(() => server.close())
    await rushAndRefund(
      [first, second],
      servers.map((server) => server.url),
    )
  })
})
