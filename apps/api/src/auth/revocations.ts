import { and, eq, gt, lt } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { revokedAccessTokens } from '../db/schema.ts'
import type { VerifiedToken } from './tokens.ts'

/**
 * The access tokens any instance heard Cognito refuse, shared through the database (decision 147), so an
 * instance that cannot reach Cognito still refuses a token another instance saw signed out.
 */
export interface SharedRevocations {
  /** Writes down that Cognito refused the token at `at` (ms). */
  record(token: VerifiedToken, at: number): Promise<void>
  /** Whether some instance wrote the token down, and it has not expired by `at` (ms). */
  has(token: VerifiedToken, at: number): Promise<boolean>
}

export function createSharedRevocations(db: Executor): SharedRevocations {
  return {
    async record(token, at) {
      const now = new Date(at)
      await db
        .insert(revokedAccessTokens)
        .values({
          tokenId: token.tokenId,
          userId: token.sub,
          expiresAt: new Date(token.exp * 1000),
          revokedAt: now,
        })
        .onConflictDoNothing()
      // Sign-outs are rare: clearing the expired rows as each one is written keeps the table small.
      await db.delete(revokedAccessTokens).where(lt(revokedAccessTokens.expiresAt, now))
    },
    async has(token, at) {
      const rows = await db
        .select({ tokenId: revokedAccessTokens.tokenId })
        .from(revokedAccessTokens)
        .where(
          and(
            eq(revokedAccessTokens.tokenId, token.tokenId),
            gt(revokedAccessTokens.expiresAt, new Date(at)),
          ),
        )
        .limit(1)
      return rows.length > 0
    },
  }
}
