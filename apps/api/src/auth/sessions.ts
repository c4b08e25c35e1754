import type { Clock } from '@furfes/core'
import type { Logger } from '../logger.ts'
import { AccessTokenRefusedError, type IdentityProvider, type MemberAttributes } from './identity.ts'
import type { VerifiedToken } from './tokens.ts'

/** What Cognito says about a verified access token right now. */
export type SessionState =
  /** Cognito honours the token; its user's attributes as GetUser gave them. */
  | { status: 'active'; attributes: MemberAttributes }
  /** Cognito refuses the token: signed out (GlobalSignOut), revoked, or its user deleted. Answer 401. */
  | { status: 'revoked' }
  /** Cognito could not answer (down, throttling, timeout): the token is trusted on its signature alone. */
  | { status: 'unconfirmed' }

export interface SessionCheck {
  check(token: VerifiedToken): Promise<SessionState>
}

/** Bounds the per-token memory; the oldest entries go first. */
const maxRememberedTokens = 50_000

type Remembered =
  | { status: 'active'; attributes: MemberAttributes; until: number }
  | { status: 'unconfirmed'; until: number }
  | { status: 'revoked' }

/**
 * Asks Cognito (GetUser, with the token itself) whether a verified access token is still honoured, so a
 * signed-out or revoked token is refused although its signature and expiry are still good (decision 055).
 *
 * - A confirmation counts for `recheckMs` per token and instance: that is how long a token signed out
 *   elsewhere may still be accepted here. A token never seen before is always asked about first.
 * - A refusal is remembered until the token expires: a revoked token never comes back.
 * - When Cognito cannot answer, the token is accepted on its signature (as before this check existed), and
 *   asked about again after `recheckMs`: an outage or throttling of Cognito must not sign everyone out.
 * - Concurrent requests with one token share one GetUser.
 */
export function createSessionCheck(options: {
  identity: IdentityProvider
  clock: Clock
  logger: Logger
  recheckMs: number
}): SessionCheck {
  const { identity, clock, logger } = options
  const remembered = new Map<string, Remembered>()
  const inFlight = new Map<string, Promise<SessionState>>()

  function remember(tokenId: string, entry: Remembered) {
    remembered.delete(tokenId)
    if (remembered.size >= maxRememberedTokens) {
      const oldest = remembered.keys().next()
      if (!oldest.done) remembered.delete(oldest.value)
    }
    remembered.set(tokenId, entry)
  }

  async function ask(token: VerifiedToken): Promise<SessionState> {
    try {
      const attributes = await identity.getUser(token.token)
      if (attributes.sub !== token.sub) {
        logger.warn('GetUser answered for another user; token trusted on its signature', {
          userId: token.sub,
        })
        remember(token.tokenId, { status: 'unconfirmed', until: clock() + options.recheckMs })
        return { status: 'unconfirmed' }
      }
      remember(token.tokenId, { status: 'active', attributes, until: clock() + options.recheckMs })
      return { status: 'active', attributes }
    } catch (error) {
      if (error instanceof AccessTokenRefusedError) {
        logger.info('Access token refused by Cognito', { userId: token.sub, reason: error.type })
        remember(token.tokenId, { status: 'revoked' })
        return { status: 'revoked' }
      }
      logger.warn('GetUser failed; token trusted on its signature', { userId: token.sub, error })
      remember(token.tokenId, { status: 'unconfirmed', until: clock() + options.recheckMs })
      return { status: 'unconfirmed' }
    }
  }

  return {
    async check(token) {
      const known = remembered.get(token.tokenId)
      if (known?.status === 'revoked') return known
      if (known && known.until > clock()) {
        return known.status === 'active'
          ? { status: 'active', attributes: known.attributes }
          : { status: 'unconfirmed' }
      }
      const running = inFlight.get(token.tokenId)
      if (running) return running
      const promise = ask(token).finally(() => inFlight.delete(token.tokenId))
      inFlight.set(token.tokenId, promise)
      return promise
    },
  }
}
