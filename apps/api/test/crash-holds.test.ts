import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ParticipantWire, participantListWireSchema } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { type FakeCognito, startFakeCognito } from '../bench/fake-cognito.ts'
import { type ApiProcess, startApiProcess } from '../bench/processes.ts'
import { type Database, type DatabaseKind, openDatabase, queryRows } from '../src/db/database.ts'
import {
  createPostgresDatabase,
  databaseKinds,
  inventoryConsistency,
  pwaUrl,
  registrationRequest,
} from './support/harness.ts'
import { bind, call, closeServer } from './support/http.ts'
import { startWallClockStripe, stripeSecretKey, stripeWebhookSecret } from './support/payments.ts'

/*
 * A crash never strands spots (decision 056). A real API process takes a registration rush while Stripe is
 * slow to open checkout sessions, and is killed with SIGKILL while most winners wait for their session: their
 * spots are taken and no session is recorded. A new process on the same data must give those spots back
 * within a minute without anybody reading them, show every spot the counter holds in the admin list, answer
 * the stranded members with their expired registration rather than 404, and sell exactly the spots that came
 * back: no oversell, no spot given back twice.
 */

const capacity = 24
/** Three people for every spot, each trying once before the crash. */
const attempts = capacity * 3
/** Checkout sessions Stripe opens before it becomes slow; every later winner is waiting on it at the crash. */
const sessionsBeforeCrash = 8
/** How long a new registration may take to record its session, and how often the sweeper looks (seconds). */
const claimSeconds = 10
const sweepSeconds = 1
/** The bound the operators were promised: a stranded spot is back within a minute of the crash. */
const releaseBoundMs = 60_000

/** Polls `check` until it returns true; fails with `what` once `deadline` (epoch ms) has passed. */
async function waitFor(what: string, deadline: number, check: () => Promise<boolean> | boolean) {
  for (;;) {
    if (await check()) return
    if (Date.now() > deadline) throw new Error(`Not within the bound: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** What a request that got no spot may be answered. */
const refusals = [
  { status: 409, body: { message: 'soldOut' } },
  // A winner kept waiting by Stripe past the SDK's two attempts gives its spot back and is asked to retry;
  // one slower than its claim (a loaded machine) is asked to register again.
  { status: 503, body: { message: 'highTraffic' } },
  { status: 409, body: { message: 'purchaseSessionTimedOut' } },
]

/** Participants holding a spot as the admin list shows them: pending (with or without a payment URL) or paid. */
const holdersIn = (items: readonly ParticipantWire[]) =>
  items.filter(
    ({ registration }) =>
      registration?.payment_status === 'pending' || registration?.payment_status === 'paid',
  )

/** Sum of the spots the API logged as given back by its sweeps since it started. */
function releasedInLog(api: ApiProcess): number {
  let released = 0
  for (const line of api.logLines()) {
    const record = JSON.parse(line) as { msg?: string; count?: number }
    if (record.msg === 'Released expired checkout holds') released += record.count ?? 0
  }
  return released
}

describe.each(databaseKinds)('a crash mid-rush on %s', (kind: DatabaseKind) => {
  const cleanups: (() => Promise<unknown>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('gives every stranded spot back within the bound and sells exactly the spots that came back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'furfes-crash-holds-'))
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
    const databaseUrl = kind === 'postgres' ? await createPostgresDatabase() : undefined
    const pgliteDir = join(dataDir, 'api', 'pglite')
    /** The API's database, opened here while no API process runs (PGlite) or beside it (PostgreSQL). */
    const openData = (): Promise<Database> =>
      databaseUrl
        ? openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 })
        : openDatabase({ kind: 'pglite', dataDir: pgliteDir })

    const cognito: FakeCognito = await startFakeCognito()
    cleanups.push(() => cognito.close())

    // Stripe answers the first session requests, then keeps the next ones waiting (a slow provider in the
    // rush) until the API has died; the sessions it then opens are never recorded by anybody.
    // Nobody pays and no session expires during the test: Stripe has no webhook to send.
    const webhookSink = createServer((_, outgoing) => outgoing.writeHead(200).end())
    const webhookUrl = await bind(webhookSink)
    cleanups.push(() => closeServer(webhookSink))
    let sessionRequests = 0
    const waiting = new Set<string>()
    // The moment to crash: every request either has its answer (the first winners, the sold out) or waits for
    // Stripe.
    let answered = 0
    let crashMoment: () => void = () => {}
    const readyToCrash = new Promise<void>((resolve) => {
      crashMoment = resolve
    })
    const checkCrashMoment = () => {
      if (waiting.size > 0 && answered + waiting.size >= attempts) crashMoment()
    }
    let answerAgain: () => void = () => {}
    const slowness = new Promise<void>((resolve) => {
      answerAgain = resolve
    })
    let slow = true
    const stripe = await startWallClockStripe(webhookUrl, (emulator) => async (request) => {
      const creating = request.method === 'POST' && new URL(request.url).pathname === '/v1/checkout/sessions'
      if (creating && slow && ++sessionRequests > sessionsBeforeCrash) {
        // The SDK sends the same idempotency key when it retries: one waiting registration each.
        waiting.add(request.headers.get('idempotency-key') ?? randomUUID())
        checkCrashMoment()
        await slowness
      }
      return emulator(request)
    })
    const stripeUrl = stripe.url
    cleanups.push(async () => {
      answerAgain()
      await stripe.close()
    })

    const env = {
      ...cognito.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '5' } : {}),
      DATA_DIR: dataDir,
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_API_URL: stripeUrl,
      STRIPE_SECRET_KEY: stripeSecretKey,
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      // The processes run on the wall clock: an edition on sale today (decision 158 refuses any other).
      EDITION_SEED: 'development',
      TIER_CAPACITIES: `member=${capacity},fursuiter=5,sponsor=5,sponsor_fursuiter=5`,
      CHECKOUT_CLAIM_SECONDS: String(claimSeconds),
      EXPIRY_SWEEP_INTERVAL_SECONDS: String(sweepSeconds),
      PWA_URL: pwaUrl,
      // Requests wait for their turn rather than being refused: the rush's outcome is then only the spots.
      ADMISSION_MAX_WAIT_MS: '30000',
      LOG_LEVEL: 'info',
    }
    const first = await startApiProcess(env, { log: 'memory' })
    cleanups.push(() => first.stop())

    const members = await Promise.all(
      Array.from({ length: attempts }, async () => {
        const userId = randomUUID()
        return { userId, token: await cognito.mint(userId) }
      }),
    )

    // --- The rush, and SIGKILL while every winner after the first few waits for its checkout session. ---
    const rush = Promise.all(
      members.map(async (member) => {
        try {
          const answer = await call(first.url, 'POST', '/registration', member.token, registrationRequest())
          answered++
          checkCrashMoment()
          return { ...member, answer }
        } catch {
          return { ...member, answer: undefined }
        }
      }),
    )
    await readyToCrash
    first.child.kill('SIGKILL')
    expect(await first.stop()).toBe(null)
    const killedAt = Date.now()
    // Stripe catches up: the sessions it now opens answer a process that is gone.
    slow = false
    answerAgain()
    const firstWave = await rush
    expect(firstWave.filter(({ answer }) => answer === undefined).length).toBeGreaterThan(0)
    for (const { answer } of firstWave) {
      if (answer && answer.status !== 201) expect(refusals).toContainEqual(answer)
    }

    // What the crash left: spots taken by registrations that never got their session, counted and held.
    const afterCrash = await openData()
    const stranded = await queryRows<{ user_id: string }>(
      afterCrash.db,
      sql`select user_id from registrations where payment_status = 'pending' and checkout_session_id is null`,
    )
    const [recorded] = await queryRows<{ n: number }>(
      afterCrash.db,
      sql`select count(*)::int as n from registrations
          where payment_status = 'pending' and checkout_session_id is not null`,
    )
    const withSession = Number(recorded?.n)
    expect(stranded.length).toBeGreaterThan(0)
    expect(withSession).toBeGreaterThan(0)
    expect((await inventoryConsistency(afterCrash)).find(({ tier }) => tier === 'member')).toEqual({
      tier: 'member',
      taken: withSession + stranded.length,
      holding: withSession + stranded.length,
      capacity,
    })
    await afterCrash.close()

    // --- A new process on the same data: nobody reads anything, its sweeps alone give the spots back. ---
    const second = await startApiProcess(env, { log: 'memory' })
    cleanups.push(() => second.stop())
    await waitFor(
      `the ${stranded.length} stranded spots given back by the sweeper`,
      killedAt + releaseBoundMs,
      () => releasedInLog(second) >= stranded.length,
    )

    // The admin list shows every spot the counter holds, each with its payment URL.
    const admin = await cognito.mint(randomUUID(), 'admins')
    const listed = async () => {
      const answer = await call(second.url, 'GET', '/admin/participants', admin)
      expect(answer.status).toBe(200)
      return participantListWireSchema.parse(answer.body).items
    }
    const holders = holdersIn(await listed())
    expect(holders.length).toBe(withSession)
    for (const { registration } of holders) {
      expect(registration).toMatchObject({ payment_status: 'pending', payment_url: expect.any(String) })
    }
    if (databaseUrl) {
      const live = await openData()
      cleanups.push(() => live.close())
      expect((await inventoryConsistency(live)).find(({ tier }) => tier === 'member')).toEqual({
        tier: 'member',
        taken: holders.length,
        holding: holders.length,
        capacity,
      })
    }

    // The stranded members see their registration as expired (register again), not 404.
    for (const { user_id } of stranded) {
      const answer = await call(second.url, 'GET', '/registration', await cognito.mint(user_id))
      expect(answer).toMatchObject({ status: 200, body: { payment_status: 'expired' } })
    }

    // --- Everyone without a spot tries again: exactly the spots that came back are sold. ---
    const holding = new Set(holders.map(({ user }) => user.user_id))
    const secondWave = await Promise.all(
      members
        .filter(({ userId }) => !holding.has(userId))
        .map(async (member) => {
          for (let attempt = 1; ; attempt++) {
            const answer = await call(
              second.url,
              'POST',
              '/registration',
              member.token,
              registrationRequest(),
            )
            // Tried again as the PWA lets the person do: after highTraffic, or after purchaseSessionTimedOut
            // (register again), which a request slower than its claim gets on a loaded machine.
            const again =
              answer.status === 503 ||
              (answer.body as { message?: string })?.message === 'purchaseSessionTimedOut'
            if (!again || attempt === 50) return answer
            await new Promise((resolve) => setTimeout(resolve, 50))
          }
        }),
    )
    expect(secondWave.filter(({ status }) => status === 201)).toHaveLength(capacity - withSession)
    for (const answer of secondWave.filter(({ status }) => status !== 201)) {
      expect(answer).toEqual({ status: 409, body: { message: 'soldOut' } })
    }
    const finalHolders = holdersIn(await listed())
    expect(finalHolders).toHaveLength(capacity)

    // Stopped gracefully, the data agrees: the counter is the capacity and every one of its spots has a holder.
    expect(await second.stop()).toBe(0)
    const errors = second.logLines().filter((line) => line.includes('"level":"error"'))
    expect(errors).toEqual([])
    const final = await openData()
    cleanups.push(() => final.close())
    expect((await inventoryConsistency(final)).find(({ tier }) => tier === 'member')).toEqual({
      tier: 'member',
      taken: capacity,
      holding: capacity,
      capacity,
    })
  }, 180_000)
})
