import { type Clock, defaultFeatureFlags, type FeatureFlags } from '@furfes/core'
import { eq, sql } from 'drizzle-orm'
import { type Executor, queryRows } from '../db/database.ts'
import { featureFlags } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import { currentEditionId, eventCancelledIn } from './event-cancellation-run.ts'

export interface FeatureFlagService {
  /**
   * The flags in force. Once the event is cancelled (an event-cancelled run exists, decision 113) registration
   * is off whatever the stored flag says, and `isEventCancelled` is true.
   */
  get(): Promise<FeatureFlags>
  /** Stores the flags; switching registration on is refused (409 eventCancelled) once the event is cancelled. */
  set(flags: FeatureFlags, actor: AuditActor): Promise<FeatureFlags>
  /** Switches registration off, leaving the other flags as they are (the event-cancelled run starts). */
  closeRegistration(adminId: string): Promise<void>
}

/** Writes the spec's defaults once; a database that has flags keeps them. */
export async function seedFeatureFlags(db: Executor, clock: Clock): Promise<void> {
  await db
    .insert(featureFlags)
    .values({ id: 1, ...defaultFeatureFlags, updatedAt: new Date(clock()) })
    .onConflictDoNothing()
}

/**
 * Whether the current edition's event is cancelled: a run of it exists, and the event is then cancelled for good
 * (decision 162). Another edition's run does not close this one's registration.
 */
const eventCancelled = eventCancelledIn(currentEditionId)

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
    const [row] = await db
      .select({
        isNewClubActivityEstablishmentAvailable: featureFlags.isNewClubActivityEstablishmentAvailable,
        isRegistrationAvailable: featureFlags.isRegistrationAvailable,
        isUnderMaintenance: featureFlags.isUnderMaintenance,
        isEventCancelled: eventCancelled,
      })
      .from(featureFlags)
      .where(eq(featureFlags.id, 1))
    const stored = row ?? { ...defaultFeatureFlags, isEventCancelled: false }
    const flags: FeatureFlags = {
      ...stored,
      isRegistrationAvailable: stored.isRegistrationAvailable && !stored.isEventCancelled,
    }
    if (started === version) cached = { flags, until: clock() + options.cacheMs }
    return flags
  }

  /** Forgets the cached flags and reads them again, so this instance sees its own change at once. */
  function reload(): Promise<FeatureFlags> {
    version++
    cached = undefined
    return load()
  }

  return {
    async get() {
      if (cached && cached.until > clock()) return cached.flags
      loading ??= load().finally(() => {
        loading = undefined
      })
      return loading
    },
    async set(flags, actor) {
      const adminId = actor.id
      const now = new Date(clock())
      const stored = {
        isNewClubActivityEstablishmentAvailable: flags.isNewClubActivityEstablishmentAvailable,
        isRegistrationAvailable: flags.isRegistrationAvailable,
        isUnderMaintenance: flags.isUnderMaintenance,
      }
      if (stored.isRegistrationAvailable) {
        const [run] = await queryRows<{ cancelled: boolean }>(db, sql`select ${eventCancelled} as cancelled`)
        // Even if a run starts right after this check, get() keeps registration off while it exists.
        if (run?.cancelled) throw productError(409, 'eventCancelled')
      }
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            isNewClubActivityEstablishmentAvailable: featureFlags.isNewClubActivityEstablishmentAvailable,
            isRegistrationAvailable: featureFlags.isRegistrationAvailable,
            isUnderMaintenance: featureFlags.isUnderMaintenance,
          })
          .from(featureFlags)
          .where(eq(featureFlags.id, 1))
          .for('update')
        await tx
          .insert(featureFlags)
          .values({ id: 1, ...stored, updatedAt: now, updatedBy: adminId })
          .onConflictDoUpdate({
            target: featureFlags.id,
            set: { ...stored, updatedAt: now, updatedBy: adminId },
          })
        // Who switched what is in the audit trail (decision 157).
        await recordAudit(tx as unknown as Executor, {
          at: now,
          actor,
          action: 'featureFlagsChanged',
          subject: 'feature_flags',
          details: { before: before ?? null, after: stored },
        })
      })
      return reload()
    },
    async closeRegistration(adminId) {
      const now = new Date(clock())
      await db
        .update(featureFlags)
        .set({ isRegistrationAvailable: false, updatedAt: now, updatedBy: adminId })
        .where(eq(featureFlags.id, 1))
      await reload()
    },
  }
}
