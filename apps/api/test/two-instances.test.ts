import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type CheckInItemWire,
  type CheckInRecordWire,
  type CheckInResultWire,
  checkInPageWireSchema,
  checkInUploadResultWireSchema,
  participantListWireSchema,
} from '@furfes/core'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { type FakeCognito, startFakeCognito } from '../bench/fake-cognito.ts'
import { runConcurrently } from '../bench/load.ts'
import { type ApiProcess, startApiProcess } from '../bench/processes.ts'
import { type Database, openDatabase, queryRows } from '../src/db/database.ts'
import { migrationsFolder } from '../src/server.ts'
import { deviceRecord } from './support/check-ins.ts'
import {
  createPostgresDatabase,
  inventoryConsistency,
  pwaUrl,
  registrationRequest,
} from './support/harness.ts'
import { bind, call, closeServer } from './support/http.ts'
import {
  payOnHostedPage,
  startWallClockStripe,
  stripeSecretKey,
  stripeWebhookSecret,
  testCards,
} from './support/payments.ts'

/*
 * The API scales out (docs/requirements.md API-17, decision 081). Two real API processes (`node src/main.ts`, configured by environment
 * only, as the platform starts each instance) share one PostgreSQL database, migrate it at the same moment,
 * and serve the registration rush and event-day check-in sync together: no spot is oversold and no check-in
 * is lost, whichever instance each request reaches (decisions 052, 070, 081).
 *
 * Around them: the fake Cognito of the benchmarks (both pools' JWKS and GetUser; tokens minted here), the
 * Stripe emulator in this process, and a round-robin forwarder in front of the two instances for Stripe's
 * webhooks, as the load balancer spreads them in production.
 */

const capacity = 40
/** Four people for every spot, each trying once. */
const attempts = capacity * 4
/** Winners who pay; the rest keep a pending hold. */
const payers = 24
const eventMorning = Date.parse('2025-05-10T09:30:00+09:00')

/** A reception tablet: what it recorded offline, the answers it got, and the log it pulled. */
interface Device {
  name: string
  id: string
  token: string
  items: CheckInItemWire[]
  answers: Map<string, CheckInResultWire>
  pulled: CheckInRecordWire[]
  cursor: string | undefined
}

/** The device view: the check-in in force per registration, folded from records in the order stored. */
function inForce(records: readonly CheckInRecordWire[]): Map<string, string> {
  const view = new Map<string, string>()
  for (const record of records) {
    if (record.status !== 'accepted') continue
    if (record.kind === 'check_in') view.set(record.registration_id, record.id)
    else view.delete(record.registration_id)
  }
  return view
}

describe('two API instances on one PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = []
  afterAll(async () => {
    // Whatever happened, every process and server this file started is stopped (the API processes first,
    // gracefully, while the database they use still runs).
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('sells exactly the capacity in a rush through both and loses no check-in synced through both', async () => {
    const databaseUrl = await createPostgresDatabase()
    const dataDir = mkdtempSync(join(tmpdir(), 'furfes-two-instances-'))
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
    const cognito: FakeCognito = await startFakeCognito()
    cleanups.push(() => cognito.close())

    // Stripe's webhooks go through a forwarder that alternates between the instances, like a load balancer.
    const apis: ApiProcess[] = []
    const webhooksPerInstance = new Map<string, number>()
    let nextWebhook = 0
    const forwarder = createServer((incoming, outgoing) => {
      const target = apis[nextWebhook++ % apis.length]
      if (!target) {
        outgoing.writeHead(502).end()
        return
      }
      webhooksPerInstance.set(target.url, (webhooksPerInstance.get(target.url) ?? 0) + 1)
      const upstream = httpRequest(
        new URL(incoming.url ?? '/', target.url),
        { method: incoming.method, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
        },
      )
      upstream.on('error', () => outgoing.writeHead(502).end())
      incoming.pipe(upstream)
    })
    const forwarderUrl = await bind(forwarder)
    cleanups.push(() => closeServer(forwarder))

    const stripe = await startWallClockStripe(forwarderUrl)
    const { url: stripeUrl, emulator } = stripe
    cleanups.push(() => stripe.close())

    // Both instances start together: both migrate the empty database at once (an advisory lock orders them)
    // and both seed the flags, capacities and registration-code keys.
    const env = {
      ...cognito.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '5',
      DATA_DIR: dataDir,
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_API_URL: stripeUrl,
      STRIPE_SECRET_KEY: stripeSecretKey,
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      // The processes run on the wall clock: an edition on sale today (decision 158 refuses any other).
      EDITION_SEED: 'development',
      TIER_CAPACITIES: `member=${capacity},fursuiter=10,sponsor=10,sponsor_fursuiter=10`,
      PWA_URL: pwaUrl,
      LOG_LEVEL: 'warn',
    }
    const started = await Promise.allSettled([
      startApiProcess(env, { log: 'memory' }),
      startApiProcess(env, { log: 'memory' }),
    ])
    for (const result of started) {
      if (result.status === 'fulfilled') {
        apis.push(result.value)
        cleanups.push(() => result.value.stop())
      }
    }
    for (const result of started) if (result.status === 'rejected') throw result.reason
    const [a, b] = apis as [ApiProcess, ApiProcess]
    const database: Database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 })
    cleanups.push(() => database.close())
    // One of them applied every migration, once; the other found nothing left to do.
    const applied = await queryRows<{ hash: string }>(
      database.db,
      sql`select hash from drizzle.__drizzle_migrations order by id`,
    )
    expect(applied.map(({ hash }) => hash)).toEqual(
      readMigrationFiles({ migrationsFolder }).map(({ hash }) => hash),
    )
    const storedIds = async () =>
      (await queryRows<{ id: string }>(database.db, sql`select id from check_ins order by seq`)).map(
        ({ id }) => id,
      )

    // --- The registration rush: every attempt at once, alternating between the instances. ---
    const members = await Promise.all(
      Array.from({ length: attempts }, async (_, index) => {
        const userId = randomUUID()
        return { userId, token: await cognito.mint(userId), via: index % 2 === 0 ? a : b }
      }),
    )
    // Each person opened the registration page before the opening (the API reads their e-mail from Cognito
    // then), so both instances are warm when the rush starts.
    await runConcurrently(
      members.map((member) => async () => {
        expect((await call(member.via.url, 'GET', '/registration', member.token)).status).toBe(404)
      }),
      16,
    )
    // One registration through each instance first, so both meet the rush with the path compiled and their
    // database and Stripe connections open: a cold instance could lose every race and leave the other to sell
    // alone.
    for (const via of [a, b]) {
      const userId = randomUUID()
      const warm = await call(
        via.url,
        'POST',
        '/registration',
        await cognito.mint(userId),
        registrationRequest(),
      )
      expect(warm.status).toBe(201)
    }
    const rush = await Promise.all(
      members.map(async (member) => {
        for (let attempt = 1; ; attempt++) {
          const answer = await call(
            member.via.url,
            'POST',
            '/registration',
            member.token,
            registrationRequest(),
          )
          // A refused request (highTraffic) is tried again, as the PWA lets the person do, after a pause.
          if (answer.status !== 503 || attempt === 50) return { ...member, answer }
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      }),
    )
    const winners = rush.filter(({ answer }) => answer.status === 201)
    const losers = rush.filter(({ answer }) => answer.status !== 201)
    // The two spots the warm-up registrations hold are not sold again.
    expect(winners).toHaveLength(capacity - 2)
    for (const { answer } of losers) expect(answer).toEqual({ status: 409, body: { message: 'soldOut' } })
    expect(winners.filter(({ via }) => via === a).length).toBeGreaterThan(0)
    expect(winners.filter(({ via }) => via === b).length).toBeGreaterThan(0)
    // The database agrees: exactly `capacity` registrations hold a spot, and the counter says so.
    expect((await inventoryConsistency(database)).find(({ tier }) => tier === 'member')).toEqual({
      tier: 'member',
      taken: capacity,
      holding: capacity,
      capacity,
    })

    // --- Payment on Stripe's hosted page; the webhooks reach both instances and mark the payers paid. ---
    const paying = winners.slice(0, payers)
    await runConcurrently(
      paying.map(({ answer }) => async () => {
        const paymentUrl = (answer.body as { payment_url: string }).payment_url
        expect((await payOnHostedPage(paymentUrl, { card_number: testCards.succeeds })).status).toBe(303)
      }),
      8,
    )
    await emulator.settled()
    const undelivered = emulator.deliveries().filter(({ state }) => state !== 'delivered')
    expect(undelivered.map(({ event, attempts }) => ({ type: event.type, attempts }))).toEqual([])
    expect([...webhooksPerInstance.keys()].sort()).toEqual([a.url, b.url].sort())

    const staff = await Promise.all(
      ['受付1', '受付2', '受付3'].map(() => cognito.mint(randomUUID(), 'admins')),
    )
    const participants = participantListWireSchema.parse(
      (await call(b.url, 'GET', '/admin/participants', staff[0] ?? '')).body,
    ).items
    const paidIds = participants
      .filter(({ registration }) => registration?.payment_status === 'paid')
      .map(({ user, registration }) => ({ userId: user.user_id, registrationId: registration?.id ?? '' }))
    expect(paidIds.map(({ userId }) => userId).sort()).toEqual(paying.map(({ userId }) => userId).sort())
    const paid = paidIds.map(({ registrationId }) => registrationId)
    expect(paid.every((id) => id !== '')).toBe(true)

    // --- Event day: three reception devices check people in offline, with overlaps between them. ---
    const pick = (...ranges: [number, number][]) =>
      ranges.flatMap(([from, to]) => paid.slice(from, to + 1)).filter((id): id is string => id !== undefined)
    const recorded: [string, string[], number][] = [
      // name, registrations checked in, the device clock's drift in ms
      // All three start with the same two people (a race through A, B and A at once), then overlap pairwise.
      ['受付1', pick([4, 5], [0, 3], [6, 13]), 0],
      ['受付2', pick([5, 5], [4, 4], [8, 21]), -5 * 60_000],
      ['受付3', pick([4, 5], [16, 23], [0, 3], [10, 11]), 2 * 60_000],
    ]
    const devices: Device[] = recorded.map(([name, registrationIds, drift], index) => {
      const id = randomUUID()
      return {
        name,
        id,
        token: staff[index] ?? '',
        items: registrationIds.map((registrationId, order) =>
          deviceRecord({ id, name }, registrationId, eventMorning + order * 20_000 + drift),
        ),
        answers: new Map(),
        pulled: [],
        cursor: undefined,
      }
    })

    const upload = async (device: Device, via: ApiProcess, items: CheckInItemWire[]) => {
      const answer = await call(via.url, 'POST', '/admin/check-ins', device.token, { items })
      expect(answer.status).toBe(200)
      return checkInUploadResultWireSchema.parse(answer.body).results
    }
    const pull = async (device: Device, via: ApiProcess) => {
      for (;;) {
        const query = device.cursor === undefined ? '' : `?since=${encodeURIComponent(device.cursor)}`
        const answer = await call(via.url, 'GET', `/admin/check-ins${query}`, device.token)
        expect(answer.status).toBe(200)
        const page = checkInPageWireSchema.parse(answer.body)
        device.pulled.push(...page.items)
        device.cursor = page.next_cursor
        if (!page.has_more) return
      }
    }
    const other = (instance: ApiProcess) => (instance === a ? b : a)

    // Back online, all three upload in batches at once (受付1 through A, 受付2 through B, 受付3 alternating),
    // each pulling the others' records through the other instance between its batches.
    const batchSize = 2
    await Promise.all(
      devices.map(async (device, index) => {
        for (let start = 0; start < device.items.length; start += batchSize) {
          const via = index === 0 ? a : index === 1 ? b : start % (2 * batchSize) === 0 ? a : b
          const batch = device.items.slice(start, start + batchSize)
          const results = await upload(device, via, batch)
          expect(results.map(({ id }) => id)).toEqual(batch.map(({ id }) => id))
          for (const result of results) device.answers.set(result.id, result)
          await pull(device, other(via))
        }
      }),
    )

    // Nothing lost: the server stored every item once, and every device, pulling the rest through A now,
    // holds exactly the server's log in the server's order.
    for (const device of devices) await pull(device, a)
    const allItems = devices.flatMap((device) => device.items)
    const serverLog = await storedIds()
    expect(new Set(serverLog)).toEqual(new Set(allItems.map(({ id }) => id)))
    expect(serverLog).toHaveLength(allItems.length)
    for (const device of devices) {
      expect(device.pulled.map(({ id }) => id)).toEqual(serverLog)
      expect(device.pulled).toEqual(devices[0]?.pulled)
    }

    // First to reach the server wins: per registration, exactly one item was accepted, the one stored first;
    // every other was answered as a duplicate naming it.
    const answerOf = (item: CheckInItemWire) =>
      devices.find((device) => device.answers.has(item.id))?.answers.get(item.id)
    const stored = new Map(serverLog.map((id, order) => [id, order]))
    const checkedIn = new Set(allItems.map((item) => item.registration_id))
    expect(checkedIn.size).toBe(paid.length)
    const winnerOf = new Map<string, CheckInItemWire>()
    for (const registrationId of checkedIn) {
      const attemptsOf = allItems
        .filter((item) => item.registration_id === registrationId)
        .sort((x, y) => (stored.get(x.id) ?? Number.NaN) - (stored.get(y.id) ?? Number.NaN))
      const [first, ...later] = attemptsOf
      if (!first) throw new Error(`No check-in of ${registrationId}`)
      winnerOf.set(registrationId, first)
      expect(answerOf(first)).toEqual({ id: first.id, status: 'accepted' })
      for (const item of later) {
        expect(answerOf(item)).toEqual({
          id: item.id,
          status: 'duplicate',
          first_check_in: {
            id: first.id,
            device_id: first.device_id,
            device_name: first.device_name,
            checked_in_at: first.checked_in_at,
          },
        })
      }
    }

    const expectedView = new Map([...winnerOf].map(([registrationId, item]) => [registrationId, item.id]))
    for (const device of devices) expect(inForce(device.pulled)).toEqual(expectedView)

    // A resent batch (its answer was lost) through the other instance is answered as before, stored once.
    const [resender] = devices.slice(1)
    if (!resender) throw new Error('No second device')
    const resent = resender.items.slice(0, batchSize)
    expect(await upload(resender, a, resent)).toEqual(resent.map((item) => resender.answers.get(item.id)))
    expect(await storedIds()).toEqual(serverLog)

    // Undo through A is seen by a pull through B; the person can then be checked in again, through B.
    const [undoer, , third] = devices
    if (!undoer || !third) throw new Error('No devices')
    const undone = [...winnerOf.values()].find((item) => item.device_id === undoer.id)
    if (!undone) throw new Error('受付1 won no check-in')
    const undo = deviceRecord(undoer, undone.registration_id, eventMorning + 60 * 60_000, {
      kind: 'undo',
      undoes: undone.id,
    })
    expect(await upload(undoer, a, [undo])).toEqual([{ id: undo.id, status: 'accepted' }])
    await pull(third, b)
    expect(third.pulled.at(-1)).toMatchObject({ id: undo.id, kind: 'undo', status: 'accepted' })
    expect(inForce(third.pulled).has(undone.registration_id)).toBe(false)
    const again = deviceRecord(third, undone.registration_id, eventMorning + 61 * 60_000)
    expect(await upload(third, b, [again])).toEqual([{ id: again.id, status: 'accepted' }])
    expectedView.set(undone.registration_id, again.id)

    // Every device converges on the server's state, whichever instance it pulls through.
    for (const [index, device] of devices.entries()) await pull(device, index % 2 === 0 ? b : a)
    const inForceOnServer = await queryRows<{ registration_id: string; check_in_id: string }>(
      database.db,
      sql`select registration_id, check_in_id from check_in_states where check_in_id is not null`,
    )
    expect(new Map(inForceOnServer.map((row) => [row.registration_id, row.check_in_id]))).toEqual(
      expectedView,
    )
    for (const device of devices) expect(inForce(device.pulled)).toEqual(expectedView)
    const acceptedPerRegistration = await queryRows<{ registration_id: string; accepted: number }>(
      database.db,
      sql`select registration_id, count(*)::int as accepted from check_ins
          where kind = 'check_in' and status = 'accepted' group by registration_id`,
    )
    for (const row of acceptedPerRegistration) {
      expect(Number(row.accepted)).toBe(row.registration_id === undone.registration_id ? 2 : 1)
    }

    // Both instances stop cleanly (SIGTERM: finish in-flight requests, close the pool) and logged no error.
    expect(await Promise.all(apis.map((api) => api.stop()))).toEqual([0, 0])
    const errors = apis.flatMap((api) => api.logLines().filter((line) => line.includes('"level":"error"')))
    expect(errors).toEqual([])
  }, 120_000)
})
