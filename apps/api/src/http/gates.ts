import { eq } from 'drizzle-orm'
import type { VerifiedToken } from '../auth/tokens.ts'
import type { Executor } from '../db/database.ts'
import { users } from '../db/schema.ts'
import type { FeatureFlagService } from '../services/feature-flags.ts'
import { productError } from './errors.ts'

/*
 * The checks a route makes before it asks a service for anything, each named once so the route modules read as
 * the steps they take.
 */

/**
 * Registering, joining the waiting list and accepting an offer while registration is off answer 409, like
 * soldOut: the request is fine, registration is closed right now (decision 033), and for good once the event
 * is cancelled (decision 113).
 */
export async function requireRegistrationOpen(featureFlags: FeatureFlagService): Promise<void> {
  if (!(await featureFlags.get()).isRegistrationAvailable) throw productError(409, 'registrationUnavailable')
}

/** Checkout redirects to these after payment: only our own site, never an open redirect. */
export function requireOwnOrigin(origin: string, urls: readonly string[]): void {
  for (const url of urls) {
    if (new URL(url).origin !== origin) throw productError(400, 'invalidRequest')
  }
}

/** The caller's e-mail: the token's, else the one stored when they last signed in. */
export async function callerEmail(db: Executor, caller: VerifiedToken): Promise<string | undefined> {
  if (caller.email !== undefined) return caller.email
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.userId, caller.sub))
  return row?.email ?? undefined
}
