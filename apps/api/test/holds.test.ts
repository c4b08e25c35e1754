import { participantListWireSchema } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import type { CheckoutSession } from '../src/payments/gateway.ts'
import { createStubPaymentGateway, type StubPaymentGateway } from '../src/payments/stub-gateway.ts'
import {
  databaseKinds,
  inventoryConsistency,
  minutes,
  pwaUrl,
  registrationRequest,
  type TestResponse,
  useTestApi,
} from './support/harness.ts'

/*
 * The claim of a new registration (decision 056): the spot is taken with a short deadline, recording the
 * checkout session extends it, and a claim that passes without a session is given back by the sweeper
 * (releaseExpired, which the server runs on its interval), exactly once, whatever the slow creator does later.
 */

const claimMs = 30_000

/** The stub provider, except that each session request waits until the test answers it. */
interface SlowGateway extends StubPaymentGateway {
  /** Resolves once `count` session requests have arrived in all. */
  arrived(count: number): Promise<void>
  /** Lets the session request that arrived `index`-th (from 0) open its session. */
  answer(index: number): void
}

function createSlowGateway(): SlowGateway {
  const stub = createStubPaymentGateway({ pwaUrl })
  const arrivals: (() => void)[] = []
  const watchers = new Set<() => void>()
  return {
    ...stub,
    async createCheckoutSession(request): Promise<CheckoutSession> {
      await new Promise<void>((resolve) => {
        arrivals.push(resolve)
        for (const watch of watchers) watch()
      })
      return stub.createCheckoutSession(request)
    },
    arrived: (count) =>
      new Promise<void>((resolve) => {
        const watch = () => {
          if (arrivals.length < count) return
          watchers.delete(watch)
          resolve()
        }
        watchers.add(watch)
        watch()
      }),
    answer(index) {
      const release = arrivals[index]
      if (!release) throw new Error(`No session request ${index} arrived`)
      release()
    },
  }
}

describe.each(databaseKinds)('the claim of a new registration on %s', (kind) => {
  let gateway: SlowGateway
  const sut = useTestApi(kind, () => {
    gateway = createSlowGateway()
    return { capacities: { member: 1 }, gateway, overrides: { checkoutClaimMs: claimMs } }
  })

  async function adminView(userId: string) {
    const answer = await sut.request('GET', '/admin/participants', { token: await sut.adminToken() })
    expect(answer.status).toBe(200)
    const items = participantListWireSchema.parse(answer.body).items
    return items.find(({ user }) => user.user_id === userId)?.registration
  }

  async function memberSpot() {
    return (await inventoryConsistency(sut.database)).find(({ tier }) => tier === 'member')
  }

  /** Starts a registration whose session request then waits at the provider (the `arrival`-th one). */
  async function startWaiting(userId: string, arrival = 0) {
    const token = await sut.memberToken(userId)
    const started = sut.request('POST', '/registration', { token, body: registrationRequest() })
    await gateway.arrived(arrival + 1)
    return { token, started }
  }

  it('shows the held spot while the session is being opened: pending without URL to admins, 503 to its user', async () => {
    const userId = crypto.randomUUID()
    const { token, started } = await startWaiting(userId)

    expect(await sut.request('GET', '/registration', { token })).toMatchObject({
      status: 503,
      body: { message: 'highTraffic' },
    })
    const held = await adminView(userId)
    expect(held).toEqual({
      id: expect.any(String),
      registration_tier: 'member',
      badge_name: 'Kemo',
      payment_status: 'pending',
      expires_at: new Date(sut.clock() + claimMs).toISOString(),
    })
    expect(await memberSpot()).toEqual({ tier: 'member', taken: 1, holding: 1, capacity: 1 })

    // Recording the session extends the claim to the session's expiry.
    gateway.answer(0)
    const created: TestResponse = await started
    expect(created.status).toBe(201)
    const paymentUrl = (created.body as { payment_url: string }).payment_url
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'pending',
      payment_url: paymentUrl,
      expires_at: new Date(sut.clock() + minutes(30)).toISOString(),
    })
    sut.clock.advance(claimMs)
    expect(await sut.api.registrations.releaseExpired()).toBe(0)
    expect(await adminView(userId)).toMatchObject({ payment_status: 'pending', payment_url: paymentUrl })
    expect(await memberSpot()).toEqual({ tier: 'member', taken: 1, holding: 1, capacity: 1 })
  })

  it('keeps a claim until it passes, then the sweeper gives the spot back once', async () => {
    const userId = crypto.randomUUID()
    const { token, started } = await startWaiting(userId)

    sut.clock.advance(claimMs - 1)
    expect(await sut.api.registrations.releaseExpired()).toBe(0)
    expect(await memberSpot()).toEqual({ tier: 'member', taken: 1, holding: 1, capacity: 1 })

    // The creator is gone (a crash): nobody reads anything, the sweep alone frees the spot.
    sut.clock.advance(1)
    expect(await sut.api.registrations.releaseExpired()).toBe(1)
    expect(await sut.api.registrations.releaseExpired()).toBe(0)
    expect(await memberSpot()).toEqual({ tier: 'member', taken: 0, holding: 0, capacity: 1 })
    expect(sut.logger.records).toContainEqual(
      expect.objectContaining({ msg: 'Released expired checkout holds', count: 1, withoutSession: 1 }),
    )
    expect(await adminView(userId)).toMatchObject({ payment_status: 'expired' })
    expect(await sut.request('GET', '/registration', { token })).toMatchObject({
      status: 200,
      body: { payment_status: 'expired', registration_tier: 'member' },
    })

    // Someone else takes the spot that came back.
    const other = await startWaiting(crypto.randomUUID(), 1)
    gateway.answer(1)
    expect((await other.started).status).toBe(201)

    // The first creator was only slow: its session arrives after its spot went back. It is not recorded,
    // the session is ended so nobody pays for it, and the spot is not given back a second time.
    const firstSession = [...gateway.sessions.values()].length
    gateway.answer(0)
    expect(await started).toMatchObject({ status: 409, body: { message: 'purchaseSessionTimedOut' } })
    const sessions = [...gateway.sessions.values()]
    expect(sessions).toHaveLength(firstSession + 1)
    expect(sessions.at(-1)?.status).toBe('expired')
    expect(await memberSpot()).toEqual({ tier: 'member', taken: 1, holding: 1, capacity: 1 })
    expect(await sut.request('GET', '/registration', { token })).toMatchObject({
      status: 200,
      body: { payment_status: 'expired' },
    })
  })

  it('keeps the spot of a slow creator whose claim passed before anybody gave it back', async () => {
    const userId = crypto.randomUUID()
    const { token, started } = await startWaiting(userId)
    sut.clock.advance(claimMs + 1)
    gateway.answer(0)
    expect((await started).status).toBe(201)
    expect(await sut.api.registrations.releaseExpired()).toBe(0)
    expect(await sut.request('GET', '/registration', { token })).toMatchObject({
      status: 200,
      body: { payment_status: 'pending' },
    })
    expect(await memberSpot()).toEqual({ tier: 'member', taken: 1, holding: 1, capacity: 1 })
  })

  it('lets the user of a dead claim register again at once, without waiting for the sweep', async () => {
    const userId = crypto.randomUUID()
    const { token, started } = await startWaiting(userId)
    sut.clock.advance(claimMs)
    const again = sut.request('POST', '/registration', { token, body: registrationRequest() })
    await gateway.arrived(2)
    gateway.answer(1)
    expect((await again).status).toBe(201)
    expect(await memberSpot()).toEqual({ tier: 'member', taken: 1, holding: 1, capacity: 1 })
    gateway.answer(0)
    expect(await started).toMatchObject({ status: 409, body: { message: 'purchaseSessionTimedOut' } })
    expect(await memberSpot()).toEqual({ tier: 'member', taken: 1, holding: 1, capacity: 1 })
  })
})
