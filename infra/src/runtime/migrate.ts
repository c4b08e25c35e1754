/*
 * Runs at every deployment (a CloudFormation trigger, before the API function is updated): the committed
 * drizzle migrations, the default feature flags and the configured tier capacities. Idempotent, and safe
 * beside running API instances: the API's migrate() holds an advisory lock while it works.
 */
import { openDatabase } from '@furfes/api/src/db/database.ts'
import { readEnv } from '@furfes/api/src/env.ts'
import { prepareDatabase } from '@furfes/api/src/server.ts'
import { loadSecretsIntoProcessEnv } from './aws-secrets.ts'

export async function handler(): Promise<{ status: 'migrated' }> {
  await loadSecretsIntoProcessEnv()
  const env = readEnv(process.env)
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set: the migrator needs the database secret')
  const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 })
  try {
    await prepareDatabase(database.db, { clock: () => Date.now(), capacities: env.TIER_CAPACITIES })
  } finally {
    await database.close()
  }
  console.log(JSON.stringify({ level: 'info', msg: 'Database migrated', capacities: env.TIER_CAPACITIES }))
  return { status: 'migrated' }
}
