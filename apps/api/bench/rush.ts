/*
 * `npm run bench` (apps/api): the registration rush and read throughput against real API processes
 * (`node src/main.ts`, configured by environment only) on loopback ports: PGlite, PostgreSQL 15, and two API
 * instances sharing one PostgreSQL. Every winner opens a real Checkout Session through the Stripe SDK against
 * the Stripe emulator (its own process, as `npm start` runs it). Results and how to read them:
 * docs/benchmarks.md.
 *
 *   node bench/rush.ts [--only=pglite,postgres,postgres-x2] [--users=2000] [--capacity=500] [--concurrency=200,2000]
 *     [--reads=false] [--profile=<dir>] [--token-recheck-seconds=<n>]
 *
 * --token-recheck-seconds sets the API's TOKEN_RECHECK_SECONDS (decision 055); 0 makes every request ask
 * Cognito GetUser whether its token is still honoured, the worst case of the revocation check.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, type DatabaseOptions, openDatabase, queryRows } from '../src/db/database.ts'
import { packageRoot } from '../src/env.ts'
import { prepareDatabase } from '../src/server.ts'
import { type PostgresCluster, startPostgresCluster } from '../test/support/postgres-cluster.ts'
import { type FakeCognito, startFakeCognito } from './fake-cognito.ts'
import { benchArgs, createLoadClient, type LoadResult, percentile, runConcurrently } from './load.ts'
import { type ApiProcess, freePort, processCpuMs, startApiProcess } from './processes.ts'

const args = benchArgs()
const scenarios = (args.get('only') ?? 'pglite,postgres,postgres-x2').split(',')
const users = Number(args.get('users') ?? 2000)
const capacity = Number(args.get('capacity') ?? 500)
const concurrencies = (args.get('concurrency') ?? '200,2000').split(',').map(Number)
const withReadBenchmarks = args.get('reads') !== 'false'
const tokenRecheckSeconds = args.get('token-recheck-seconds')
const logDir = process.env.BENCH_API_LOG_DIR
/** --profile=<dir>: a CPU profile of each API process during the timed rush (open in Chrome DevTools). */
const profileDir = args.get('profile')
const pwaUrl = 'http://localhost:5173'
const benchTimeoutMs = 15 * 60 * 1000

const children = new Set<ChildProcess>()
const cleanups: (() => Promise<unknown> | unknown)[] = []

async function cleanup() {
  for (const child of children) child.kill('SIGKILL')
  for (const step of cleanups.reverse()) await step()
}

// Bounded in time: whatever happens, nothing keeps running after this.
const watchdog = setTimeout(async () => {
  console.error(`The benchmark did not finish within ${benchTimeoutMs / 60000} minutes; stopping.`)
  await cleanup()
  process.exit(1)
}, benchTimeoutMs)

/** CPU ms of a process and all its descendants (the PostgreSQL server and its backends). */
function treeCpuMs(root: number | undefined): number {
  if (root === undefined) return Number.NaN
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      parents.set(Number(entry), Number(fields[1]))
    } catch {}
  }
  let total = 0
  for (const pid of parents.keys()) {
    for (
      let current: number | undefined = pid;
      current !== undefined && current > 1;
      current = parents.get(current)
    ) {
      if (current === root) {
        total += processCpuMs(pid)
        break
      }
    }
  }
  return total
}

const stripeSecretKey = 'sk_test_furfes_bench_key'
const stripeWebhookSecret = 'whsec_furfes_bench_secret'

interface StripeEmulator {
  env: Record<string, string>
  cpuMs(): number
  stop(): Promise<unknown>
}

/**
 * The Stripe emulator as `npm start` runs it (`node src/main.ts`), state in memory. Nobody pays in the rush, so
 * it sends no webhooks; it answers the SDK's session creations (and the warm-up's).
 */
async function startStripeEmulator(): Promise<StripeEmulator> {
  const port = await freePort()
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: join(dirname(packageRoot), 'stripe-emulator'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STRIPE_SECRET_KEY: stripeSecretKey,
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      STRIPE_WEBHOOK_URL: '',
      DATA_DIR: '',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  children.add(child)
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error('The Stripe emulator exited during start')
    try {
      if ((await fetch(`${url}/health`)).ok) break
    } catch {}
    if (attempt > 600) throw new Error('The Stripe emulator did not become healthy within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    env: {
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_API_URL: url,
      STRIPE_SECRET_KEY: stripeSecretKey,
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    },
    cpuMs: () => processCpuMs(child.pid),
    stop: () => {
      child.kill('SIGTERM')
      return exited
    },
  }
}

/** An API process; BENCH_API_NODE_OPTIONS reaches the API processes only (e.g. --cpu-prof). */
async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const api = await startApiProcess(env, {
    inspect: profileDir !== undefined,
    nodeOptions: process.env.BENCH_API_NODE_OPTIONS ?? '',
    // BENCH_API_LOG_DIR keeps each API process's structured log (one JSON line per request) for analysis.
    log: logDir ? { file: join(logDir, `api-${randomUUID()}.log`) } : 'ignore',
  })
  children.add(api.child)
  api.child.once('exit', () => children.delete(api.child))
  return api
}

function summarise(results: LoadResult[], wallMs: number) {
  const sorted = results
    .map((result) => result.ms)
    .filter(Number.isFinite)
    .sort((a, b) => a - b)
  const statuses: Record<string, number> = {}
  for (const { status, message } of results) {
    const key = message ? `${status} ${message}` : String(status)
    statuses[key] = (statuses[key] ?? 0) + 1
  }
  return {
    requests: results.length,
    perSecond: Math.round((results.length / wallMs) * 1000),
    p50: Math.round(percentile(sorted, 50) * 10) / 10,
    p99: Math.round(percentile(sorted, 99) * 10) / 10,
    max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
    over1s: sorted.filter((ms) => ms > 1000).length,
    statuses,
  }
}

/** Paid participants with public profiles, written before the API starts (the read benchmark lists them). */
async function seed(options: DatabaseOptions, profiles: number): Promise<void> {
  const database = await openDatabase(options)
  try {
    await prepareDatabase(database.db, {
      clock: Date.now,
      capacities: { member: capacity, fursuiter: profiles, sponsor: 100, sponsor_fursuiter: 10 },
      // The rush runs on the wall clock: an edition on sale today.
      seed: 'development',
    })
    const now = new Date().toISOString()
    for (let index = 0; index < profiles; index++) {
      const userId = randomUUID()
      await database.db.execute(
        sql`insert into users (user_id, email, created_at) values (${userId}::uuid, ${`p${index}@bench.example`}, ${now}::timestamptz)`,
      )
      await database.db.execute(
        sql`insert into profiles (user_id, privacy, handle_name, urls, updated_at) values (${userId}::uuid, 'public', ${`Participant ${index}`}, ${JSON.stringify([`https://example.com/${index}`, 'https://bsky.app/profile/furfes'])}::jsonb, ${now}::timestamptz)`,
      )
      await database.db.execute(sql`insert into registrations (registration_id, edition_id, user_id, registration_tier, badge_name, t_shirt_size, changing_room_type, payment_status, amount_jpy, expires_at, created_at, updated_at, paid_at)
        values (${randomUUID()}::uuid, (select edition_id from current_edition), ${userId}::uuid, 'fursuiter', ${`Badge ${index}`}, null, 'male', 'paid', 4000, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz)`)
    }
    await database.db.execute(
      sql`update tier_inventory set taken = ${profiles}::integer
          where registration_tier = 'fursuiter' and edition_id = (select edition_id from current_edition)`,
    )
  } finally {
    await database.close()
  }
}

async function verify(options: DatabaseOptions) {
  const database: Database = await openDatabase(options)
  try {
    const [row] = await queryRows<{ pending: number; taken: number }>(
      database.db,
      sql`select (select count(*)::int from registrations where registration_tier = 'member' and payment_status = 'pending') as pending,
                 (select taken from tier_inventory where registration_tier = 'member'
                    and edition_id = (select edition_id from current_edition)) as taken`,
    )
    return { pending: Number(row?.pending), taken: Number(row?.taken) }
  } finally {
    await database.close()
  }
}

const registrationBody = (tier: string) => ({
  registration_tier: tier,
  badge_name: 'Rush',
  ...(tier === 'sponsor' ? { t_shirt_size: 'M' } : {}),
  agreed_to_rules: true,
  success_url: `${pwaUrl}/ja/mypage/dashboard?refresh=1`,
  cancel_url: `${pwaUrl}/ja/mypage/registration`,
})

async function scenario(
  name: string,
  concurrency: number,
  cognito: FakeCognito,
  stripe: StripeEmulator,
  cluster: PostgresCluster | undefined,
  withReads: boolean,
) {
  const instances = name === 'postgres-x2' ? 2 : 1
  const dataDir = mkdtempSync(join(tmpdir(), 'furfes-bench-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  let databaseUrl: string | undefined
  if (name !== 'pglite') {
    if (!cluster) throw new Error('No PostgreSQL cluster')
    databaseUrl = await cluster.createDatabase(`bench_${name.replace('-', '_')}_${concurrency}_${Date.now()}`)
  }
  const dbOptions: DatabaseOptions = databaseUrl
    ? { kind: 'postgres', url: databaseUrl, poolSize: 2 }
    : { kind: 'pglite', dataDir: join(dataDir, 'api', 'pglite') }
  await seed(dbOptions, 300)

  const env = {
    ...cognito.env,
    ...stripe.env,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    TIER_CAPACITIES: `member=${capacity},fursuiter=300,sponsor=100,sponsor_fursuiter=10`,
    PWA_URL: pwaUrl,
    LOG_LEVEL: 'info',
    ...(tokenRecheckSeconds === undefined ? {} : { TOKEN_RECHECK_SECONDS: tokenRecheckSeconds }),
  }
  const apis: ApiProcess[] = []
  for (let index = 0; index < instances; index++) apis.push(await startApi(env))
  const urlFor = (index: number) => (apis[index % apis.length] as ApiProcess).url
  const client = createLoadClient(Math.max(concurrency, 64))
  try {
    // Warm-up, not timed: a server that has been up a while, and users who opened the registration page
    // (which reads their e-mail from Cognito) before the rush.
    const warmUsers = await Promise.all(Array.from({ length: 200 }, () => cognito.mint(randomUUID())))
    await runConcurrently(
      warmUsers.map(
        (token, index) => () =>
          client.send('POST', `${urlFor(index)}/registration`, token, registrationBody('sponsor')),
      ),
      50,
    )
    const tokens = await Promise.all(Array.from({ length: users }, () => cognito.mint(randomUUID())))
    await runConcurrently(
      tokens.map((token, index) => () => client.send('GET', `${urlFor(index)}/registration`, token)),
      Math.min(concurrency, 200),
    )

    let retries = 0
    const attempt = async (token: string, index: number): Promise<LoadResult> => {
      for (;;) {
        const result = await client.send(
          'POST',
          `${urlFor(index)}/registration`,
          token,
          registrationBody('member'),
        )
        // A refused request (highTraffic) is tried again, as the PWA lets the user do.
        if (result.status !== 503) return result
        retries++
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    const getUserBefore = cognito.getUserCalls()
    const cpuBefore = apis.reduce((sum, api) => sum + api.cpuMs(), 0)
    const stripeCpuBefore = stripe.cpuMs()
    const postgresCpuBefore = treeCpuMs(cluster?.pid)
    const clientCpuBefore = process.cpuUsage()
    const runRush = () =>
      runConcurrently(
        tokens.map((token, index) => () => attempt(token, index)),
        concurrency,
      )
    const rush = profileDir
      ? await (apis[0] as ApiProcess).profile(runRush, join(profileDir, `${name}-${concurrency}.cpuprofile`))
      : await runRush()
    // Where the CPU went, per attempt: the API processes, the PostgreSQL server, this load generator.
    const perAttempt = (ms: number) => Math.round((ms / users) * 100) / 100
    const clientCpu = process.cpuUsage(clientCpuBefore)
    const cpuMsPerAttempt = {
      api: perAttempt(apis.reduce((sum, api) => sum + api.cpuMs(), 0) - cpuBefore),
      postgres: name === 'pglite' ? 0 : perAttempt(treeCpuMs(cluster?.pid) - postgresCpuBefore),
      stripe: perAttempt(stripe.cpuMs() - stripeCpuBefore),
      client: perAttempt((clientCpu.user + clientCpu.system) / 1000),
    }
    // Cognito GetUser calls the rush caused (token checks and e-mail reads), per attempt.
    const getUserPerAttempt = Math.round(((cognito.getUserCalls() - getUserBefore) / users) * 100) / 100
    const summary = summarise(rush.results, rush.wallMs)
    const reads: Record<string, ReturnType<typeof summarise>> = {}
    if (withReads) {
      for (const [path, count] of [
        ['/features', 20_000],
        ['/public-profile', 3_000],
      ] as const) {
        const run = await runConcurrently(
          Array.from({ length: count }, (_, index) => () => client.send('GET', `${urlFor(index)}${path}`)),
          50,
        )
        reads[path] = summarise(run.results, run.wallMs)
      }
    }
    const exitCodes = await Promise.all(apis.map((api) => api.stop()))
    const held = await verify(dbOptions)
    // The machine is shared: the load average says how much of its two cores the benchmark really had.
    const loadAverage = Math.round((loadavg()[0] ?? 0) * 10) / 10
    return {
      name,
      concurrency,
      instances,
      summary,
      retries,
      held,
      exitCodes,
      reads,
      cpuMsPerAttempt,
      getUserPerAttempt,
      loadAverage,
    }
  } finally {
    client.close()
    await Promise.all(apis.map((api) => api.stop()))
  }
}

async function main() {
  const cognito = await startFakeCognito()
  cleanups.push(() => cognito.close())
  const stripe = await startStripeEmulator()
  cleanups.push(() => stripe.stop())
  let cluster: PostgresCluster | undefined
  if (scenarios.some((name) => name.startsWith('postgres'))) {
    cluster = await startPostgresCluster({ durable: true })
    cleanups.push(() => cluster?.stop())
  }
  console.log(
    `Registration rush: ${users} attempts on a ${capacity}-spot tier; concurrency ${concurrencies.join(', ')}`,
  )
  const rows: string[] = []
  const reads: string[] = []
  let failed = false
  for (const name of scenarios) {
    for (const [index, concurrency] of concurrencies.entries()) {
      const result = await scenario(
        name,
        concurrency,
        cognito,
        stripe,
        cluster,
        withReadBenchmarks && index === 0 && name !== 'postgres-x2',
      )
      const won = result.summary.statuses['201'] ?? 0
      const exact = won === capacity && result.held.pending === capacity && result.held.taken === capacity
      if (!exact) failed = true
      const cpu = result.cpuMsPerAttempt
      rows.push(
        `| ${name} | ${concurrency} | ${result.summary.perSecond} | ${result.summary.p50} | ${result.summary.p99} | ` +
          `${won} | ${result.held.taken} | ${result.retries} | ` +
          `${cpu.api} / ${cpu.postgres} / ${cpu.stripe} / ${cpu.client} | ` +
          `${result.getUserPerAttempt} | ${result.loadAverage} |`,
      )
      console.log(JSON.stringify(result))
      for (const [path, read] of Object.entries(result.reads)) {
        reads.push(
          `| ${name} | ${path} | 50 | ${read.perSecond} | ${read.p50} | ${read.p99} | ${read.requests} |`,
        )
      }
    }
  }
  console.log(
    '\n| database | clients | attempts/s | p50 ms | p99 ms | 201 | taken | 503 retried | CPU ms/attempt: API / PostgreSQL / Stripe emulator / client | GetUser/attempt | load avg |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
  console.log('\n| database | read | clients | requests/s | p50 ms | p99 ms | requests |')
  console.log('|---|---|---|---|---|---|---|')
  for (const row of reads) console.log(row)
  if (failed) {
    console.error('\nOVERSOLD OR UNDERSOLD: the number of spots taken is not the capacity.')
    process.exitCode = 1
  }
}

try {
  await main()
} finally {
  clearTimeout(watchdog)
  await cleanup()
}
