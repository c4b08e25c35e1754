import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/db/database.ts'
import { migrate } from '../../src/db/migrate.ts'
import { migrationsFolder } from '../../src/server.ts'
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throw-away PostgreSQL 15 cluster; each test file creates its database in it. */
    postgresUrl: string
    /** A dump of a migrated PGlite: test files load it instead of running PGlite's slow initdb each. */
    pgliteTemplate: string
    /** A migrated database in that cluster: test files' databases are copies of it, not migrated each. */
    postgresTemplate: string
  }
}

async function pgliteTemplate(folder: string): Promise<string> {
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined })
  try {
    await migrate(database.db, migrationsFolder)
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client
    const dump = await client.dumpDataDir('none')
    const path = join(folder, 'pglite-template.tar')
    writeFileSync(path, new Uint8Array(await dump.arrayBuffer()))
    return path
  } finally {
    await database.close()
  }
}

async function postgresTemplate(cluster: PostgresCluster): Promise<string> {
  const name = 'furfes_migrated'
  const database = await openDatabase({
    kind: 'postgres',
    url: await cluster.createDatabase(name),
    poolSize: 1,
  })
  try {
    await migrate(database.db, migrationsFolder)
  } finally {
    // PostgreSQL copies a template only while nobody is connected to it.
    await database.close()
  }
  return name
}

/**
 * One PostgreSQL cluster holding a migrated template database, and one migrated PGlite image, for the api
 * project's run; deleted at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'furfes-api-test-'))
  const [cluster, template] = await Promise.all([
    startPostgresCluster().then(async (started) => ({ started, template: await postgresTemplate(started) })),
    pgliteTemplate(folder),
  ])
  project.provide('postgresUrl', cluster.started.url)
  project.provide('postgresTemplate', cluster.template)
  project.provide('pgliteTemplate', template)
  return async () => {
    await cluster.started.stop()
    rmSync(folder, { recursive: true, force: true })
  }
}
