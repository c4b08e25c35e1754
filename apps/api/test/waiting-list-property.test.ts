import { randomUUID } from 'node:crypto'
import { firstEdition, type RegistrationTier, registrationRequestCodec } from '@furfes/core'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import type { Api } from '../src/app.ts'
import { type Database, type Executor, openDatabase, queryRows } from '../src/db/database.ts'
import { HttpError } from '../src/http/errors.ts'
import { createStubPaymentGateway, type StubPaymentGateway } from '../src/payments/stub-gateway.ts'
import { syncTierCapacities } from '../src/services/inventory.ts'
import {
  createTestApi,
  createTestClock,
  databaseKinds,
  emptyTables,
  minutes,
  pwaUrl,
  registrationRequest,
  registrationTables,
  type TestClock,
  useTestDatabase,
} from './support/harness.ts'
import { spotAccounting } from './support/waiting-list.ts'

/*
 * The waiting list under random interleavings (decision 115): members join, leave, register, accept offers,
 * pay, abandon and let checkouts lapse, staff raise capacities, time passes (offers and checkouts expire),
 * staff cancel and refund a paid registration (sometimes by a double click), a refund made in the Stripe
 * Dashboard arrives, and sweeps run. After every step: the counter equals what holds a spot (live registrations
 * plus open offers) and never passes the capacity; offers went out first come, first served; nobody registered
 * past people waiting; no registration was refunded twice. After every sweep: no spot sits free while somebody
 * waits.
 *
 * The operations are a table (`operations`): a new way for spots to come back is one more entry with its
 * arbitrary and its action.
 */

const tiers = ['member', 'fursuiter'] as const satisfies readonly RegistrationTier[]
const memberCount = 6
const hours = (count: number) => count * minutes(60)
const start = Date.parse('2025-03-01T10:00:00+09:00')

/** What an operation may expect to be refused with: an answer the member would see, never a fault. */
const expectedRefusals = new Set([
  'soldOut',
  'purchaseSessionAlreadyExists',
  'purchaseSessionTimedOut',
  'alreadyOnWaitingList',
  'noWaitingListOffer',
  'notFound',
  'registrationNotPaid',
  'alreadyRefunded',
  // The provider refused (a payment this test marked paid without paying the session): staff see it, nothing breaks.
  'refundFailed',
])

async function refusedOr<T>(work: () => Promise<T>): Promise<T | 'refused'> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof HttpError && expectedRefusals.has(error.body.message)) return 'refused'
    throw error
  }
}

interface World {
  /** One API instance per entry (two on one PostgreSQL in the two-instance runs). */
  apis: Api[]
  /** The payment provider both instances talk to: every refund it made, by idempotency key. */
  gateway: StubPaymentGateway
  database: Database
  clock: TestClock
  users: string[]
  capacities: Record<RegistrationTier, number>
}

async function pendingSessionOf(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ checkout_session_id: string | null }>(
    db,
    sql`select checkout_session_id from registrations
        where user_id = ${userId}::uuid and payment_status = 'pending'`,
  )
  return row?.checkout_session_id ?? undefined
}

async function paidOf(db: Executor, userId: string) {
  const [row] = await queryRows<{ registration_id: string; checkout_session_id: string; amount_jpy: number }>(
    db,
    sql`select registration_id, checkout_session_id, amount_jpy from registrations
        where user_id = ${userId}::uuid and payment_status = 'paid'`,
  )
  return row
}

async function someoneWaits(db: Executor, tier: RegistrationTier): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from waiting_list_entries where registration_tier = ${tier} and status = 'waiting' limit 1`,
  )
  return rows.length > 0
}

const user = fc.nat({ max: memberCount - 1 })
const tier = fc.constantFrom(...tiers)

/**
 * Each operation: its arguments, and what it does on instance `api` of the world. `sweeps` marks the ones after
 * which no spot may sit free while somebody waits.
 */
const operations = {
  join: {
    args: fc.tuple(user, tier),
    async run(world: World, api: Api, [who, which]: [number, RegistrationTier]) {
      const { badge_name, t_shirt_size, changing_room_type } = registrationRequest(which, `Waiter ${who}`)
      await refusedOr(() =>
        api.waitingList.join({
          userId: world.users[who] as string,
          registrationTier: which,
          badgeName: badge_name,
          tShirtSize: t_shirt_size,
          changingRoomType: changing_room_type,
          language: 'ja',
        }),
      )
    },
  },
  leave: {
    args: fc.tuple(user),
    async run(world: World, api: Api, [who]: [number]) {
      await refusedOr(() => api.waitingList.leave(world.users[who] as string))
    },
  },
  register: {
    args: fc.tuple(user, tier),
    async run(world: World, api: Api, [who, which]: [number, RegistrationTier], concurrent: boolean) {
      const waitedBefore = await someoneWaits(world.database.db, which)
      const outcome = await refusedOr(() =>
        api.registrations.start({
          userId: world.users[who] as string,
          email: undefined,
          request: registrationRequestCodec.parse(registrationRequest(which, `Member ${who}`)),
        }),
      )
      // A free spot belongs to the people waiting, not to whoever asks (only decidable without a concurrent step).
      if (!concurrent && waitedBefore) expect(outcome).toBe('refused')
    },
  },
  accept: {
    args: fc.tuple(user),
    async run(world: World, api: Api, [who]: [number]) {
      await refusedOr(() =>
        api.registrations.acceptOffer({
          userId: world.users[who] as string,
          email: undefined,
          successUrl: `${pwaUrl}/ja/mypage/dashboard`,
          cancelUrl: `${pwaUrl}/ja/mypage/registration`,
        }),
      )
    },
  },
  pay: {
    args: fc.tuple(user),
    async run(world: World, api: Api, [who]: [number]) {
      const session = await pendingSessionOf(world.database.db, world.users[who] as string)
      if (session === undefined) return
      if (world.gateway.sessions.get(session)?.status === 'open') world.gateway.complete(session)
      const result = await api.registrations.markPaid(session)
      // A payment for a hold that is still pending stands (unless a concurrent step ended the hold meanwhile).
      expect(['paid', 'already_paid', 'refunded_automatically']).toContain(result.outcome)
    },
  },
  /** The checkout session expired at Stripe (its webhook). */
  lapse: {
    args: fc.tuple(user),
    async run(world: World, api: Api, [who]: [number]) {
      const session = await pendingSessionOf(world.database.db, world.users[who] as string)
      if (session !== undefined) await api.registrations.markExpired(session)
    },
  },
  /** The member cancels their checkout. */
  abandon: {
    args: fc.tuple(user),
    async run(world: World, api: Api, [who]: [number]) {
      await refusedOr(() => api.registrations.cancel(world.users[who] as string))
    },
  },
  /** Staff cancel and refund a paid registration by the policy; a double click sends the request twice. */
  staffRefund: {
    args: fc.tuple(user, fc.boolean()),
    async run(world: World, api: Api, [who, twice]: [number, boolean]) {
      const paid = await paidOf(world.database.db, world.users[who] as string)
      if (!paid) return
      const request = {
        registrationId: paid.registration_id,
        amountJpy: undefined,
        reason: undefined,
        clientKey: randomUUID(),
        staffUserId: 'staff',
        beyondPolicyAllowed: true,
      }
      await Promise.all(
        Array.from({ length: twice ? 2 : 1 }, () => refusedOr(() => api.refunds.refundByStaff(request))),
      )
    },
  },
  /** A refund made in the Stripe Dashboard reaches the API as `charge.refunded`. */
  dashboardRefund: {
    args: fc.tuple(user),
    async run(world: World, api: Api, [who]: [number]) {
      const paid = await paidOf(world.database.db, world.users[who] as string)
      if (paid) await api.refunds.providerRefunded(paid.checkout_session_id, paid.amount_jpy)
    },
  },
  raiseCapacity: {
    args: fc.tuple(tier, fc.integer({ min: 1, max: 2 })),
    async run(world: World, _api: Api, [which, by]: [RegistrationTier, number]) {
      world.capacities[which] += by
      await syncTierCapacities(world.database.db, firstEdition.id, world.capacities)
    },
  },
  /** Time passes: past a checkout (31 min), or past an offer (a day). */
  wait: {
    args: fc.tuple(fc.constantFrom(minutes(1), minutes(31), hours(25))),
    async run(world: World, _api: Api, [ms]: [number]) {
      world.clock.advance(ms)
    },
  },
  sweep: {
    args: fc.tuple(fc.constant(0)),
    sweeps: true,
    async run(_world: World, api: Api) {
      await api.registrations.releaseExpired()
    },
  },
} as const

type OperationName = keyof typeof operations
type Step = {
  [Name in OperationName]: { name: Name; args: Parameters<(typeof operations)[Name]['run']>[2] }
}[OperationName]

const step: fc.Arbitrary<Step> = fc.oneof(
  ...(Object.keys(operations) as OperationName[]).map((name) =>
    (operations[name].args as fc.Arbitrary<unknown>).map((args) => ({ name, args }) as Step),
  ),
)

function runStep(world: World, api: Api, { name, args }: Step, concurrent: boolean): Promise<void> {
  const operation = operations[name] as {
    run(world: World, api: Api, args: unknown, concurrent: boolean): Promise<void>
  }
  return operation.run(world, api, args, concurrent)
}

async function checkInvariants(world: World, afterSweep: boolean): Promise<void> {
  const { db } = world.database
  for (const row of await spotAccounting(world.database)) {
    // Holders plus open offers are exactly what the counter holds, and never more than the capacity.
    expect(row.taken, `taken of ${row.tier}`).toBe(row.registrations + row.offers)
    expect(row.taken, `taken of ${row.tier}`).toBeLessThanOrEqual(row.capacity)
    if (afterSweep && row.taken < row.capacity) {
      expect(
        await someoneWaits(db, row.tier as RegistrationTier),
        `${row.tier}: a spot sits free while somebody waits`,
      ).toBe(false)
    }
  }
  // First come, first served: nobody still waiting joined before anybody who got an offer.
  const passedOver = await queryRows<{ entry_id: string }>(
    db,
    sql`select w.entry_id from waiting_list_entries w
        where w.status = 'waiting' and exists (
          select 1 from waiting_list_entries o
          where o.registration_tier = w.registration_tier and o.offered_at is not null
            and o.position > w.position)`,
  )
  expect(passedOver, 'people passed over by an offer').toEqual([])
  // Never refunded twice: one provider refund at most per registration, whoever asked and how often.
  const refundsPerRegistration = new Map<string, number>()
  for (const refund of world.gateway.refunds.values()) {
    const id = refund.request.registrationId
    refundsPerRegistration.set(id, (refundsPerRegistration.get(id) ?? 0) + 1)
  }
  expect(
    [...refundsPerRegistration.values()].filter((count) => count > 1),
    'registrations refunded twice',
  ).toEqual([])
  if (afterSweep) {
    const overdue = await queryRows(
      db,
      sql`select 1 from waiting_list_entries
          where status = 'offered' and offer_expires_at <= ${new Date(world.clock()).toISOString()}::timestamptz`,
    )
    expect(overdue, 'offers past their deadline after a sweep').toEqual([])
  }
}

async function resetWorld(world: World): Promise<void> {
  world.clock.set(start)
  await emptyTables(world.database.db, registrationTables)
  world.capacities = { member: 1, fursuiter: 1, sponsor: 0, sponsor_fursuiter: 0 }
  await syncTierCapacities(world.database.db, firstEdition.id, world.capacities)
  world.users = Array.from({ length: memberCount }, () => randomUUID())
  for (const userId of world.users) {
    await world.database.db.execute(
      sql`insert into users (user_id, email, created_at)
          values (${userId}::uuid, ${`${userId}@example.com`}, ${new Date(start).toISOString()}::timestamptz)`,
    )
  }
}

async function openWorld(database: Database, extra: Database[] = []): Promise<World> {
  const clock = createTestClock(start)
  const overrides = { soldOutCacheMs: 0 }
  const gateway = createStubPaymentGateway({ pwaUrl })
  const apis: Api[] = []
  for (const each of [database, ...extra]) {
    apis.push((await createTestApi(each, { clock, overrides, gateway })).api)
  }
  return {
    apis,
    gateway,
    database,
    clock,
    users: [],
    capacities: { member: 1, fursuiter: 1, sponsor: 0, sponsor_fursuiter: 0 },
  }
}

describe.each(databaseKinds)('waiting list under random interleavings on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('never oversells, offers in order, and leaves no spot free while people wait', async () => {
    const world = await openWorld(database().database)
    const [api] = world.apis
    if (!api) throw new Error('No API instance')
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        await resetWorld(world)
        for (const each of steps) {
          await runStep(world, api, each, false)
          await checkInvariants(world, each.name === 'sweep')
        }
        await api.registrations.releaseExpired()
        await checkInvariants(world, true)
      }),
      { numRuns: kind === 'pglite' ? 25 : 40 },
    )
  })
})

describe('waiting list on two API instances over one PostgreSQL', () => {
  const database = useTestDatabase('postgres')
  const seconds: Database[] = []
  afterAll(async () => {
    for (const each of seconds) await each.close()
  })

  /** A world whose second API instance has a connection pool of its own, as another process would. */
  async function twoInstances() {
    const { url } = database()
    if (!url) throw new Error('No PostgreSQL URL')
    const second = await openDatabase({ kind: 'postgres', url, poolSize: 10 })
    seconds.push(second)
    const world = await openWorld(database().database, [second])
    const [one, two] = world.apis
    if (!one || !two) throw new Error('Two API instances expected')
    return { world, one, two, second }
  }

  it('keeps every invariant with steps running at once on both instances', async () => {
    const { world, one, two } = await twoInstances()
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(step, step), { minLength: 1, maxLength: 25 }), async (pairs) => {
        await resetWorld(world)
        for (const [left, right] of pairs) {
          await Promise.all([runStep(world, one, left, true), runStep(world, two, right, true)])
          await checkInvariants(world, false)
        }
        // Both instances sweep at once: the spots still go out once each, in order.
        await Promise.all([one.registrations.releaseExpired(), two.registrations.releaseExpired()])
        await checkInvariants(world, true)
      }),
      { numRuns: 40 },
    )
  })

  it('hands many returned spots to many people waiting, once each and in order, with both instances at it', async () => {
    const { world, one, two, second } = await twoInstances()
    await resetWorld(world)
    world.users = Array.from({ length: 40 }, () => randomUUID())
    for (const userId of world.users) {
      await world.database.db.execute(
        sql`insert into users (user_id, email, created_at)
            values (${userId}::uuid, ${`${userId}@example.com`}, ${new Date(start).toISOString()}::timestamptz)`,
      )
    }
    // The tier sold out to one member; 30 join its list, half through each instance, at once.
    await operations.register.run(world, one, [0, 'member'], true)
    await Promise.all(
      world.users
        .slice(1, 31)
        .map((_, index) => operations.join.run(world, index % 2 === 0 ? one : two, [index + 1, 'member'])),
    )
    // Capacity rises by 12 and both instances offer at the same moment, repeatedly.
    world.capacities.member += 12
    await syncTierCapacities(world.database.db, firstEdition.id, world.capacities)
    await Promise.all([
      one.registrations.releaseExpired(),
      two.registrations.releaseExpired(),
      one.waitingList.offerReturnedSpots(world.database.db, 'member'),
      two.waitingList.offerReturnedSpots(second.db, 'member'),
    ])
    await checkInvariants(world, true)
    const offered = await queryRows<{ position: string }>(
      world.database.db,
      sql`select position from waiting_list_entries where status = 'offered' order by position`,
    )
    const all = await queryRows<{ position: string }>(
      world.database.db,
      sql`select position from waiting_list_entries order by position limit 12`,
    )
    expect(offered.map((row) => Number(row.position))).toEqual(all.map((row) => Number(row.position)))
    const mails = await queryRows<{ n: number }>(
      world.database.db,
      sql`select count(*)::int as n from mail_outbox where kind = 'waiting_list_offer'`,
    )
    expect(Number(mails[0]?.n)).toBe(12)
  })
})
