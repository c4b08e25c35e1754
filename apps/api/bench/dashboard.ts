/*
 * `npm run bench` (apps/api): GET /admin/dashboard's database work at 5,000 participants, on PGlite and on
 * PostgreSQL 15 (durable settings, as in production). The seeded event: 5,000 users, 4,000 paid registrations
 * over 60 days in the four tiers, 400 pending, 300 expired, 300 canceled; 3,000 check-ins in force from eight
 * devices over the morning. Results and how to read them: docs/benchmarks.md.
 *
 *   node bench/dashboard.ts [--only=pglite,postgres] [--participants=5000] [--runs=50]
 */
import { firstEdition } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { type DatabaseOptions, openDatabase } from '../src/db/database.ts'
import { prepareDatabase } from '../src/server.ts'
import { dashboard } from '../src/services/dashboard.ts'
import { type PostgresCluster, startPostgresCluster } from '../test/support/postgres-cluster.ts'
import { benchArgs, percentile } from './load.ts'

const args = benchArgs()
const scenarios = (args.get('only') ?? 'pglite,postgres').split(',')
const participants = Number(args.get('participants') ?? 5000)
const runs = Number(args.get('runs') ?? 50)
const now = Date.parse('2025-05-10T12:00:00+09:00')

/** The event in bulk statements (generate_series), so seeding 5,000 people takes seconds, not minutes. */
async function seed(options: DatabaseOptions) {
  const database = await openDatabase(options)
  await prepareDatabase(database.db, {
    clock: () => now,
    capacities: {
      member: participants,
      fursuiter: participants,
      sponsor: participants,
      sponsor_fursuiter: participants,
    },
  })
  const paid = Math.round(participants * 0.8)
  const pending = Math.round(participants * 0.08)
  const expired = Math.round(participants * 0.06)
  await database.db.execute(sql`
    insert into users (user_id, email, created_at)
    select md5('user' || n)::uuid, 'p' || n || '@bench.example', timestamptz '2025-03-01 10:00+09' + n * interval '1 minute'
    from generate_series(1, ${participants}) n`)
  await database.db.execute(sql`
    insert into registrations (registration_id, edition_id, user_id, registration_tier, badge_name, payment_status,
      amount_jpy, expires_at, created_at, updated_at, paid_at)
    select md5('registration' || n)::uuid, ${firstEdition.id}, md5('user' || n)::uuid,
      (array['member', 'fursuiter', 'sponsor', 'sponsor_fursuiter'])[1 + n % 4], 'Badge ' || n,
      case when n <= ${paid} then 'paid' when n <= ${paid + pending} then 'pending'
        when n <= ${paid + pending + expired} then 'expired' else 'canceled' end,
      (array[3000, 4000, 10000, 11000])[1 + n % 4],
      case when n <= ${paid} then timestamptz '2025-03-01 10:00+09'
        else ${new Date(now).toISOString()}::timestamptz + interval '1 day' end,
      timestamptz '2025-03-01 10:00+09' + (n % 60) * interval '1 day',
      timestamptz '2025-03-01 10:00+09' + (n % 60) * interval '1 day',
      case when n <= ${paid} then timestamptz '2025-03-01 10:00+09' + (n % 60) * interval '1 day' + (n % 24) * interval '1 hour' end
    from generate_series(1, ${participants}) n`)
  await database.db.execute(sql`
    update tier_inventory i set taken = (select count(*) from registrations r
      where r.edition_id = i.edition_id and r.registration_tier = i.registration_tier
        and r.payment_status in ('paid', 'pending'))`)
  const checkedIn = Math.round(paid * 0.75)
  await database.db.execute(sql`
    insert into check_ins (id, registration_id, device_id, device_name, checked_in_at, kind, status, received_at, received_by)
    select md5('check-in' || n)::uuid, md5('registration' || n)::uuid, 'device-' || (n % 8), '受付' || (n % 8),
      timestamptz '2025-05-10 10:00+09' + n * interval '2 seconds', 'check_in', 'accepted',
      timestamptz '2025-05-10 10:00+09' + n * interval '2 seconds', 'bench-admin'
    from generate_series(1, ${checkedIn}) n`)
  await database.db.execute(sql`
    insert into check_in_states (registration_id, check_in_id, updated_at)
    select md5('registration' || n)::uuid, md5('check-in' || n)::uuid, timestamptz '2025-05-10 10:00+09'
    from generate_series(1, ${checkedIn}) n`)
  await database.db.execute(sql`analyze`)
  return database
}

async function measure(name: string, options: DatabaseOptions) {
  const database = await seed(options)
  try {
    const first = await dashboard(database.db, firstEdition.id, now)
    if (first.paid !== Math.round(participants * 0.8))
      throw new Error(`Seeded ${first.paid} paid, expected more`)
    for (let warm = 0; warm < 5; warm++) await dashboard(database.db, firstEdition.id, now)
    const times: number[] = []
    for (let run = 0; run < runs; run++) {
      const started = performance.now()
      await dashboard(database.db, firstEdition.id, now)
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const round = (ms: number) => Math.round(ms * 10) / 10
    return `| ${name} | ${participants} | ${first.checkedIn} | ${runs} | ${round(percentile(times, 50))} | ${round(percentile(times, 95))} | ${round(times.at(-1) ?? 0)} |`
  } finally {
    await database.close()
  }
}

async function main() {
  let cluster: PostgresCluster | undefined
  const rows: string[] = []
  try {
    if (scenarios.includes('pglite'))
      rows.push(await measure('PGlite', { kind: 'pglite', dataDir: undefined }))
    if (scenarios.includes('postgres')) {
      cluster = await startPostgresCluster({ durable: true })
      const url = await cluster.createDatabase(`bench_dashboard_${Date.now()}`)
      rows.push(await measure('PostgreSQL 15', { kind: 'postgres', url, poolSize: 4 }))
    }
  } finally {
    await cluster?.stop()
  }
  console.log('Dashboard figures (GET /admin/dashboard, database work), ms:')
  console.log('| database | participants | checked in | runs | median | p95 | max |')
  console.log('|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
}

await main()
