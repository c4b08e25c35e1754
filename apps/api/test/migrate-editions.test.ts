import { randomUUID } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type DashboardWire,
  type EventCancellationRunWire,
  firstEdition,
  type RegistrationWire,
} from '@furfes/core'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, type DatabaseKind, openDatabase, queryRows } from '../src/db/database.ts'
import { migrate } from '../src/db/migrate.ts'
import { migrationsFolder } from '../src/server.ts'
import { seedEditions } from '../src/services/editions.ts'
import { createPostgresDatabase, createTestApi, databaseKinds } from './support/harness.ts'

/*
 * Registrations, waiting-list entries and the inventory belong to an edition from migration 0011 on (decision
 * 158). A database the previous schema (up to 0010) built, with a row in every table and no edition yet, must
 * come out of the next start with all of it in the first edition, and the app must work on it.
 */

const lastBeforeEditions = 10

/** The committed migrations up to `last`, as a folder of their own. */
function migrationsUpTo(last: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'furfes-migrations-0010-'))
  cpSync(migrationsFolder, folder, { recursive: true })
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] }
  journal.entries = journal.entries.filter((entry) => entry.idx <= last)
  writeFileSync(journalPath, JSON.stringify(journal))
  return folder
}

async function emptyDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', dataDir: undefined })
  return openDatabase({ kind: 'postgres', url: await createPostgresDatabase(), poolSize: 2 })
}

const paidUser = randomUUID()
const waitingUser = randomUUID()
const paidId = randomUUID()
const expiredId = randomUUID()
const at = "timestamptz '2025-03-01 10:00:00+09'"

/** One row in every table of the 0010 schema but the editions': a paid member with everything around it. */
const previousData = `
  insert into users (user_id, email, created_at) values
    ('${paidUser}', 'paid@example.com', ${at}), ('${waitingUser}', 'waiting@example.com', ${at});
  insert into feature_flags (id, is_new_club_activity_establishment_available, is_registration_available,
    is_under_maintenance, updated_at) values (1, false, true, false, ${at});
  insert into tier_inventory (registration_tier, capacity, taken) values
    ('member', 5, 1), ('fursuiter', 3, 0), ('sponsor', 2, 0), ('sponsor_fursuiter', 1, 0);
  insert into registrations (registration_id, user_id, registration_tier, badge_name, payment_status, amount_jpy,
    checkout_session_id, expires_at, created_at, updated_at, paid_at, language) values
    ('${paidId}', '${paidUser}', 'member', 'きつね', 'paid', 5000, 'cs_paid', ${at}, ${at}, ${at}, ${at}, 'ja'),
    ('${expiredId}', '${waitingUser}', 'member', 'たぬき', 'expired', 5000, 'cs_expired', ${at}, ${at}, ${at},
      null, 'en');
  insert into profiles (user_id, privacy, handle_name, urls, updated_at) values
    ('${paidUser}', 'public', 'Kitsune', '[]', ${at});
  insert into registration_additional_info (user_id, club_activity_x_username, updated_at) values
    ('${paidUser}', 'kitsune', ${at});
  insert into signing_keys (kid, private_jwk, public_jwk, created_at) values ('old-key', '{}', '{}', ${at});
  insert into waiting_list_entries (entry_id, user_id, registration_tier, badge_name, language, status, joined_at,
    updated_at) values ('${randomUUID()}', '${waitingUser}', 'member', 'たぬき', 'en', 'left', ${at}, ${at});
  insert into mail_outbox (mail_id, kind, registration_id, next_attempt_at, created_at) values
    ('${randomUUID()}', 'receipt', '${paidId}', ${at}, ${at});
  insert into check_ins (id, registration_id, device_id, checked_in_at, kind, status, received_at, received_by)
    values ('${randomUUID()}', '${paidId}', 'tablet-a', ${at}, 'check_in', 'rejected', ${at}, 'staff');
  insert into check_in_states (registration_id, updated_at) values ('${paidId}', ${at});
  insert into payment_webhook_events (event_id, event_type, event_created_at, received_at, claimed_at) values
    ('evt_1', 'checkout.session.completed', ${at}, ${at}, ${at});
  insert into checkout_sessions_to_end (checkout_session_id, registration_id, since) values
    ('cs_expired', '${expiredId}', ${at});
  insert into automatic_refunds (checkout_session_id, registration_id, amount_jpy, reason, status, owed_at) values
    ('cs_expired', '${expiredId}', 5000, 'hold_ended', 'refunded', ${at});
  insert into refund_attempts (registration_id, attempt, provider_key, amount_jpy, policy_amount_jpy, source,
    status, requested_at) values ('${expiredId}', 1, 'key-1', 0, 0, 'staff', 'failed', ${at});
  insert into registration_refunds (registration_id, amount_jpy, policy_amount_jpy, source, refunded_at) values
    ('${expiredId}', 0, 0, 'staff', ${at});
  insert into event_cancellation_runs (run_id, expenses_per_person_jpy, status, total_registrations, started_by,
    started_at) values ('${randomUUID()}', 0, 'finished', 0, 'committee', ${at});
  insert into revoked_access_tokens (token_id, user_id, expires_at, revoked_at) values
    ('jti-1', '${paidUser}', ${at}, ${at});
  insert into staff_audit (at, actor_id, action, subject, details) values
    (${at}, 'committee', 'csvExported', 'participants', '{}');
`

describe.each(databaseKinds)('migration 0011 on %s', (kind) => {
  let database: Database
  let folder: string

  beforeAll(async () => {
    database = await emptyDatabase(kind)
    folder = migrationsUpTo(lastBeforeEditions)
  })
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true })
    await database.close()
  })

  it('puts every row of a database without editions in the first edition, and the app works on it', async () => {
    expect(await migrate(database.db, folder)).toEqual({ applied: lastBeforeEditions + 1 })
    for (const statement of previousData.split(';').filter((text) => text.trim() !== '')) {
      await database.db.execute(statement)
    }

    // The next start: the first edition is seeded before migration 0011, which moves the rows into it.
    const sut = await createTestApi(database)

    const counts = await queryRows<{ name: string; edition_id: string; n: number }>(
      database.db,
      sql.raw(`
        select 'registrations' as name, edition_id, count(*)::int as n from registrations group by edition_id
        union all
        select 'waiting_list_entries', edition_id, count(*)::int from waiting_list_entries group by edition_id
        union all
        select 'tier_inventory', edition_id, count(*)::int from tier_inventory group by edition_id
        union all
        select 'current_edition', edition_id, count(*)::int from current_edition group by edition_id
        union all
        select 'event_cancellation_runs', edition_id, count(*)::int from event_cancellation_runs group by edition_id
        order by 1`),
    )
    expect(counts.map((row) => [row.name, row.edition_id, Number(row.n)])).toEqual([
      ['current_edition', firstEdition.id, 1],
      ['event_cancellation_runs', firstEdition.id, 1],
      ['registrations', firstEdition.id, 2],
      ['tier_inventory', firstEdition.id, 4],
      ['waiting_list_entries', firstEdition.id, 1],
    ])

    // The paid member's registration reads back from the first edition.
    const token = await sut.memberToken(paidUser)
    const registration = await sut.request('GET', '/registration', { token })
    expect(registration.status).toBe(200)
    expect(registration.body).toMatchObject({
      registration_tier: 'member',
      payment_status: 'paid',
    } satisfies Partial<RegistrationWire>)

    // The figures add up: the paid member holds the member tier's one taken spot, its yen are the revenue.
    const dashboard = await sut.request('GET', '/admin/dashboard', { token: await sut.adminToken() })
    expect(dashboard.status).toBe(200)
    const member = (dashboard.body as DashboardWire).tiers.find((tier) => tier.registration_tier === 'member')
    expect(member).toMatchObject({ capacity: 5, paid: 1, pending: 0, spots_left: 4 })
  })
})

/*
 * The event-cancelled run belongs to an edition from migration 0013 on (decision 162). A database of the 0012
 * schema whose current edition is the second one, with a run recorded, must come out of the next start with the
 * run in the edition current at migration time, and the API must answer it as that edition's run.
 */
describe.each(databaseKinds)('migration 0013 on %s', (kind) => {
  const lastBeforeRunEditions = 12
  let database: Database
  let folder: string

  beforeAll(async () => {
    database = await emptyDatabase(kind)
    folder = migrationsUpTo(lastBeforeRunEditions)
  })
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true })
    await database.close()
  })

  it("puts a recorded run in the edition current at migration time, and answers it as that edition's", async () => {
    expect(await migrate(database.db, folder)).toEqual({ applied: lastBeforeRunEditions + 1 })
    const clock = () => Date.parse('2025-06-01T10:00:00+09:00')
    const deps = { db: database.db, clock }
    await seedEditions(deps, firstEdition)
    // The next edition made current, written with the columns editions had then: today's services would
    // name the columns later migrations add to editions.
    const next = { edition: { id: '2026' } }
    await database.db.execute(
      sql`insert into editions (edition_id, settings, status, version, created_at, updated_at, updated_by)
          select ${next.edition.id}, settings, 'published', 1, created_at, updated_at, 'committee'
          from editions where edition_id = ${firstEdition.id}`,
    )
    await database.db.execute(sql`update current_edition set edition_id = ${next.edition.id}`)
    const runId = randomUUID()
    const startedAt = '2025-05-09T12:00:00+09:00'
    await database.db.execute(
      sql`insert into event_cancellation_runs (run_id, expenses_per_person_jpy, status, total_registrations,
            started_by, started_at, finished_at)
          values (${runId}, 500, 'finished', 0, 'committee', ${startedAt}::timestamptz, ${startedAt}::timestamptz)`,
    )

    // The next start applies 0013.
    const sut = await createTestApi(database)

    const runs = await queryRows<{ run_id: string; edition_id: string }>(
      database.db,
      sql`select run_id, edition_id from event_cancellation_runs`,
    )
    expect(runs).toEqual([{ run_id: runId, edition_id: next.edition.id }])
    const status = await sut.request('GET', '/admin/event-cancellation', { token: await sut.adminToken() })
    expect(status).toMatchObject({
      status: 200,
      body: {
        run_id: runId,
        status: 'finished',
        expenses_per_person_jpy: 500,
      } satisfies Partial<EventCancellationRunWire>,
    })
  })
})
