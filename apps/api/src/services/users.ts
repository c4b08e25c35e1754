import type { Clock } from '@furfes/core'
import { sql } from 'drizzle-orm'
import type { IdentityProvider, MemberAttributes } from '../auth/identity.ts'
import type { VerifiedToken } from '../auth/tokens.ts'
import type { Executor } from '../db/database.ts'
import { users } from '../db/schema.ts'
import type { Logger } from '../logger.ts'

export interface UserService {
  /**
   * Makes sure the member has a users row, and refreshes its e-mail from Cognito GetUser once per access
   * token and interval. Never fails the request: when GetUser fails the last known e-mail stays. Resolves to
   * the e-mail read, or undefined when GetUser failed (the stored one is then the best there is).
   */
  ensure(token: VerifiedToken): Promise<string | undefined>
}

/** Bounds the per-token memory; the oldest entries go first. */
const maxCachedTokens = 50_000

export function createUserService(options: {
  db: Executor
  identity: IdentityProvider
  clock: Clock
  logger: Logger
  /** How long a token's sync counts as fresh. An e-mail change is seen within this time, on the next call. */
  syncIntervalMs: number
  /** After a failed GetUser, how long to wait before trying again for the same token. */
  retryAfterFailureMs?: number
}): UserService {
  const { db, identity, clock, logger } = options
  const fresh = new Map<string, { until: number; email: string | undefined }>()
  const inFlight = new Map<string, Promise<string | undefined>>()

  async function readAttributes(token: VerifiedToken): Promise<MemberAttributes | undefined> {
    try {
      const attributes = await identity.getUser(token.token)
      if (attributes.sub === token.sub) return attributes
      logger.warn('GetUser answered for another user; e-mail not updated', { userId: token.sub })
    } catch (error) {
      logger.warn('GetUser failed; keeping the last known e-mail', { userId: token.sub, error })
    }
    return undefined
  }

  async function sync(token: VerifiedToken): Promise<string | undefined> {
    const attributes = await readAttributes(token)
    const now = new Date(clock())
    if (attributes) {
      await db
        .insert(users)
        .values({
          userId: token.sub,
          email: attributes.email,
          emailVerified: attributes.emailVerified,
          emailSyncedAt: now,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: users.userId,
          set: { email: attributes.email, emailVerified: attributes.emailVerified, emailSyncedAt: now },
          // Unchanged attributes are not rewritten.
          setWhere: sql`${users.email} is distinct from excluded.email or ${users.emailVerified} is distinct from excluded.email_verified`,
        })
    } else {
      await db.insert(users).values({ userId: token.sub, createdAt: now }).onConflictDoNothing()
    }
    const interval = attributes ? options.syncIntervalMs : (options.retryAfterFailureMs ?? 10_000)
    if (fresh.size >= maxCachedTokens) {
      const oldest = fresh.keys().next()
      if (!oldest.done) fresh.delete(oldest.value)
    }
    fresh.set(token.tokenId, { until: clock() + interval, email: attributes?.email })
    return attributes?.email
  }

  return {
    async ensure(token) {
      const known = fresh.get(token.tokenId)
      if (known !== undefined && known.until > clock()) return known.email
      const running = inFlight.get(token.tokenId)
      if (running) return running
      const promise = sync(token).finally(() => inFlight.delete(token.tokenId))
      inFlight.set(token.tokenId, promise)
      return promise
    },
  }
}
