import { type Clock, defaultFeatureFlags, type FeatureFlags } from '@furfes/core'
import { eq } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { featureFlags } from '../db/schema.ts'

export interface FeatureFlagService {
  get(): Promise<FeatureFlags>
  set(flags: FeatureFlags, adminId: string): Promise<FeatureFlags>
}

/** Writes the spec's defaults once; a database that has flags keeps them. */
export async function seedFeatureFlags(db: Executor, clock: Clock): Promise<void> {
  await db
    .insert(featureFlags)
    .values({ id: 1, ...defaultFeatureFlags, updatedAt: new Date(clock()) })
    .onConflictDoNothing()
}

/**
 * The flags live in the database so every instance agrees. Each instance keeps them for `cacheMs` (every
 * member request reads the maintenance flag); a change made through this instance is seen at once, one made
 * through another instance within `cacheMs`.
 */
export function createFeatureFlagService(options: {
  db: Executor
  clock: Clock
  cacheMs: number
}): FeatureFlagService {
  const { db, clock } = options
  let cached: { flags: FeatureFlags; until: number } | undefined
  let loading: Promise<FeatureFlags> | undefined
  // A read that started before a change must not cache what it read over the change.
  let version = 0

  async function load(): Promise<FeatureFlags> {
    const started = version
    const [row] = await db.select().from(featureFlags).where(eq(featureFlags.id, 1))
    const flags: FeatureFlags = row
      ? {
          isNewClubActivityEstablishmentAvailable: row.isNewClubActivityEstablishmentAvailable,
          isRegistrationAvailable: row.isRegistrationAvailable,
          isUnderMaintenance: row.isUnderMaintenance,
        }
      : { ...defaultFeatureFlags }
    if (started === version) cached = { flags, until: clock() + options.cacheMs }
    return flags
  }

  return {
    async get() {
      if (cached && cached.until > clock()) return cached.flags
      loading ??= load().finally(() => {
        loading = undefined
      })
      return loading
    },
    async set(flags, adminId) {
      const now = new Date(clock())
      version++
      await db
        .insert(featureFlags)
        .values({ id: 1, ...flags, updatedAt: now, updatedBy: adminId })
        .onConflictDoUpdate({
          target: featureFlags.id,
          set: { ...flags, updatedAt: now, updatedBy: adminId },
        })
      cached = { flags: { ...flags }, until: clock() + options.cacheMs }
      return { ...flags }
    },
  }
}
