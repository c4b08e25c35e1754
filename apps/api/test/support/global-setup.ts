import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/db/database.ts'
import { migrate } from '../../src/db/migrate.ts'
import { migrationsFolder } from '../../src/server.ts'
import { startPostgresCluster } from './postgres-cluster.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throw-away PostgreSQL 15 cluster; each test file creates its database in it. */
    postgresUrl: string
    /** A dump of a migrated PGlite: test files load it instead of running PGlite's slow initdb each. */
    pgliteTemplate: string
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

/** One PostgreSQL cluster and one migrated PGlite image for the api project's run, deleted at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'furfes-api-test-'))
  const [cluster, template] = await Promise.all([startPostgresCluster(), pgliteTemplate(folder)])
  project.provide('postgresUrl', cluster.url)
  project.provide('pgliteTemplate', template)
  return async () => {
    await cluster.stop()
    rmSync(folder, { recursive: true, force: true })
  }
}
