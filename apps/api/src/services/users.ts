import type { Clock } from '@furfes/core'
import { sql } from 'drizzle-orm'
import type { MemberAttributes } from '../auth/identity.ts'
import type { VerifiedToken } from '../auth/tokens.ts'
import type { Executor } from '../db/database.ts'
import { users } from '../db/schema.ts'

export interface UserService {
  /**
   * Makes sure the member has a users row, and stores the e-mail Cognito GetUser gave for this request's token
   * (`attributes`, read by the session check; undefined when Cognito could not answer). The row is written once
   * per access token and interval, and at once when the attributes changed. Never fails the request for
   * Cognito's sake: without attributes the last known e-mail stays. Resolves to the e-mail read, or undefined
   * when there was none (the stored one is then the best there is).
   */
  ensure(token: VerifiedToken, attributes: MemberAttributes | undefined): Promise<string | undefined>
}

/** Bounds the per-token memory; the oldest entries go first. */
const maxCachedTokens = 50_000

export function createUserService(options: {
  db: Executor
  clock: Clock
  /** How long a token's stored row counts as fresh when nothing changed. */
  syncIntervalMs: number
  /** After a request without attributes, how long to wait before writing again for the same token. */
  retryAfterFailureMs?: number
}): UserService {
  const { db, clock } = options
  const fresh = new Map<string, { until: number; attributes: MemberAttributes | undefined }>()
  const inFlight = new Map<string, Promise<string | undefined>>()

  async function sync(token: VerifiedToken, attributes: MemberAttributes | undefined) {
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
    fresh.delete(token.tokenId)
    if (fresh.size >= maxCachedTokens) {
      const oldest = fresh.keys().next()
      if (!oldest.done) fresh.delete(oldest.value)
    }
    fresh.set(token.tokenId, { until: clock() + interval, attributes })
    return attributes?.email
  }

  const unchanged = (known: MemberAttributes | undefined, read: MemberAttributes | undefined) =>
    read === undefined ||
    (known !== undefined && known.email === read.email && known.emailVerified === read.emailVerified)

  return {
    async ensure(token, attributes) {
      const known = fresh.get(token.tokenId)
      if (known !== undefined && known.until > clock() && unchanged(known.attributes, attributes)) {
        return attributes?.email ?? known.attributes?.email
      }
      const running = inFlight.get(token.tokenId)
      if (running) return running
      const promise = sync(token, attributes).finally(() => inFlight.delete(token.tokenId))
      inFlight.set(token.tokenId, promise)
      return promise
    },
  }
}
