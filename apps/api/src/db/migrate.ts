import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { type Executor, queryRows } from './database.ts'

/**
 * Data steps that must run, in the migrating transaction, just before the migration of that number (its
 * `NNNN_` prefix) is applied: what plain SQL cannot write, such as a record core builds.
 */
export type MigrationSteps = Readonly<Record<number, (tx: Executor) => Promise<void>>>

/** An arbitrary constant: the advisory lock every API instance takes while migrating. */
const migrationLockKey = 727_001

/**
 * Applies the committed drizzle-kit migrations that are not applied yet, in one transaction under an advisory
 * lock: instances starting together on one PostgreSQL migrate one after the other, and the later ones find
 * nothing to do. Idempotent; the bookkeeping table is drizzle's own (`drizzle.__drizzle_migrations`), so
 * `drizzle-kit migrate` agrees with it.
 */
export async function migrate(
  db: Executor,
  migrationsFolder: string,
  steps: MigrationSteps = {},
): Promise<{ applied: number }> {
  const migrations = readMigrationFiles({ migrationsFolder })
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${migrationLockKey})`)
    await tx.execute(sql`create schema if not exists drizzle`)
    await tx.execute(sql`
      create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)
    `)
    const done = await queryRows<{ hash: string; created_at: string }>(
      tx,
      sql`select hash, created_at from drizzle.__drizzle_migrations`,
    )
    const appliedAt = new Map(done.map((row) => [Number(row.created_at), row.hash]))
    const last = Math.max(0, ...appliedAt.keys())
    let count = 0
    for (const [number, migration] of migrations.entries()) {
      const appliedHash = appliedAt.get(migration.folderMillis)
      if (appliedHash !== undefined && appliedHash !== migration.hash) {
        throw new Error(
          `Migration ${migration.folderMillis} was edited after it was applied; add a new one instead`,
        )
      }
      if (migration.folderMillis <= last) continue
      await steps[number]?.(tx)
      for (const statement of migration.sql) {
        if (statement.trim() !== '') await tx.execute(sql.raw(statement))
      }
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      )
      count++
    }
    return { applied: count }
  })
}
