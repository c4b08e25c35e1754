import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { firstEdition, type RegistrationTier, type TierChangeQuoteWire } from '@furfes/core'
import { createApp } from '@furfes/stripe-emulator/src/app.ts'
import type { Emulator } from '@furfes/stripe-emulator/src/emulator.ts'
import type { RefundRecord } from '@furfes/stripe-emulator/src/refunds.ts'
import { amountTotal, hostedPagePath, type SessionRecord } from '@furfes/stripe-emulator/src/session.ts'
import { type PostWebhook, signatureHeader } from '@furfes/stripe-emulator/src/webhooks.ts'
import { getRequestListener } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase, queryRows } from '../src/db/database.ts'
import { createMemoryLogger } from '../src/logger.ts'
import { paymentWebhookPath } from '../src/payments/webhooks.ts'
import { syncTierCapacities } from '../src/services/inventory.ts'
import { deviceRecord } from './support/check-ins.ts'
import {
  createFakeIdentity,
  createTestApi,
  databaseKinds,
  emptyTables,
  listen,
  pwaUrl,
  readResponse,
  registrationRequest,
  registrationTables,
  requestInit,
  type TestApi,
  type TestResponse,
  useTestDatabase,
} from './support/harness.ts'
import { bind, closeServer } from './support/http.ts'
import {
  createEmulator,
  createSharedTime,
  emulatedStripeGateway,
  payOnHostedPage,
  postWebhook,
  type SharedTime,
  stripeSecretKey,
  stripeWebhookSecret,
  testCards,
} from './support/payments.ts'
import { spotAccounting } from './support/waiting-list.ts'

/*
 * Money and the door under random interleavings (decisions 032, 111, 115, 165, 166, 167): a few participants
 * register and pay on the Stripe emulator's hosted page (its webhook reaching either API instance), change
 * their details, move down a tier, move up one paying the difference on the hosted page (or let its session
 * expire), cancel, join the waiting list and take an offer; staff refund (the policy's
 * amount, all of it, or part of it); Stripe's events are delivered again; two door devices check people in.
 * Each round's operations go at once over real HTTP to either of two API instances on one database; in a slow
 * round Stripe holds the refunds until the round's other requests are in.
 *
 * After every round the spot count is exact. After every run, once Stripe has delivered every event: each
 * registration got back at Stripe exactly what its records say and was charged its fee once; no intent was
 * charged or refunded twice (a registration's own payment and each upgrade's are separate intents), refunds per
 * registration across both payments never pass what it paid; every refund has its record and its audit entry; a canceled code is refused at the
 * door; and nobody checked in was canceled by their own hand.
 */

const tiers = ['member', 'fursuiter', 'sponsor'] as const satisfies readonly RegistrationTier[]
const capacities: Record<RegistrationTier, number> = {
  member: 1,
  fursuiter: 1,
  sponsor: 1,
  sponsor_fursuiter: 0,
}
const participantCount = 3

/** Two API instances on one database with one Stripe emulator, each on a loopback port. */
interface Stack {
  time: SharedTime
  instances: { sut: TestApi; url: string; logger: ReturnType<typeof createMemoryLogger> }[]
  stripeUrl: string
  /** This run's Stripe account (a fresh one per run) and what it holds. */
  readonly emulator: Emulator
  readonly stripe: { sessions: SessionRecord[]; refunds: RefundRecord[] }
  /**
   * While set, a refund request of a cancel, staff refund or downgrade (its idempotency key names the attempt or
   * the change) reaches Stripe only once `opened` resolves; `refundArrived` is called as such a request comes in.
   */
  refundGate: { opened: Promise<void>; refundArrived(): void } | undefined
  /** A new Stripe account for the next run; the previous one stops. */
  resetStripe(): Promise<void>
  close(): Promise<void>
}

async function startStack(databases: Database[]): Promise<Stack> {
  const time = createSharedTime()
  const identity = createFakeIdentity()
  const stripeServer = createServer()
  const stripeUrl = await bind(stripeServer)
  const instances: Stack['instances'] = []
  const servers: { close(): Promise<void> }[] = []
  for (const database of databases) {
    const logger = createMemoryLogger()
    const sut = await createTestApi(database, {
      capacities,
      clock: time.clock,
      identity,
      logger,
      overrides: {
        // The SDK retries once, as in production: a request meeting another with its idempotency key still
        // going through at Stripe (a double click on two instances) is answered 409 and retried.
        paymentGateway: emulatedStripeGateway(stripeUrl, time, logger, 1),
        // The edition's hold, as in production; a sold-out answer is never served from memory here.
        checkoutSessionMs: undefined,
        soldOutCacheMs: 0,
      },
    })
    const server = await listen(sut.api)
    servers.push(server)
    instances.push({ sut, url: server.url, logger })
  }
  // Stripe's deliveries alternate between the instances, as the load balancer spreads them.
  let turn = 0
  const post: PostWebhook = async (_url, body, headers) => {
    const target = instances[turn++ % instances.length]?.url
    const response = await fetch(`${target}${paymentWebhookPath}`, {
      method: 'POST',
      body,
      headers,
      redirect: 'manual',
    })
    await response.body?.cancel()
    return { status: response.status }
  }
  let records: Stack['stripe'] = { sessions: [], refunds: [] }
  /** A fresh Stripe account, its records kept as it saves them, its deliveries alternating between instances. */
  const openAccount = () => {
    records = { sessions: [], refunds: [] }
    turn = 0
    const emulator = createEmulator(stripeUrl, time, {
      webhookUrl: `${instances[0]?.url}${paymentWebhookPath}`,
      retryDelaysMs: Array.from({ length: 10 }, () => 1000),
      post,
      store: {
        load: () => null,
        save: (state) => {
          records = { sessions: state.sessions, refunds: state.refunds }
        },
      },
    })
    emulator.start()
    return { emulator, answer: getRequestListener(createApp(emulator).fetch) }
  }
  let account = openAccount()
  const stack: Stack = {
    time,
    instances,
    stripeUrl,
    get emulator() {
      return account.emulator
    },
    get stripe() {
      return records
    },
    refundGate: undefined,
    async resetStripe() {
      account.emulator.stop()
      await account.emulator.settled()
      account = openAccount()
    },
    async close() {
      account.emulator.stop()
      await account.emulator.settled()
      await closeServer(stripeServer)
      for (const server of servers) await server.close()
    },
  }
  stripeServer.on('request', async (request, response) => {
    const gate = stack.refundGate
    const key = String(request.headers['idempotency-key'] ?? '')
    // The keys of refund attempts (refundProviderKey) and downgrades (tierChangeRefundKey); a late payment's
    // automatic refund is never held.
    if (gate && request.method === 'POST' && /^(registration|tier-change)-refund-/.test(key)) {
      gate.refundArrived()
      await gate.opened
    }
    account.answer(request, response)
  })
  return stack
}

interface Participant {
  userId: string
  token: string
}

interface World {
  stack: Stack
  database: Database
  participants: Participant[]
  staffToken: string
  devices: { id: string; name: string }[]
  /** What the API answered 200 to: the refunds it said it made, per registration. */
  confirmedRefunds: { registrationId: string; amountJpy: number; source: 'staff' | 'participant' }[]
}

type Instance = 0 | 1

/** What a request may be answered: a status, and for refusals the catalogue keys a person may be shown. */
type Allowed = Record<number, readonly string[] | true>

function expectAnswer(world: World, answer: TestResponse, allowed: Allowed, what: string): void {
  const rule = allowed[answer.status]
  const message = (answer.body as { message?: string } | undefined)?.message
  const ok = rule === true || (rule !== undefined && message !== undefined && rule.includes(message))
  // What went wrong inside the instances tells more than the answer.
  const logged = world.stack.instances.flatMap(({ logger }) =>
    logger.records.filter((record) => record.level === 'error' || record.level === 'warn'),
  )
  expect(
    ok,
    `${what} answered ${answer.status} ${JSON.stringify(answer.body)}; logged ${JSON.stringify(logged)}`,
  ).toBe(true)
}

async function send(
  world: World,
  on: Instance,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<TestResponse> {
  const base = world.stack.instances[on]?.url ?? world.stack.instances[0]?.url
  const answer = fetch(`${base}${path}`, requestInit(method, { token, body })).then(readResponse)
  return slowRound.getStore()?.moneyRequest(answer) ?? answer
}

interface RegistrationRow {
  registration_id: string
  user_id: string
  registration_tier: RegistrationTier
  payment_status: string
  amount_jpy: number
  checkout_session_id: string | null
}

/** The participant's live registration (pending or paid), else their latest one. */
async function registrationOf(world: World, who: number): Promise<RegistrationRow | undefined> {
  const [row] = await queryRows<RegistrationRow>(
    world.database.db,
    sql`select registration_id, user_id, registration_tier, payment_status, amount_jpy, checkout_session_id
        from registrations where user_id = ${world.participants[who]?.userId}::uuid
        order by (payment_status in ('pending', 'paid')) desc, created_at desc limit 1`,
  )
  return row
}

const who = fc.nat({ max: participantCount - 1 })
/**
 * One of the participants who have registered, or joined a waiting list (the `which`-th, round): where
 * payments, refunds, the door and offers act, so that a short run reaches them.
 */
const registered = fc.nat({ max: 7 })

async function registeredParticipant(
  world: World,
  which: number,
  from: 'registrations' | 'waiting_list_entries' = 'registrations',
): Promise<number | undefined> {
  const rows = await queryRows<{ user_id: string }>(
    world.database.db,
    sql`select distinct user_id from ${sql.identifier(from)}`,
  )
  const users = new Set(rows.map((row) => row.user_id))
  const indices = world.participants.flatMap((participant, index) =>
    users.has(participant.userId) ? [index] : [],
  )
  return indices[which % Math.max(indices.length, 1)]
}

/** The participant pays their open session on Stripe's hosted page; Stripe's webhook follows on its own. */
async function payOnStripe(world: World, who: number): Promise<void> {
  const row = await registrationOf(world, who)
  if (row?.payment_status !== 'pending' || row.checkout_session_id === null) return
  const paid = await payOnHostedPage(`${world.stack.stripeUrl}${hostedPagePath(row.checkout_session_id)}`, {
    card_number: testCards.succeeds,
  })
  // Paid (a redirect to the PWA), or the session was no longer open (paid in another tab, expired).
  expect([303, 409], `paying ${row.checkout_session_id}`).toContain(paid.status)
}
/** The Checkout session of the participant's upgrade awaiting its payment (decision 169), if any. */
async function upgradeSessionOf(world: World, who: number): Promise<string | undefined> {
  const row = await registrationOf(world, who)
  if (!row) return undefined
  const [change] = await queryRows<{ checkout_session_id: string | null }>(
    world.database.db,
    sql`select checkout_session_id from tier_changes
        where registration_id = ${row.registration_id}::uuid and status = 'awaiting_payment'`,
  )
  return change?.checkout_session_id ?? undefined
}

const on = fc.constantFrom<Instance>(0, 1)
const tier = fc.constantFrom(...tiers)

const operations = {
  /** POST /registration: a spot and a Checkout session, or a refusal; mostly paid at once on the hosted page. */
  register: {
    args: fc.record({ who, on, tier, pays: fc.constantFrom(true, true, true, false) }),
    async run(world: World, args: { who: number; on: Instance; tier: RegistrationTier; pays: boolean }) {
      const participant = world.participants[args.who] as Participant
      const answer = await send(
        world,
        args.on,
        'POST',
        '/registration',
        participant.token,
        registrationRequest(args.tier, `Fox ${args.who}`),
      )
      expectAnswer(world, answer, { 201: true, 409: ['soldOut', 'purchaseSessionAlreadyExists'] }, 'register')
      if (answer.status === 201 && args.pays) await payOnStripe(world, args.who)
    },
  },
  /** The participant pays their open session on Stripe's hosted page (later, or again). */
  pay: {
    args: fc.record({ which: registered }),
    async run(world: World, args: { which: number }) {
      const who = await registeredParticipant(world, args.which)
      if (who !== undefined) await payOnStripe(world, who)
    },
  },
  /** PUT /registration/details: a new badge name in the same tier. */
  change: {
    args: fc.record({ which: registered, on }),
    async run(world: World, args: { which: number; on: Instance }) {
      const who = await registeredParticipant(world, args.which)
      if (who === undefined) return
      const row = await registrationOf(world, who)
      const {
        success_url: _,
        cancel_url: __,
        agreed_to_rules: ___,
        ...fields
      } = registrationRequest(row?.registration_tier ?? 'member', `Renamed ${randomUUID().slice(0, 6)}`)
      const answer = await send(
        world,
        args.on,
        'PUT',
        '/registration/details',
        (world.participants[who] as Participant).token,
        fields,
      )
      expectAnswer(world, answer, { 200: true, 404: ['notFound'], 409: ['detailsChangeNotPaid'] }, 'change')
    },
  },
  /** The participant reads today's refund and confirms it: once, by a double click, or in two tabs. */
  cancel: {
    args: fc.record({ which: registered, on, clicks: fc.constantFrom('once', 'double', 'tabs') }),
    async run(world: World, args: { which: number; on: Instance; clicks: 'once' | 'double' | 'tabs' }) {
      const who = await registeredParticipant(world, args.which)
      if (who === undefined) return
      const { token } = world.participants[who] as Participant
      const quote = await send(world, args.on, 'GET', '/registration/cancellation', token)
      expectAnswer(world, quote, { 200: true, 404: ['notFound'] }, 'cancellation quote')
      if (quote.status !== 200) return
      const { policy_refund_jpy, registration_id } = quote.body as {
        policy_refund_jpy: number
        registration_id: string
      }
      const key = randomUUID()
      const keys =
        args.clicks === 'once' ? [key] : args.clicks === 'double' ? [key, key] : [key, randomUUID()]
      const answers = await Promise.all(
        keys.map((each, index) =>
          send(world, ((args.on + index) % 2) as Instance, 'POST', '/registration/cancellation', token, {
            idempotency_key: each,
            refund_jpy: policy_refund_jpy,
          }),
        ),
      )
      for (const answer of answers) {
        expectAnswer(
          world,
          answer,
          {
            200: true,
            // refundAmountChanged: a downgrade decided first changed the fee the quote was read against.
            409: ['alreadyRefunded', 'registrationNotPaid', 'alreadyCheckedIn', 'refundAmountChanged'],
          },
          'cancel',
        )
      }
      if (answers.some((answer) => answer.status === 200)) {
        world.confirmedRefunds.push({
          registrationId: registration_id,
          amountJpy: policy_refund_jpy,
          source: 'participant',
        })
      }
    },
  },
  /** Staff refund at the reception: the policy's amount, all of it, or part of it; sometimes by a double click. */
  staffRefund: {
    args: fc.record({
      which: registered,
      on,
      amount: fc.constantFrom('policy', 'full', 'partial'),
      twice: fc.boolean(),
    }),
    async run(
      world: World,
      args: { which: number; on: Instance; amount: 'policy' | 'full' | 'partial'; twice: boolean },
    ) {
      const who = await registeredParticipant(world, args.which)
      if (who === undefined) return
      const row = await registrationOf(world, who)
      if (!row) return
      const amountJpy = { policy: undefined, full: row.amount_jpy, partial: 1000 }[args.amount]
      const body = {
        idempotency_key: randomUUID(),
        ...(amountJpy === undefined ? {} : { amount_jpy: amountJpy, reason: `Staff gave ${args.amount}` }),
      }
      const answers = await Promise.all(
        Array.from({ length: args.twice ? 2 : 1 }, (_, index) =>
          send(
            world,
            ((args.on + index) % 2) as Instance,
            'POST',
            `/admin/registrations/${row.registration_id}/refund`,
            world.staffToken,
            body,
          ),
        ),
      )
      for (const answer of answers) {
        expectAnswer(
          world,
          answer,
          { 200: true, 409: ['alreadyRefunded', 'registrationNotPaid', 'refundAmountChanged'] },
          'staff refund',
        )
      }
      const made = answers.find((answer) => answer.status === 200)?.body as { amount_jpy: number } | undefined
      if (made) {
        world.confirmedRefunds.push({
          registrationId: row.registration_id,
          amountJpy: made.amount_jpy,
          source: 'staff',
        })
      }
    },
  },
  /**
   * The participant moves to a tier without a changing room (decision 167) at the quoted amount: once, by a
   * double click, or in two tabs. An upgrade answers its Checkout page and waits for its payment (decision 169).
   */
  tierChange: {
    args: fc.record({
      which: registered,
      on,
      to: fc.constantFrom<RegistrationTier>('member', 'sponsor'),
      clicks: fc.constantFrom('once', 'double', 'tabs'),
    }),
    async run(
      world: World,
      args: { which: number; on: Instance; to: RegistrationTier; clicks: 'once' | 'double' | 'tabs' },
    ) {
      const who = await registeredParticipant(world, args.which)
      if (who === undefined) return
      const { token } = world.participants[who] as Participant
      const quote = await send(world, args.on, 'GET', '/registration/tier-change', token)
      expectAnswer(world, quote, { 200: true, 404: ['notFound'], 409: ['registrationNotPaid'] }, 'tier quote')
      if (quote.status !== 200) return
      const target = (quote.body as TierChangeQuoteWire).targets.find(
        (each) => each.registration_tier === args.to,
      )
      const body = {
        registration_tier: args.to,
        amount_jpy: (target?.direction === 'upgrade' ? target.pay_jpy : target?.refund_jpy) ?? 0,
        ...(args.to === 'sponsor' ? { t_shirt_size: 'M' } : {}),
      }
      const key = randomUUID()
      const keys =
        args.clicks === 'once' ? [key] : args.clicks === 'double' ? [key, key] : [key, randomUUID()]
      const answers = await Promise.all(
        keys.map((each, index) =>
          send(world, ((args.on + index) % 2) as Instance, 'POST', '/registration/tier-change', token, {
            ...body,
            idempotency_key: each,
          }),
        ),
      )
      for (const answer of answers) {
        expectAnswer(
          world,
          answer,
          {
            200: true,
            409: [
              'tierChangeNotOffered',
              'tierChangeSameTier',
              'tierChangeAmountChanged',
              'tierChangeCheckedIn',
              'tierChangePending',
              'soldOut',
              'registrationNotPaid',
              'alreadyRefunded',
              'purchaseSessionTimedOut',
            ],
          },
          'tier change',
        )
      }
    },
  },
  /** The participant pays their upgrade's difference on the hosted page: once, or in two tabs at once. */
  payUpgrade: {
    args: fc.record({ which: registered, tabs: fc.boolean() }),
    async run(world: World, args: { which: number; tabs: boolean }) {
      const who = await registeredParticipant(world, args.which)
      if (who === undefined) return
      const sessionId = await upgradeSessionOf(world, who)
      if (sessionId === undefined) return
      const paid = await Promise.all(
        Array.from({ length: args.tabs ? 2 : 1 }, () =>
          payOnHostedPage(`${world.stack.stripeUrl}${hostedPagePath(sessionId)}`, {
            card_number: testCards.succeeds,
            email: 'payer@example.com',
          }),
        ),
      )
      // Paid, or no longer open (paid in the other tab, expired).
      for (const each of paid) expect([303, 409], `paying upgrade ${sessionId}`).toContain(each.status)
    },
  },
  /** The upgrade's Checkout session ends unpaid at Stripe (its checkout.session.expired event follows). */
  expireUpgrade: {
    args: fc.record({ which: registered }),
    async run(world: World, args: { which: number }) {
      const who = await registeredParticipant(world, args.which)
      if (who === undefined) return
      const sessionId = await upgradeSessionOf(world, who)
      if (sessionId === undefined) return
      const answer = await fetch(`${world.stack.stripeUrl}/v1/checkout/sessions/${sessionId}/expire`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stripeSecretKey}` },
      })
      await answer.body?.cancel()
      // Expired, or paid meanwhile (400: only an open session can expire).
      expect([200, 400], `expiring upgrade ${sessionId}`).toContain(answer.status)
    },
  },
  /** Stripe delivers an earlier event again, freshly signed, to either instance. */
  replay: {
    args: fc.record({ which: fc.nat({ max: 15 }), on }),
    async run(world: World, args: { which: number; on: Instance }) {
      const deliveries = world.stack.emulator.deliveries()
      const delivery = deliveries[args.which % Math.max(deliveries.length, 1)]
      if (!delivery) return
      const payload = JSON.stringify(delivery.event)
      const signature = signatureHeader(
        payload,
        stripeWebhookSecret,
        Math.floor(world.stack.time.now() / 1000),
      )
      const answer = await postWebhook(world.stack.instances[args.on]?.url ?? '', payload, signature)
      // 503: another delivery of the same event is being applied; Stripe would retry.
      expectAnswer(world, answer, { 200: true, 503: true }, `replay of ${delivery.event.type}`)
    },
  },
  /** Stripe catches up: every event it owes is delivered (otherwise they arrive while later steps run). */
  stripeCatchesUp: {
    args: fc.constant({}),
    run: (world: World, _args: Record<string, never>) => settle(world),
  },
  /** A door device checks the participant in (found by search); with `both`, the other device too, at once. */
  checkIn: {
    args: fc.record({ which: registered, device: on, both: fc.boolean() }),
    async run(world: World, args: { which: number; device: Instance; both: boolean }) {
      const who = await registeredParticipant(world, args.which)
      if (who === undefined) return
      const row = await registrationOf(world, who)
      if (!row) return
      const devices = args.both ? [0, 1] : [args.device]
      const answers = await Promise.all(
        devices.map((device) =>
          send(world, device as Instance, 'POST', '/admin/check-ins', world.staffToken, {
            items: [
              deviceRecord(
                world.devices[device] as { id: string; name: string },
                row.registration_id,
                world.stack.time.now(),
              ),
            ],
          }),
        ),
      )
      for (const answer of answers) {
        expectAnswer(world, answer, { 200: true }, 'check-in')
        const [result] = (answer.body as { results: { status: string; reason?: string }[] }).results
        expect(['accepted', 'duplicate', 'rejected']).toContain(result?.status)
        if (result?.status === 'rejected') expect(['not_paid', 'canceled']).toContain(result.reason)
      }
    },
  },
  /** POST /waiting-list for a tier. */
  join: {
    args: fc.record({ who, on, tier }),
    async run(world: World, args: { who: number; on: Instance; tier: RegistrationTier }) {
      const {
        success_url: _,
        cancel_url: __,
        ...fields
      } = registrationRequest(args.tier, `Waiter ${args.who}`)
      const answer = await send(
        world,
        args.on,
        'POST',
        '/waiting-list',
        (world.participants[args.who] as Participant).token,
        { ...fields, language: 'ja' },
      )
      expectAnswer(
        world,
        answer,
        { 201: true, 409: ['alreadyOnWaitingList', 'purchaseSessionAlreadyExists'] },
        'join the waiting list',
      )
    },
  },
  /** POST /waiting-list/accept: the offer becomes a pending registration with its Checkout session. */
  accept: {
    args: fc.record({ which: registered, on }),
    async run(world: World, args: { which: number; on: Instance }) {
      const who = await registeredParticipant(world, args.which, 'waiting_list_entries')
      if (who === undefined) return
      const answer = await send(
        world,
        args.on,
        'POST',
        '/waiting-list/accept',
        (world.participants[who] as Participant).token,
        {
          success_url: `${pwaUrl}/ja/mypage/dashboard?refresh=1`,
          cancel_url: `${pwaUrl}/ja/mypage/registration`,
        },
      )
      expectAnswer(
        world,
        answer,
        { 201: true, 404: ['notFound'], 409: ['noWaitingListOffer', 'purchaseSessionAlreadyExists'] },
        'accept the offer',
      )
    },
  },
} as const

type OperationName = keyof typeof operations
type Step = {
  [Name in OperationName]: { name: Name; args: Parameters<(typeof operations)[Name]['run']>[1] }
}[OperationName]

/** How often each operation comes up: money moves more often than the rest. */
const weights: Record<OperationName, number> = {
  register: 4,
  pay: 4,
  change: 1,
  cancel: 3,
  staffRefund: 3,
  tierChange: 2,
  payUpgrade: 2,
  expireUpgrade: 1,
  replay: 2,
  stripeCatchesUp: 2,
  checkIn: 2,
  join: 2,
  accept: 2,
}

const step: fc.Arbitrary<Step> = fc.oneof(
  ...(Object.keys(operations) as OperationName[]).map((name) => ({
    weight: weights[name],
    arbitrary: (operations[name].args as fc.Arbitrary<unknown>).map((args) => ({ name, args }) as Step),
  })),
)

/**
 * A round's operations go at once. With `slowRefunds`, Stripe takes its time with refunds: the round's other
 * operations (the door, replays, a change…) start once a cancel's or staff refund's request reached Stripe (or
 * those ended without one), and Stripe answers it only after they are done: they land while the refund is under
 * way.
 */
interface Round {
  steps: Step[]
  slowRefunds: boolean
}

const moneySteps: ReadonlySet<OperationName> = new Set(['cancel', 'staffRefund', 'tierChange'])

const rounds = fc.array(
  fc.record({ steps: fc.array(step, { minLength: 1, maxLength: 3 }), slowRefunds: fc.boolean() }),
  { minLength: 2, maxLength: 8 },
)

/**
 * The refunds of a slow round: a cancel's or staff refund's request waits at Stripe until the round's other
 * steps are done and every request of a cancel or staff refund still under way waits there too (or ended), so
 * a double click's second request meets the first one's refund still going through.
 */
class SlowRefunds {
  #held = 0
  #moneyInFlight = 0
  #othersDone = false
  #open: () => void = () => {}
  #arrived: () => void = () => {}
  readonly opened = new Promise<void>((resolve) => {
    this.#open = resolve
  })
  /** Resolves when the first refund request reached Stripe. */
  readonly arrived = new Promise<void>((resolve) => {
    this.#arrived = resolve
  })

  refundArrived(): void {
    this.#held++
    this.#arrived()
    this.#check()
  }

  /** A request of a cancel or staff refund, counted while it is under way. */
  async moneyRequest<T>(work: Promise<T>): Promise<T> {
    this.#moneyInFlight++
    try {
      return await work
    } finally {
      this.#moneyInFlight--
      this.#check()
    }
  }

  othersDone(): void {
    this.#othersDone = true
    this.#check()
  }

  release(): void {
    this.#open()
  }

  #check(): void {
    if (this.#othersDone && this.#moneyInFlight <= this.#held) this.#open()
  }
}

/** The slow round a cancel's or staff refund's step runs in, so that its requests are counted. */
const slowRound = new AsyncLocalStorage<SlowRefunds>()

async function runRound(world: World, { steps, slowRefunds }: Round): Promise<void> {
  if (!slowRefunds) {
    await Promise.all(steps.map((each) => runStep(world, each)))
    return
  }
  const gate = new SlowRefunds()
  world.stack.refundGate = gate
  try {
    const money = Promise.all(
      steps
        .filter((each) => moneySteps.has(each.name))
        .map((each) => slowRound.run(gate, () => runStep(world, each))),
    )
    // The others start once a refund is at Stripe, or once the money steps ended without one.
    const others = Promise.race([gate.arrived, money.catch(() => {})])
      .then(() =>
        Promise.all(steps.filter((each) => !moneySteps.has(each.name)).map((each) => runStep(world, each))),
      )
      .finally(() => gate.othersDone())
    const outcomes = await Promise.allSettled([others, money])
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason
  } finally {
    gate.release()
    world.stack.refundGate = undefined
  }
}

/** A step written out by hand. */
const by = <Name extends OperationName>(
  name: Name,
  args: Parameters<(typeof operations)[Name]['run']>[1],
): Step => ({ name, args }) as Step

/** A round of steps written out by hand; `slow`: Stripe answers refunds after the others are done. */
const round = (steps: Step[], slow = false): Round => ({ steps, slowRefunds: slow })

/** Races run first on every database, before the random runs. */
const examples: Round[][] = [
  // A paid participant cancels in two tabs while staff refund all of it by a double click and both doors
  // check them in; then Stripe delivers its events again.
  [
    round([by('register', { who: 0, on: 0, tier: 'member', pays: true })]),
    round([by('stripeCatchesUp', {})]),
    round([
      by('cancel', { which: 0, on: 1, clicks: 'tabs' }),
      by('staffRefund', { which: 0, on: 0, amount: 'full', twice: true }),
      by('checkIn', { which: 0, device: 0, both: true }),
    ]),
    round([
      by('replay', { which: 0, on: 0 }),
      by('replay', { which: 1, on: 1 }),
      by('replay', { which: 2, on: 0 }),
    ]),
  ],
  // The door checks a participant in while Stripe is still refunding their cancel; another participant's
  // cancel and a staff refund of them meet at Stripe while the door and a replay come in.
  [
    round([
      by('register', { who: 0, on: 0, tier: 'member', pays: true }),
      by('register', { who: 1, on: 1, tier: 'fursuiter', pays: true }),
    ]),
    round([by('stripeCatchesUp', {})]),
    round(
      [
        by('cancel', { which: 0, on: 0, clicks: 'once' }),
        by('checkIn', { which: 0, device: 1, both: true }),
        by('replay', { which: 0, on: 1 }),
      ],
      true,
    ),
    round(
      [
        by('cancel', { which: 1, on: 1, clicks: 'double' }),
        by('staffRefund', { which: 1, on: 0, amount: 'policy', twice: false }),
        by('checkIn', { which: 1, device: 0, both: false }),
      ],
      true,
    ),
  ],
  // A sponsor moves down to member in two tabs while Stripe repeats an event; then they cancel what is left
  // by a double click while staff refund part of it and the door checks them in, Stripe slow with the refunds.
  [
    round([by('register', { who: 0, on: 1, tier: 'sponsor', pays: true })]),
    round([by('stripeCatchesUp', {})]),
    round([
      by('tierChange', { which: 0, on: 0, to: 'member', clicks: 'tabs' }),
      by('replay', { which: 0, on: 1 }),
    ]),
    round(
      [
        by('cancel', { which: 0, on: 1, clicks: 'double' }),
        by('staffRefund', { which: 0, on: 0, amount: 'partial', twice: false }),
        by('checkIn', { which: 0, device: 0, both: false }),
      ],
      true,
    ),
    round([by('stripeCatchesUp', {}), by('replay', { which: 3, on: 1 })]),
  ],
  // A member moves up to sponsor by a double click while another member asks for the same spot in two tabs;
  // the first pays in two tabs while Stripe repeats events and staff refund part of it; the second's upgrade
  // expires; then the first cancels what is left, split across both payments.
  [
    round([
      by('register', { who: 0, on: 0, tier: 'member', pays: true }),
      by('register', { who: 1, on: 1, tier: 'fursuiter', pays: true }),
    ]),
    round([by('stripeCatchesUp', {})]),
    round([
      by('tierChange', { which: 0, on: 0, to: 'sponsor', clicks: 'double' }),
      by('tierChange', { which: 1, on: 1, to: 'sponsor', clicks: 'tabs' }),
    ]),
    round([
      by('payUpgrade', { which: 0, tabs: true }),
      by('expireUpgrade', { which: 1 }),
      by('replay', { which: 2, on: 1 }),
    ]),
    round(
      [
        by('staffRefund', { which: 0, on: 1, amount: 'partial', twice: false }),
        by('replay', { which: 3, on: 0 }),
        by('payUpgrade', { which: 1, tabs: false }),
      ],
      true,
    ),
    round([by('stripeCatchesUp', {}), by('cancel', { which: 0, on: 0, clicks: 'tabs' })], true),
  ],
  // The tier sells out, a second participant waits; the first cancels, the offer is taken and paid while staff
  // refund part of a third participant's payment and the second changes their badge name.
  [
    round([
      by('register', { who: 0, on: 0, tier: 'member', pays: true }),
      by('register', { who: 2, on: 1, tier: 'sponsor', pays: true }),
    ]),
    round([by('join', { who: 1, on: 1, tier: 'member' }), by('stripeCatchesUp', {})]),
    round([
      by('cancel', { which: 0, on: 0, clicks: 'double' }),
      by('staffRefund', { which: 1, on: 1, amount: 'partial', twice: false }),
    ]),
    round([by('accept', { which: 0, on: 1 }), by('replay', { which: 1, on: 0 })]),
    round([by('stripeCatchesUp', {})]),
    round([by('pay', { which: 1 }), by('change', { which: 2, on: 1 })]),
    round([by('change', { which: 1, on: 0 }), by('checkIn', { which: 1, device: 1, both: false })]),
  ],
]

function runStep(world: World, { name, args }: Step): Promise<void> {
  const operation = operations[name] as { run(world: World, args: unknown): Promise<void> }
  return operation.run(world, args)
}

async function expectSpotsExact(world: World): Promise<void> {
  for (const row of await spotAccounting(world.database)) {
    expect(row.taken, `spots taken of ${row.tier}`).toBe(row.registrations + row.offers)
    expect(row.taken, `spots taken of ${row.tier}`).toBeLessThanOrEqual(row.capacity)
  }
}

/** Stripe delivers every event it owes (retrying those answered 503 as time passes). */
async function settle(world: World): Promise<void> {
  const { emulator, time } = world.stack
  for (let second = 0; second < 30; second++) {
    await emulator.settled()
    if (!emulator.deliveries().some((delivery) => delivery.state === 'pending')) return
    time.advance(1000)
  }
  throw new Error('Stripe still owes deliveries after 30 s of retries')
}

interface TierChangeRow {
  change_id: string
  registration_id: string
  direction: string
  checkout_session_id: string | null
  status: string
  amount_jpy: number
  refund_status: string
  provider_refund_id: string | null
}

interface RefundRecordRow {
  registration_id: string
  amount_jpy: number
  source: string
  provider_refund_id: string | null
}

/** After a run: the money, the records, the audit trail and the door agree. */
async function checkRun(world: World): Promise<void> {
  const { db } = world.database
  const { sessions, refunds } = world.stack.stripe
  expect(
    world.stack.emulator.deliveries().filter((delivery) => delivery.state !== 'delivered'),
    'events Stripe could not deliver',
  ).toEqual([])
  await expectSpotsExact(world)

  const registrations = await queryRows<RegistrationRow>(
    db,
    sql`select registration_id, user_id, registration_tier, payment_status, amount_jpy, checkout_session_id
        from registrations`,
  )
  const refundRecords = await queryRows<RefundRecordRow>(
    db,
    sql`select registration_id, amount_jpy, source, provider_refund_id from registration_refunds`,
  )
  const recordOf = new Map(refundRecords.map((row) => [row.registration_id, row]))

  // One charge per intent (the registration, each upgrade), a registration never refunded beyond what it paid
  // in all; one Stripe refund per attempt and payment.
  const charged = new Map<string, number>()
  const charges = new Set<string>()
  for (const session of sessions) {
    if (session.paymentStatus !== 'paid') continue
    const registrationId = session.clientReferenceId ?? ''
    const intent = `${registrationId}/${session.metadata.tier_change ?? 'registration'}`
    expect(charges.has(intent), `${intent} charged twice`).toBe(false)
    charges.add(intent)
    charged.set(registrationId, (charged.get(registrationId) ?? 0) + amountTotal(session))
  }
  const refunded = new Map<string, number>()
  const intents = new Set<string>()
  for (const refund of refunds) {
    const registrationId = refund.metadata.registration_id ?? ''
    const { attempt, automatic_refund, tier_change } = refund.metadata
    const intent = `${registrationId}/${attempt ?? automatic_refund ?? `tier change ${tier_change}`}/${refund.paymentIntent}`
    expect(intents.has(intent), `two Stripe refunds for ${intent}`).toBe(false)
    intents.add(intent)
    refunded.set(registrationId, (refunded.get(registrationId) ?? 0) + refund.amount)
  }
  for (const [registrationId, total] of refunded) {
    expect(total, `refunded of ${registrationId}`).toBeLessThanOrEqual(charged.get(registrationId) ?? 0)
  }

  // Every refund at Stripe is one this system recorded (a cancellation's, a downgrade's, a late payment's
  // automatic one), with its amount; every refund recorded was made there.
  const tierChanges = await queryRows<TierChangeRow>(
    db,
    sql`select change_id, registration_id, direction, checkout_session_id, status, amount_jpy, refund_status,
          provider_refund_id from tier_changes`,
  )
  const changeOf = new Map(tierChanges.map((row) => [row.change_id, row]))
  const automatic = await queryRows<{
    registration_id: string
    checkout_session_id: string
    amount_jpy: number
    status: string
  }>(db, sql`select registration_id, checkout_session_id, amount_jpy, status from automatic_refunds`)
  // A refund after an upgrade is split across the payments (decision 168): each share is its own Stripe refund.
  const splits = await queryRows<{ provider_refund_id: string; amount_jpy: number }>(
    db,
    sql`select provider_refund_id, amount_jpy from refund_splits where provider_refund_id is not null`,
  )
  const splitOf = new Map(splits.map((row) => [row.provider_refund_id, row]))
  const upgradeSessions = new Set(tierChanges.map((row) => row.checkout_session_id))
  /** Per registration: its upgrade payments given back in full because they came too late (decision 169). */
  const upgradesBack = new Map<string, number>()
  for (const row of automatic.filter((each) => upgradeSessions.has(each.checkout_session_id))) {
    upgradesBack.set(row.registration_id, (upgradesBack.get(row.registration_id) ?? 0) + row.amount_jpy)
  }
  expect(
    automatic.filter((row) => row.status !== 'refunded'),
    'automatic refunds not made',
  ).toEqual([])
  expect(
    tierChanges.filter((row) => row.refund_status === 'owed' || row.refund_status === 'refused'),
    'downgrade refunds not made',
  ).toEqual([])
  for (const refund of refunds) {
    const { registration_id, tier_change, automatic_refund } = refund.metadata
    if (automatic_refund !== undefined) continue
    const split = splitOf.get(refund.id)
    if (split) {
      expect(split.amount_jpy, `the share of ${refund.id}`).toBe(refund.amount)
      continue
    }
    const record = tier_change === undefined ? recordOf.get(registration_id ?? '') : changeOf.get(tier_change)
    expect(
      record && { id: record.provider_refund_id, amount: record.amount_jpy },
      `the record of ${refund.id}`,
    ).toEqual({ id: refund.id, amount: refund.amount })
  }
  const downgradeRefunds = tierChanges.filter((row) => row.refund_status === 'refunded')
  for (const record of [...refundRecords, ...downgradeRefunds]) {
    if (record.amount_jpy === 0) continue
    expect(
      refunds.some((refund) => refund.id === record.provider_refund_id),
      `${record.registration_id}: recorded refund ${record.provider_refund_id} made at Stripe`,
    ).toBe(true)
  }

  // What each registration got back at Stripe is what its records say, and what it was charged is its fee.
  for (const row of registrations) {
    const id = row.registration_id
    const back = refunded.get(id) ?? 0
    const record = recordOf.get(id)
    if (row.payment_status !== 'paid' && record === undefined) {
      // Never paid, or paid after its hold went to someone else: all of it went back.
      expect(back, `${id} (${row.payment_status}) kept at Stripe`).toBe(charged.get(id) ?? 0)
      continue
    }
    if (row.payment_status === 'paid') expect(record, `${id} paid with a refund record`).toBe(undefined)
    const downgradedBack = downgradeRefunds
      .filter((change) => change.registration_id === id)
      .reduce((sum, change) => sum + change.amount_jpy, 0)
    const lateUpgrades = upgradesBack.get(id) ?? 0
    expect(back, `${id} (${row.payment_status}) refunded at Stripe`).toBe(
      (record?.amount_jpy ?? 0) + downgradedBack + lateUpgrades,
    )
    // Its payments, less upgrades given back, are its fee: an applied upgrade paid the difference exactly.
    const downgraded = tierChanges.some(
      (change) =>
        change.registration_id === id && change.status === 'applied' && change.direction === 'downgrade',
    )
    if (!downgraded) expect((charged.get(id) ?? 0) - lateUpgrades, `${id} charged`).toBe(row.amount_jpy)
  }

  // What the API told a participant or staff member it refunded is what was recorded.
  for (const confirmed of world.confirmedRefunds) {
    expect(recordOf.get(confirmed.registrationId)).toMatchObject({
      amount_jpy: confirmed.amountJpy,
      source: confirmed.source,
    })
  }

  // The audit trail: one entry per staff or participant refund, with its amount.
  const audit = await queryRows<{ action: string; subject: string; amount: number }>(
    db,
    sql`select action, subject, (details->>'amountJpy')::int as amount from staff_audit
        where action in ('refund', 'participantCanceled')`,
  )
  const auditedRefunds = refundRecords
    .filter((row) => row.source === 'staff' || row.source === 'participant')
    .map((row) => ({
      action: row.source === 'staff' ? 'refund' : 'participantCanceled',
      subject: row.registration_id,
      amount: row.amount_jpy,
    }))
  const bySubject = (a: { subject: string }, b: { subject: string }) => a.subject.localeCompare(b.subject)
  expect(audit.map((row) => ({ ...row, amount: Number(row.amount) })).sort(bySubject)).toEqual(
    auditedRefunds.sort(bySubject),
  )

  // One audit entry per tier change applied.
  const changesAudited = await queryRows<{ subject: string }>(
    db,
    sql`select subject from staff_audit where action = 'participantChangedTier'`,
  )
  expect(changesAudited.map((row) => row.subject).sort()).toEqual(
    tierChanges
      .filter((row) => row.status === 'applied')
      .map((row) => row.registration_id)
      .sort(),
  )

  // Nobody checked in cancelled by their own hand.
  const checkedIn = await queryRows<{ registration_id: string }>(
    db,
    sql`select distinct registration_id from check_ins where kind = 'check_in' and status = 'accepted'`,
  )
  for (const { registration_id } of checkedIn) {
    expect(recordOf.get(registration_id)?.source, `${registration_id} checked in`).not.toBe('participant')
  }

  // A canceled code is refused at the door, on either instance.
  for (const row of registrations.filter((each) => each.payment_status === 'canceled')) {
    const answer = await send(world, 1, 'POST', '/admin/check-ins', world.staffToken, {
      items: [deviceRecord(world.devices[1] as { id: string; name: string }, row.registration_id, 0)],
    })
    expect(answer.body, `the door for ${row.registration_id}`).toMatchObject({
      results: [{ status: 'rejected', reason: 'canceled' }],
    })
  }
}

async function resetWorld(world: World): Promise<void> {
  const { stack, database } = world
  await stack.resetStripe()
  await emptyTables(database.db, [...registrationTables, 'payment_webhook_events', 'staff_audit'])
  await syncTierCapacities(database.db, firstEdition.id, capacities)
  const sut = stack.instances[0]?.sut as TestApi
  world.participants = await Promise.all(
    Array.from({ length: participantCount }, async () => {
      const userId = randomUUID()
      return { userId, token: await sut.memberToken(userId) }
    }),
  )
  world.staffToken = await sut.adminToken()
  world.confirmedRefunds = []
}

describe.each(databaseKinds)('money and the door under random interleavings on %s', (kind) => {
  const database = useTestDatabase(kind)
  const opened: { close(): Promise<void> }[] = []
  afterAll(async () => {
    for (const each of opened.reverse()) await each.close()
  })

  it('keeps spots exact, refunds at most what was paid, once per intent, audited, and the door right', async () => {
    const { database: first, url } = database()
    // PostgreSQL: the second instance has a connection pool of its own, as another process would.
    const second = url === undefined ? first : await openDatabase({ kind: 'postgres', url, poolSize: 10 })
    if (second !== first) opened.push(second)
    const stack = await startStack([first, second])
    opened.push(stack)
    const world: World = {
      stack,
      database: first,
      participants: [],
      staffToken: '',
      devices: [
        { id: 'door-a', name: 'Door A' },
        { id: 'door-b', name: 'Door B' },
      ],
      confirmedRefunds: [],
    }
    await fc.assert(
      fc.asyncProperty(rounds, async (generated) => {
        await resetWorld(world)
        for (const round of generated) {
          await runRound(world, round)
          await expectSpotsExact(world)
        }
        await settle(world)
        await checkRun(world)
      }),
      { numRuns: 10, examples: examples.map((each) => [each]) },
    )
  }, 60_000)
})
