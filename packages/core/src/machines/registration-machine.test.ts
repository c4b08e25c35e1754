import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import type { InventoryItem, Registration, RegistrationCheckout } from '../contract/registration.ts'
import { isRegistrationStale } from '../domain/registration.ts'
import { type RegistrationTier, registrationTiers } from '../domain/registration-tier.ts'
import { AppError, ProductError } from '../errors/app-errors.ts'
import { createStore } from '../store.ts'
import type { RegistrationRequest } from '../validation/forms.ts'
import {
  type RegistrationCache,
  registrationMachine,
  shouldRefetchRegistration,
} from './registration-machine.ts'

const sessionLifetimeMs = 30 * 60 * 1000
const request: RegistrationRequest = {
  registrationTier: 'member',
  badgeName: 'Fox',
  agreedToRules: true,
  successUrl: 'https://furfes.example/ja/mypage/dashboard',
  cancelUrl: 'https://furfes.example/ja/mypage/registration',
}
const paid: Registration = { registrationTier: 'member', badgeName: 'Fox', paymentStatus: 'paid' }

/**
 * A fake product API on a simulated clock: POST opens a 30-minute checkout session unless the tier is sold
 * out or a session is already open; DELETE cancels it; GET /inventory says which tiers are sold out. `opened`
 * lists the pages the browser was sent to.
 */
function fakeApi(clock: SimulatedClock, initial: Registration | undefined) {
  const server = {
    registration: initial,
    soldOut: new Set<RegistrationTier>(),
    registrationAvailable: true,
    sessions: 0,
    fetches: 0,
    fetchFails: false,
    inventoryFetches: 0,
    inventoryFails: false,
  }
  const opened: string[] = []
  const actors = {
    fetchRegistration: fromPromise<Registration | undefined>(async () => {
      server.fetches += 1
      if (server.fetchFails) throw new TypeError('Failed to fetch')
      return server.registration
    }),
    fetchInventory: fromPromise<InventoryItem[]>(async () => {
      server.inventoryFetches += 1
      if (server.inventoryFails) throw new TypeError('Failed to fetch')
      return registrationTiers.map((registrationTier) => ({
        registrationTier,
        status: server.soldOut.has(registrationTier) ? 'sold_out' : 'available',
      }))
    }),
    createRegistration: fromPromise<RegistrationCheckout, RegistrationRequest>(async ({ input }) => {
      if (!server.registrationAvailable) throw new ProductError('registrationUnavailable', 409)
      if (server.soldOut.has(input.registrationTier)) throw new ProductError('soldOut', 409)
      const current = server.registration
      if (current?.paymentStatus === 'pending' && clock.now() <= current.expiresAt) {
        throw new ProductError('purchaseSessionAlreadyExists', 409)
      }
      server.sessions += 1
      const paymentUrl = `https://checkout.example/session-${server.sessions}`
      server.registration = {
        registrationTier: input.registrationTier,
        badgeName: input.badgeName,
        paymentStatus: 'pending',
        paymentUrl,
        expiresAt: clock.now() + sessionLifetimeMs,
      }
      return { paymentUrl }
    }),
    terminateRegistrationSession: fromPromise<Registration>(async () => {
      if (server.registration === undefined) throw new ProductError('notFound', 404)
      const { registrationTier, badgeName } = server.registration
      server.registration = { registrationTier, badgeName, paymentStatus: 'canceled' }
      return server.registration
    }),
  }
  return { server, opened, actors }
}

function startRegistration(
  options: {
    initial?: Registration
    isRegistrationAvailable?: boolean
    cached?: RegistrationCache
    refetch?: boolean
    fetchFails?: boolean
    inventoryFails?: boolean
    soldOut?: RegistrationTier[]
  } = {},
) {
  const clock = new SimulatedClock()
  clock.set(1_000_000)
  const api = fakeApi(clock, options.initial)
  api.server.fetchFails = options.fetchFails ?? false
  api.server.inventoryFails = options.inventoryFails ?? false
  for (const tier of options.soldOut ?? []) api.server.soldOut.add(tier)
  const sut = registrationMachine.provide({
    actors: api.actors,
    actions: { openCheckout: (_, { paymentUrl }) => api.opened.push(paymentUrl) },
  })
  // The store My Page keeps the registration in; only the machine writes to it here.
  const kept = createStore<{ value: Registration | null | undefined }>({
    value: options.cached?.loaded ? (options.cached.registration ?? null) : undefined,
  })
  const store = { ...kept, set: (value: Registration | null) => kept.set({ value }) }
  const actor = createActor(sut, {
    clock,
    input: {
      isRegistrationAvailable: options.isRegistrationAvailable ?? true,
      clock: () => clock.now(),
      store,
      refetch: options.refetch ?? false,
    },
  }).start()
  /** What the store holds: undefined until fetched, null for none. */
  const stored = () => store.getSnapshot().value
  /** The registration as every page sees it. */
  const registration = () => stored() ?? undefined
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'))
  /** Waits for the next answer to an inventory fetch: every answer brings a new list or a new error. */
  const inventoryAnswered = () => {
    const { inventory, inventoryError } = actor.getSnapshot().context
    return waitFor(
      actor,
      ({ context }) => context.inventory !== inventory || context.inventoryError !== inventoryError,
    )
  }
  return { actor, clock, api, settled, inventoryAnswered, registration, stored }
}

async function startPending() {
  const started = startRegistration()
  await started.inventoryAnswered()
  await started.settled()
  started.actor.send({ type: 'registration.submit', request })
  await started.settled()
  return started
}

function productKey(error: unknown): string | undefined {
  return error instanceof AppError ? error.key : undefined
}

describe('registrationMachine', () => {
  it('loads the registration; a 404 means not registered', async () => {
    const { actor, settled, stored } = startRegistration()

    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const snapshot = await settled()

    expect(snapshot.value).toBe('notRegistered')
    expect(stored()).toBeNull()
  })

  it('registering sends the user to the payment page and ends pending with the URL and its expiry', async () => {
    const { actor, api, clock, settled, registration } = startRegistration()
    await settled()

    actor.send({ type: 'registration.submit', request })
    expect(actor.getSnapshot().value).toEqual({ registering: 'submitting' })
    const snapshot = await settled()

    expect(snapshot.value).toEqual({ pending: 'awaitingPayment' })
    expect(registration()).toEqual({
      registrationTier: 'member',
      badgeName: 'Fox',
      paymentStatus: 'pending',
      paymentUrl: 'https://checkout.example/session-1',
      expiresAt: clock.now() + sessionLifetimeMs,
    })
    expect(snapshot.context.isPaymentUrlExpired).toBe(false)
    expect(api.opened).toEqual(['https://checkout.example/session-1'])
  })

  it('goes to checkout again from pending', async () => {
    const { actor, api } = await startPending()

    actor.send({ type: 'checkout.open' })

    expect(api.opened).toEqual(['https://checkout.example/session-1', 'https://checkout.example/session-1'])
  })

  it('counts the payment URL as expired only once the time passes its expiry', async () => {
    const { actor, clock } = await startPending()
    const expiresAt = clock.now() + sessionLifetimeMs

    clock.set(expiresAt)
    expect(actor.getSnapshot().value).toEqual({ pending: 'awaitingPayment' })
    expect(actor.getSnapshot().context.isPaymentUrlExpired).toBe(false)

    clock.increment(1)
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toEqual({ pending: 'sessionTimedOut' })
    expect(snapshot.context.isPaymentUrlExpired).toBe(true)
    expect(productKey(snapshot.context.error)).toBe('product.purchaseSessionTimedOut')
  })

  it('after the timeout, registers again with a new payment URL', async () => {
    const { actor, api, clock, settled, registration } = await startPending()
    clock.increment(sessionLifetimeMs + 1)

    actor.send({ type: 'registration.submit', request })
    const snapshot = await settled()

    expect(snapshot.value).toEqual({ pending: 'awaitingPayment' })
    expect(registration()).toMatchObject({ paymentUrl: 'https://checkout.example/session-2' })
    expect(snapshot.context.isPaymentUrlExpired).toBe(false)
    expect(snapshot.context.error).toBeUndefined()
    expect(api.opened.at(-1)).toBe('https://checkout.example/session-2')
  })

  it('cancels the checkout session; the answer replaces the registration info', async () => {
    const { actor, api, settled, registration } = await startPending()

    actor.send({ type: 'checkout.cancel' })
    expect(actor.getSnapshot().value).toEqual({ pending: 'canceling' })
    const snapshot = await settled()

    expect(snapshot.value).toBe('canceled')
    expect(registration()).toEqual({
      registrationTier: 'member',
      badgeName: 'Fox',
      paymentStatus: 'canceled',
    })
    expect(api.server.registration).toEqual(registration())
  })

  it('may register again after canceling', async () => {
    const { actor, settled } = await startPending()
    actor.send({ type: 'checkout.cancel' })
    await settled()

    actor.send({ type: 'registration.submit', request })

    expect((await settled()).value).toEqual({ pending: 'awaitingPayment' })
  })

  describe('caching', () => {
    it('does not refetch a pending registration whose URL is still valid, unless forced', async () => {
      const { actor, api, settled, registration } = await startPending()
      const fetches = api.server.fetches
      api.server.registration = paid

      actor.send({ type: 'registration.load' })
      expect(actor.getSnapshot().value).toEqual({ pending: 'awaitingPayment' })
      expect(api.server.fetches).toBe(fetches)

      actor.send({ type: 'registration.load', force: true })
      const snapshot = await settled()
      expect(snapshot.value).toBe('paid')
      expect(registration()).toEqual(paid)
    })

    it('refetches once the payment URL has expired; pending can end as expired', async () => {
      const { actor, api, clock, settled } = await startPending()
      clock.increment(sessionLifetimeMs + 1)
      const { registrationTier, badgeName } = request
      api.server.registration = { registrationTier, badgeName, paymentStatus: 'expired' }

      actor.send({ type: 'registration.load' })
      const snapshot = await settled()

      expect(snapshot.value).toBe('expired')
      expect(snapshot.context.isPaymentUrlExpired).toBe(false)
    })

    it('starts from a fresh cache without fetching', () => {
      const { actor, api } = startRegistration({ cached: { loaded: true, registration: paid } })

      expect(actor.getSnapshot().value).toBe('paid')
      expect(api.server.fetches).toBe(0)
    })

    it('refetches a kept registration on entering when told to, and keeps the answer in the store', async () => {
      const { actor, api, settled, registration } = startRegistration({
        initial: paid,
        cached: { loaded: true, registration: { ...paid, paymentStatus: 'canceled' } },
        refetch: true,
      })

      expect(actor.getSnapshot().value).toBe('loading')
      expect((await settled()).value).toBe('paid')
      expect(api.server.fetches).toBe(1)
      expect(registration()).toEqual(paid)
    })

    it('refetches a cached registration whose payment URL has expired', async () => {
      const stale: Registration = {
        ...request,
        paymentStatus: 'pending',
        paymentUrl: 'https://old',
        expiresAt: 0,
      }
      const { actor, api, settled } = startRegistration({
        initial: paid,
        cached: { loaded: true, registration: stale },
      })

      expect(actor.getSnapshot().value).toBe('loading')
      expect((await settled()).value).toBe('paid')
      expect(api.server.fetches).toBe(1)
    })

    it.each([
      ['never loaded', { loaded: false, registration: undefined }, {}, true],
      ['forced', { loaded: true, registration: paid }, { force: true }, true],
      ['loaded and settled', { loaded: true, registration: paid }, {}, false],
      ['loaded, not registered', { loaded: true, registration: undefined }, {}, false],
    ] as const)('shouldRefetchRegistration: %s', (_, cache, options, expected) => {
      expect(shouldRefetchRegistration(cache, options, () => 0)).toBe(expected)
    })

    it.each([
      ['not registered (404)', null, false],
      ['not fetched', undefined, false],
      ['paid', paid, false],
      ['pending, URL valid', { ...paid, paymentStatus: 'pending', expiresAt: 5000 }, false],
      ['pending, URL expired', { ...paid, paymentStatus: 'pending', expiresAt: 4999 }, true],
    ] as const)("isRegistrationStale, the rule My Page's cache shares: %s", (_, registration, expected) => {
      expect(isRegistrationStale(registration, () => 5000)).toBe(expected)
    })

    it('shouldRefetchRegistration: a pending URL is stale only once the time passes its expiry', () => {
      const pending: Registration = {
        ...request,
        paymentStatus: 'pending',
        paymentUrl: 'https://p',
        expiresAt: 5000,
      }
      const cache = { loaded: true, registration: pending }

      expect(shouldRefetchRegistration(cache, {}, () => 5000)).toBe(false)
      expect(shouldRefetchRegistration(cache, {}, () => 5001)).toBe(true)
    })
  })

  describe('inventory', () => {
    const statusOf = (inventory: InventoryItem[] | undefined, tier: RegistrationTier) =>
      inventory?.find((item) => item.registrationTier === tier)?.status

    it('asks for the spots on starting, alongside the registration', async () => {
      const { api, inventoryAnswered } = startRegistration({
        cached: { loaded: true, registration: paid },
        soldOut: ['sponsor'],
      })

      const snapshot = await inventoryAnswered()

      expect(snapshot.value).toBe('paid')
      expect(api.server.inventoryFetches).toBe(1)
      expect(statusOf(snapshot.context.inventory, 'sponsor')).toBe('sold_out')
      expect(statusOf(snapshot.context.inventory, 'member')).toBe('available')
      expect(snapshot.context.inventoryError).toBeUndefined()
    })

    it('keeps the error of a failed fetch and asks again when told to', async () => {
      const { actor, api, inventoryAnswered } = startRegistration({ inventoryFails: true })

      const failed = await inventoryAnswered()
      expect(failed.context.inventoryError).toBeInstanceOf(TypeError)
      expect(failed.context.inventory).toBeUndefined()

      api.server.inventoryFails = false
      actor.send({ type: 'inventory.load' })
      const loaded = await inventoryAnswered()
      expect(api.server.inventoryFetches).toBe(2)
      expect(loaded.context.inventory).toHaveLength(registrationTiers.length)
      expect(loaded.context.inventoryError).toBeUndefined()
    })

    it('asks again after a sold-out refusal, and the spots say sold out', async () => {
      const { actor, api, settled, inventoryAnswered } = startRegistration()
      await inventoryAnswered()
      await settled()
      api.server.soldOut.add('member')

      const answered = inventoryAnswered()
      actor.send({ type: 'registration.submit', request })
      await settled()
      const snapshot = await answered

      expect(api.server.inventoryFetches).toBe(2)
      expect(snapshot.value).toBe('notRegistered')
      expect(statusOf(snapshot.context.inventory, 'member')).toBe('sold_out')
    })

    it('asks again when the checkout times out: the spot it held went back', async () => {
      const { api, clock, inventoryAnswered } = await startPending()
      // What changed meanwhile shows only in a new answer.
      api.server.soldOut.add('sponsor')

      clock.increment(sessionLifetimeMs)
      expect(api.server.inventoryFetches).toBe(1)
      const answered = inventoryAnswered()
      clock.increment(1)
      const snapshot = await answered

      expect(api.server.inventoryFetches).toBe(2)
      expect(snapshot.value).toEqual({ pending: 'sessionTimedOut' })
      expect(statusOf(snapshot.context.inventory, 'sponsor')).toBe('sold_out')
    })

    it('does not ask again for other refusals, going to checkout or canceling', async () => {
      const { actor, api, settled } = await startPending()

      actor.send({ type: 'registration.submit', request })
      actor.send({ type: 'checkout.open' })
      actor.send({ type: 'checkout.cancel' })
      await settled()

      expect(api.server.inventoryFetches).toBe(1)
    })
  })

  describe('tags: what the page shows', () => {
    const viewTags = ['loading', 'failed', 'closed', 'checkout', 'paid', 'form'] as const
    const shown = (snapshot: { hasTag(tag: string): boolean }) =>
      viewTags.filter((tag) => snapshot.hasTag(tag))

    it('one view tag in each state the page can show', async () => {
      const { actor, clock, settled } = startRegistration()
      expect(shown(actor.getSnapshot())).toEqual(['loading'])
      expect(shown(await settled())).toEqual(['form'])

      actor.send({ type: 'registration.submit', request })
      expect(shown(actor.getSnapshot())).toEqual(['form'])
      expect(shown(await settled())).toEqual(['checkout'])
      expect(actor.getSnapshot().hasTag('timedOut')).toBe(false)

      clock.increment(sessionLifetimeMs + 1)
      expect(shown(actor.getSnapshot())).toEqual(['form'])
      expect(actor.getSnapshot().hasTag('timedOut')).toBe(true)

      actor.send({ type: 'checkout.cancel' })
      expect(shown(actor.getSnapshot())).toEqual(['checkout'])
      expect(shown(await settled())).toEqual(['form'])
    })

    it.each([
      ['paid', { initial: paid }, 'paid'],
      ['registration closed', { isRegistrationAvailable: false }, 'closed'],
      ['the registration could not be fetched', { fetchFails: true }, 'failed'],
    ] as const)('%s', async (_, options, tag) => {
      const { settled } = startRegistration(options)

      expect(shown(await settled())).toEqual([tag])
    })
  })

  describe('refusals', () => {
    it('does not offer registering when the registration flag is off', async () => {
      const { actor, api, settled } = startRegistration({ isRegistrationAvailable: false })
      expect((await settled()).value).toBe('registrationClosed')

      actor.send({ type: 'registration.submit', request })

      expect(actor.getSnapshot().value).toBe('registrationClosed')
      expect(api.server.sessions).toBe(0)
    })

    it('still shows an existing registration when the flag is off', async () => {
      const { settled } = startRegistration({ isRegistrationAvailable: false, initial: paid })

      expect((await settled()).value).toBe('paid')
    })

    it('closes registering when the API says registration became unavailable meanwhile', async () => {
      const { actor, api, settled } = startRegistration()
      await settled()
      api.server.registrationAvailable = false

      actor.send({ type: 'registration.submit', request })
      const snapshot = await settled()

      expect(snapshot.value).toBe('registrationClosed')
      expect(snapshot.context.isRegistrationAvailable).toBe(false)
      expect(productKey(snapshot.context.error)).toBe('product.registrationUnavailable')
      expect(api.opened).toEqual([])
    })

    it('stays not registered with "Sold out" when the tier has no spots left', async () => {
      const { actor, api, settled } = startRegistration()
      await settled()
      api.server.soldOut.add('member')

      actor.send({ type: 'registration.submit', request })
      const snapshot = await settled()

      expect(snapshot.value).toBe('notRegistered')
      expect(productKey(snapshot.context.error)).toBe('product.soldOut')
      expect(api.opened).toEqual([])
    })

    it('shows the open session on "Purchase session already exists"', async () => {
      const { actor, api, clock, settled, registration } = startRegistration()
      await settled()
      // Another tab opened a session meanwhile.
      api.server.registration = {
        ...request,
        paymentStatus: 'pending',
        paymentUrl: 'https://checkout.example/other-tab',
        expiresAt: clock.now() + sessionLifetimeMs,
      }

      actor.send({ type: 'registration.submit', request })
      const snapshot = await settled()

      expect(snapshot.value).toEqual({ pending: 'awaitingPayment' })
      expect(registration()).toMatchObject({
        paymentUrl: 'https://checkout.example/other-tab',
      })
      expect(productKey(snapshot.context.error)).toBe('product.purchaseSessionAlreadyExists')
      expect(api.opened).toEqual([])
    })

    it('keeps the error and retries when the registration cannot be fetched', async () => {
      const { actor, api, settled } = startRegistration({ fetchFails: true })

      const failed = await settled()
      expect(failed.value).toBe('failed')
      expect(failed.context.error).toBeInstanceOf(TypeError)

      api.server.fetchFails = false
      actor.send({ type: 'registration.load' })
      expect((await settled()).value).toBe('notRegistered')
    })
  })
})
