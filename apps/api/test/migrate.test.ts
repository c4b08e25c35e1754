import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, queryRows } from '../src/db/database.ts'
import { migrate } from '../src/db/migrate.ts'
import { migrationsFolder } from '../src/server.ts'
import { createPostgresDatabase, openTestDatabase } from './support/harness.ts'

const migrationCount = readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')).length

describe('migrations', () => {
  it('apply once on PostgreSQL even when two instances start at the same moment, then never again', async () => {
    const url = await createPostgresDatabase()
    const [first, second] = await Promise.all([
      openDatabase({ kind: 'postgres', url, poolSize: 2 }),
      openDatabase({ kind: 'postgres', url, poolSize: 2 }),
    ])
    try {
      const results = await Promise.all([
        migrate(first.db, migrationsFolder),
        migrate(second.db, migrationsFolder),
      ])
      expect(results.map((result) => result.applied).sort()).toEqual([0, migrationCount])
      expect(await migrate(first.db, migrationsFolder)).toEqual({ applied: 0 })
      const { sql } = await import('drizzle-orm')
      const tables = await queryRows<{ name: string }>(
        first.db,
        sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
      )
      expect(tables.map((table) => table.name)).toEqual([
        'addon_products',
        'addon_purchases',
        'announcement_recipients',
        'announcements',
        'automatic_refunds',
        'badge_prints',
        'check_in_states',
        'check_ins',
        'checkout_sessions_to_end',
        'current_edition',
        'edition_changes',
        'editions',
        'event_cancellation_runs',
        'feature_flags',
        'goods_ticks',
        'guardian_links',
        'mail_outbox',
        'payment_webhook_events',
        'profiles',
        'push_outbox',
        'push_subscriptions',
        'refund_attempts',
        'refund_splits',
        'registration_additional_info',
        'registration_attention',
        'registration_refunds',
        'registrations',
        'revoked_access_tokens',
        'signing_keys',
        'staff_audit',
        'tier_changes',
        'tier_inventory',
        'timetable_drafts',
        'timetable_versions',
        'users',
        'waiting_list_entries',
      ])
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })

  it('are idempotent on PGlite and refuse a migration edited after it was applied', async () => {
    // The run's PGlite image was migrated from nothing in the global setup.
    const { database } = await openTestDatabase('pglite')
    const folder = mkdtempSync(join(tmpdir(), 'furfes-migrations-'))
    try {
      cpSync(migrationsFolder, folder, { recursive: true })
      expect(await migrate(database.db, folder)).toEqual({ applied: 0 })
      const first = readdirSync(folder).find((name) => name.endsWith('.sql')) ?? ''
      appendFileSync(join(folder, first), '\n-- edited\n')
      await expect(migrate(database.db, folder)).rejects.toThrow(/was edited after it was applied/)
    } finally {
      rmSync(folder, { recursive: true, force: true })
      await database.close()
    }
  })
})
