import { randomUUID } from 'node:crypto'
import { firstEdition, type RegistrationTier, registrationRequestCodec } from '@furfes/core'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Api } from '../src/app.ts'
import { type Database, queryRows } from '../src/db/database.ts'
import { HttpError } from '../src/http/errors.ts'
import type { PaymentGateway } from '../src/payments/gateway.ts'
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

/*
 * The money under random interleavings (decision 141): members register, pay (the payment event delivered at
 * once, or failing and retried later by Stripe, possibly after everything else), replay payment events, let
 * sessions expire at Stripe, cancel, read their registration late; staff refund (the policy's amount or in
 * full); refunds made in the Stripe Dashboard, before or after the payment event; Stripe's refund events,
 * repeated; Stripe goes down and comes back; time passes and sweeps run; and one of two API instances dies in
 * the middle of an operation, right after Stripe answered it (nothing it would have done next happens).
 *
 * After every step: no registration that was canceled or refunded becomes paid (an expired hold may, when a
 * spot is free: decision 032), and no session is refunded more than it was paid. After every run, once Stripe
 * has delivered every event and the sweeps ran: every captured payment is kept by a paid registration that
 * kept all of it, or refunded in full, or refunded as staff decided (the refund recorded on its registration).
 */

const tiers = ['member', 'fursuiter'] as const satisfies readonly RegistrationTier[]
const memberCount = 3
const start = Date.parse('2025-03-01T10:00:00+09:00')

/** What an operation may be refused with: an answer the member or staff would see, never a fault. */
const expectedRefusals = new Set([
  'soldOut',
  'purchaseSessionAlreadyExists',
  'purchaseSessionTimedOut',
  'highTraffic',
  'notFound',
  'registrationNotPaid',
  'alreadyRefunded',
  'refundFailed',
])

async function refusedOr(work: () => Promise<unknown>): Promise<void> {
  try {
    await work()
  } catch (error) {
    if (error instanceof HttpError && expectedRefusals.has(error.body.message)) return
    throw error
  }
}

/** An instance's death: armed, the next provider call is made and its answer never comes back to the API. */
interface Crash {
  armed: boolean
  happened: () => void
}

/** What a dropped instance waits for: nothing after it runs. */
const dropped = new Promise<never>(() => {})

interface World {
  database: Database
  clock: TestClock
  /** Stripe as both instances see it; a fresh one per run. */
  stub: StubPaymentGateway
  /** Two API instances over one database; a dead one takes no more steps this run. */
  apis: Api[]
  alive: boolean[]
  crash: Crash
  users: string[]
  /** Checkout sessions paid at Stripe whose `checkout.session.completed` has not been answered 2xx yet. */
  undelivered: Set<string>
  /** Every session paid at Stripe: its event may be delivered again (a replay) at any time. */
  paidSessions: string[]
  /** Registrations seen canceled or refunded. */
  ended: Set<string>
}

/** The gateway instance `index` talks through: the run's Stripe, with the crash of instance 0 armed by a step. */
function gatewayOf(world: () => World, index: number): PaymentGateway {
  const afterProvider =
    <A extends unknown[], R>(call: (stub: StubPaymentGateway) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const answer = await call(world().stub)(...args)
      const { crash } = world()
      if (index !== 0 || !crash.armed) return answer
      crash.armed = false
      crash.happened()
      return dropped
    }
  return {
    minimumSessionMs: 0,
    createCheckoutSession: afterProvider((stub) => stub.createCheckoutSession),
    paymentDetails: (sessionId) => world().stub.paymentDetails(sessionId),
    expireCheckoutSession: afterProvider((stub) => stub.expireCheckoutSession),
    verifyWebhook: (body, signature, at) => world().stub.verifyWebhook(body, signature, at),
    refund: afterProvider((stub) => stub.refund),
    checkoutSessionOfPayment: (paymentId) => world().stub.checkoutSessionOfPayment(paymentId),
  }
}

interface SessionRow {
  registration_id: string
  checkout_session_id: string
  payment_status: string
  amount_jpy: number
  paid_at: string | null
}

/** The `which`-th registration with a checkout session (round), oldest first. */
async function registrationAt(world: World, which: number): Promise<SessionRow | undefined> {
  const rows = await queryRows<SessionRow>(
    world.database.db,
    sql`select registration_id, checkout_session_id, payment_status, amount_jpy, paid_at from registrations
        where checkout_session_id is not null order by created_at`,
  )
  return rows[which % Math.max(rows.length, 1)]
}

/** Yen Stripe refunded of each session, whoever asked. */
function refundedAtStripe(world: World): Map<string, number> {
  const refunded = new Map<string, number>()
  for (const refund of world.stub.refunds.values()) {
    const session = refund.request.checkoutSessionId
    refunded.set(session, (refunded.get(session) ?? 0) + refund.amountJpy)
  }
  return refunded
}

/** Stripe delivers a payment event; answered, it is not delivered again unless replayed. */
async function deliverPayment(world: World, api: Api, sessionId: string): Promise<void> {
  await api.registrations.markPaid(sessionId)
  world.undelivered.delete(sessionId)
}

/** Stripe's `charge.refunded` for a session: the total refunded of its payment so far. */
async function deliverRefund(world: World, api: Api, sessionId: string): Promise<void> {
  const total = refundedAtStripe(world).get(sessionId)
  if (total !== undefined) await api.refunds.providerRefunded(sessionId, total)
}

const user = fc.nat({ max: memberCount - 1 })
const pick = fc.nat({ max: 7 })

/** Each operation: its arguments, and what it does on instance `api`. */
const operations = {
  register: {
    args: fc.tuple(user, fc.constantFrom(...tiers)),
    async run(world: World, api: Api, [who, tier]: [number, RegistrationTier]) {
      await refusedOr(() =>
        api.registrations.start({
          userId: world.users[who] as string,
          email: undefined,
          request: registrationRequestCodec.parse(registrationRequest(tier, `Member ${who}`)),
        }),
      )
    },
  },
  /** A member pays a session still open at Stripe; its event arrives now, or fails and waits. */
  pay: {
    args: fc.tuple(pick, fc.boolean()),
    async run(world: World, api: Api, [which, deliverNow]: [number, boolean]) {
      const row = await registrationAt(world, which)
      const session = row && world.stub.sessions.get(row.checkout_session_id)
      if (session?.status !== 'open') return
      world.stub.complete(session.sessionId)
      world.undelivered.add(session.sessionId)
      world.paidSessions.push(session.sessionId)
      if (deliverNow) await deliverPayment(world, api, session.sessionId)
    },
  },
  /** Stripe delivers (again, or for the first time after failures) the event of a paid session. */
  replayPayment: {
    args: fc.tuple(pick),
    async run(world: World, api: Api, [which]: [number]) {
      const session = world.paidSessions[which % Math.max(world.paidSessions.length, 1)]
      if (session !== undefined) await deliverPayment(world, api, session)
    },
  },
  /** A session's time runs out at Stripe and its `checkout.session.expired` arrives. */
  expireAtStripe: {
    args: fc.tuple(pick),
    async run(world: World, api: Api, [which]: [number]) {
      const row = await registrationAt(world, which)
      const session = row && world.stub.sessions.get(row.checkout_session_id)
      if (session?.status !== 'open') return
      session.status = 'expired'
      await api.registrations.markExpired(session.sessionId)
    },
  },
  cancel: {
    args: fc.tuple(user),
    async run(world: World, api: Api, [who]: [number]) {
      await refusedOr(() => api.registrations.cancel(world.users[who] as string))
    },
  },
  /** The member opens My Page: a pending registration past its time is settled with Stripe. */
  read: {
    args: fc.tuple(user),
    async run(world: World, api: Api, [who]: [number]) {
      await api.registrations.current(world.users[who] as string)
    },
  },
  /** Staff refund a paid registration: the policy's amount, or all of it with a reason. */
  staffRefund: {
    args: fc.tuple(pick, fc.boolean()),
    async run(world: World, api: Api, [which, inFull]: [number, boolean]) {
      const paid = await registrationAt(world, which)
      if (paid?.payment_status !== 'paid') return
      await refusedOr(() =>
        api.refunds.refundByStaff({
          registrationId: paid.registration_id,
          amountJpy: inFull ? paid.amount_jpy : undefined,
          reason: inFull ? 'Goodwill' : undefined,
          clientKey: randomUUID(),
          staffUserId: 'staff',
          beyondPolicyAllowed: true,
        }),
      )
    },
  },
  /** Somebody refunds the rest of a captured payment in the Stripe Dashboard; its event may come later. */
  dashboardRefund: {
    args: fc.tuple(pick, fc.boolean()),
    async run(world: World, api: Api, [which, deliverNow]: [number, boolean]) {
      const session = world.paidSessions[which % Math.max(world.paidSessions.length, 1)]
      const paid = session === undefined ? undefined : world.stub.sessions.get(session)
      if (paid?.status !== 'complete') return
      const left = paid.request.amountJpy - (refundedAtStripe(world).get(paid.sessionId) ?? 0)
      if (left <= 0) return
      try {
        await world.stub.refund({
          registrationId: 'dashboard',
          checkoutSessionId: paid.sessionId,
          amountJpy: left,
          idempotencyKey: `dashboard-${paid.sessionId}`,
          metadata: {},
        })
      } catch (error) {
        // Stripe is down: the dashboard refunds nothing.
        expect(String(error)).toContain('unreachable')
        return
      }
      if (deliverNow) await deliverRefund(world, api, paid.sessionId)
    },
  },
  /** Stripe delivers (again) the `charge.refunded` of a refunded session. */
  refundEvent: {
    args: fc.tuple(pick),
    async run(world: World, api: Api, [which]: [number]) {
      const refunded = [...refundedAtStripe(world).keys()]
      const session = refunded[which % Math.max(refunded.length, 1)]
      if (session !== undefined) await deliverRefund(world, api, session)
    },
  },
  outage: {
    args: fc.tuple(fc.boolean()),
    async run(world: World, _api: Api, [down]: [boolean]) {
      world.stub.setDown(down)
    },
  },
  wait: {
    args: fc.tuple(fc.constantFrom(minutes(1), minutes(31))),
    async run(world: World, _api: Api, [ms]: [number]) {
      world.clock.advance(ms)
    },
  },
  sweep: {
    args: fc.tuple(fc.constant(0)),
    async run(_world: World, api: Api, _args: [number]) {
      await api.registrations.releaseExpired()
    },
  },
} as const

type OperationName = keyof typeof operations
type Step = {
  [Name in OperationName]: {
    name: Name
    args: Parameters<(typeof operations)[Name]['run']>[2]
    /** The instance that takes the step (if it is alive), and whether it dies at its first call to Stripe. */
    instance: 0 | 1
    crash: boolean
  }
}[OperationName]

/** How often each operation comes up: the money's paths more than the rest. */
const weights: Record<OperationName, number> = {
  register: 3,
  pay: 4,
  replayPayment: 3,
  expireAtStripe: 1,
  cancel: 2,
  read: 1,
  staffRefund: 3,
  dashboardRefund: 2,
  refundEvent: 2,
  outage: 2,
  wait: 2,
  sweep: 2,
}

const step: fc.Arbitrary<Step> = fc.oneof(
  ...(Object.keys(operations) as OperationName[]).map((name) => ({
    weight: weights[name],
    arbitrary: fc
      .record({
        args: operations[name].args as fc.Arbitrary<unknown>,
        instance: fc.constantFrom(0 as const, 1 as const),
        crash: fc.nat({ max: 5 }).map((n) => n === 0),
      })
      .map(({ args, instance, crash }) => ({ name, args, instance, crash }) as Step),
  })),
)

/** A step written out by hand, on instance 0. */
const by = <Name extends OperationName>(
  name: Name,
  args: Parameters<(typeof operations)[Name]['run']>[2],
  crash = false,
): Step => ({ name, args, instance: 0, crash }) as Step

/** The repros this property grew from, run first on every database before the random runs. */
const examples: Step[][] = [
  // Stripe's retry of a payment event arrives after staff refunded the registration.
  [
    by('register', [0, 'member']),
    by('pay', [0, true]),
    by('staffRefund', [0, true]),
    by('replayPayment', [0]),
  ],
  // The money went back in the Stripe Dashboard before the payment event arrived.
  [
    by('register', [0, 'member']),
    by('pay', [0, false]),
    by('dashboardRefund', [0, true]),
    by('replayPayment', [0]),
  ],
  // The sweep ends a hold while Stripe is down, someone else takes the spot, then the first member pays.
  [
    by('register', [0, 'member']),
    by('outage', [true]),
    by('wait', [minutes(31)]),
    by('sweep', [0]),
    by('outage', [false]),
    by('register', [1, 'member']),
    by('pay', [0, true]),
  ],
  // The instance dies right after Stripe made a staff refund, before it recorded it.
  [by('register', [0, 'member']), by('pay', [0, true]), by('staffRefund', [0, false], true)],
]

/** A live instance: the one the step asks for, else the other. */
function instanceFor(world: World, wanted: 0 | 1): { api: Api; index: 0 | 1 } {
  const index = world.alive[wanted] ? wanted : ((1 - wanted) as 0 | 1)
  const api = world.apis[index]
  if (!api) throw new Error('No API instance')
  return { api, index }
}

async function runStep(world: World, each: Step): Promise<void> {
  const { api, index } = instanceFor(world, each.instance)
  const operation = operations[each.name] as { run(world: World, api: Api, args: unknown): Promise<void> }
  if (!(each.crash && index === 0)) {
    await operation.run(world, api, each.args)
    return
  }
  // Instance 0 dies at its first call to Stripe in this step: the step ends there, and it takes no more.
  const died = new Promise<void>((resolve) => {
    world.crash = { armed: true, happened: resolve }
  })
  await Promise.race([operation.run(world, api, each.args), died])
  if (!world.crash.armed) world.alive[0] = false
  world.crash.armed = false
}

async function stored(world: World) {
  return queryRows<SessionRow>(
    world.database.db,
    sql`select registration_id, checkout_session_id, payment_status, amount_jpy, paid_at from registrations`,
  )
}

/** After every step. */
async function checkStep(world: World): Promise<void> {
  for (const row of await stored(world)) {
    if (world.ended.has(row.registration_id)) {
      expect(row.payment_status, `${row.registration_id} ended, then`).not.toBe('paid')
    }
    if (row.payment_status === 'canceled') world.ended.add(row.registration_id)
  }
  for (const [session, refunded] of refundedAtStripe(world)) {
    const paid = world.stub.sessions.get(session)
    expect(refunded, `refunds of ${session}`).toBeLessThanOrEqual(paid?.request.amountJpy ?? 0)
  }
}

/** After a run: Stripe delivers what it still owes, time passes, the sweeps run; then the money adds up. */
async function settleAndCheck(world: World): Promise<void> {
  const { api } = instanceFor(world, 1)
  world.stub.setDown(false)
  for (const session of world.undelivered) await deliverPayment(world, api, session)
  world.clock.advance(minutes(31))
  await api.registrations.releaseExpired()
  for (const session of refundedAtStripe(world).keys()) await deliverRefund(world, api, session)
  await api.registrations.releaseExpired()
  for (const session of refundedAtStripe(world).keys()) await deliverRefund(world, api, session)
  await checkStep(world)

  const rows = new Map((await stored(world)).map((row) => [row.checkout_session_id, row]))
  const recorded = new Map(
    (
      await queryRows<{ registration_id: string; amount_jpy: number }>(
        world.database.db,
        sql`select registration_id, amount_jpy from registration_refunds`,
      )
    ).map((row) => [row.registration_id, row.amount_jpy]),
  )
  const refunded = refundedAtStripe(world)
  for (const session of world.stub.sessions.values()) {
    if (session.status !== 'complete') continue
    const row = rows.get(session.sessionId)
    const back = refunded.get(session.sessionId) ?? 0
    const fee = session.request.amountJpy
    if (row?.payment_status === 'paid') {
      expect(back, `a paid registration's payment (${session.sessionId}) was refunded`).toBe(0)
      continue
    }
    const asStaffDecided = row !== undefined && recorded.get(row.registration_id) === back
    expect(
      back === fee || asStaffDecided,
      `payment of ${session.sessionId} (${row?.payment_status}): ${back} of ${fee} yen back`,
    ).toBe(true)
  }
  const owed = await queryRows(
    world.database.db,
    sql`select 1 from automatic_refunds where status <> 'refunded'`,
  )
  expect(owed, 'automatic refunds not made').toEqual([])
}

async function resetWorld(world: World): Promise<void> {
  world.clock.set(start)
  world.stub = createStubPaymentGateway({ pwaUrl })
  world.alive = [true, true]
  world.crash = { armed: false, happened: () => {} }
  world.undelivered = new Set()
  world.paidSessions = []
  world.ended = new Set()
  await emptyTables(world.database.db, [
    ...registrationTables,
    'event_cancellation_runs',
    'payment_webhook_events',
  ])
  await syncTierCapacities(world.database.db, firstEdition.id, {
    member: 1,
    fursuiter: 1,
    sponsor: 0,
    sponsor_fursuiter: 0,
  })
  world.users = Array.from({ length: memberCount }, () => randomUUID())
  for (const userId of world.users) {
    await world.database.db.execute(
      sql`insert into users (user_id, email, created_at)
          values (${userId}::uuid, ${`${userId}@example.com`}, ${new Date(start).toISOString()}::timestamptz)`,
    )
  }
}

describe.each(databaseKinds)('money under random interleavings on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('never makes an ended registration paid, and keeps or refunds every payment in full', async () => {
    const clock = createTestClock(start)
    const world: World = {
      database: database().database,
      clock,
      stub: createStubPaymentGateway({ pwaUrl }),
      apis: [],
      alive: [true, true],
      crash: { armed: false, happened: () => {} },
      users: [],
      undelivered: new Set(),
      paidSessions: [],
      ended: new Set(),
    }
    for (const index of [0, 1]) {
      const sut = await createTestApi(world.database, {
        clock,
        overrides: { soldOutCacheMs: 0, paymentGateway: gatewayOf(() => world, index) },
      })
      world.apis.push(sut.api)
    }
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        await resetWorld(world)
        for (const each of steps) {
          await runStep(world, each)
          await checkStep(world)
        }
        await settleAndCheck(world)
      }),
      { numRuns: 15, examples: examples.map((steps) => [steps]) },
    )
    // A few seconds on an idle machine; the bound leaves room for a loaded one.
  }, 60_000)
})
