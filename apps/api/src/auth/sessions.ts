import type { Clock } from '@furfes/core'
import type { Logger } from '../logger.ts'
import { AccessTokenRefusedError, type IdentityProvider, type MemberAttributes } from './identity.ts'
import type { SharedRevocations } from './revocations.ts'
import type { StaffDirectory } from './staff-directory.ts'
import type { VerifiedToken } from './tokens.ts'

/** What Cognito says about a verified access token right now. */
export type SessionState =
  /**
   * Cognito honours the token; its user's attributes as GetUser gave them and, for a staff token, the groups
   * its user is in as Cognito listed them with the confirmation (or the token's own when it could not).
   */
  | { status: 'active'; attributes: MemberAttributes; groups?: string[] }
  /** Cognito refuses the token: signed out (GlobalSignOut), revoked, or its user deleted. Answer 401. */
  | { status: 'revoked' }
  /**
   * Cognito could not answer (down, throttling, timeout) and no instance saw the token refused: it is trusted on
   * its signature alone.
   */
  | { status: 'unconfirmed' }
  /**
   * As unconfirmed, but Cognito has not answered this instance for longer than the fail-open window: reads are
   * still served on the signature, writes wait (503 highTraffic) until Cognito answers again (decision 147).
   */
  | { status: 'unavailable' }

/** Which pool a token is of: a staff (admins pool) token's groups are asked about too. */
export type TokenKind = 'member' | 'admin'

export interface SessionCheck {
  check(token: VerifiedToken, kind: TokenKind): Promise<SessionState>
}

/** Bounds the per-token memory; the oldest entries go first. */
const maxRememberedTokens = 50_000

type Remembered =
  | { status: 'active'; attributes: MemberAttributes; groups?: string[]; until: number }
  | { status: 'unconfirmed'; until: number }
  | { status: 'revoked' }

/** Which answer `check` gives for a token it could not confirm. */
type Unconfirmed = Extract<SessionState, { status: 'unconfirmed' | 'unavailable' }>

/**
 * Asks Cognito (GetUser, with the token itself) whether a verified access token is still honoured, so a
 * signed-out or revoked token is refused although its signature and expiry are still good (decision 055).
 *
 * - A confirmation counts for `recheckMs` per token and instance: that is how long a token signed out
 *   elsewhere may still be accepted here. A token never seen before is always asked about first.
 * - A refusal is remembered until the token expires: a revoked token never comes back.
 * - A refusal is also written to `revocations`, which every instance shares (decision 147).
 * - When Cognito cannot answer, a token some instance saw refused is refused; any other is accepted on its
 *   signature (as before this check existed) and asked about again after `recheckMs`: an outage or throttling
 *   of Cognito must not sign everyone out. Once Cognito has not answered this instance for `failOpenMs`, such
 *   a token is `unavailable`: the fail-open window for writes is over.
 * - Concurrent requests with one token share one GetUser.
 * - A staff token's groups are asked about with it (AdminListGroupsForUser) and remembered with the
 *   confirmation: a member removed from a group loses its rights within `recheckMs`, with the same token
 *   (decision 156). The list is never older than the token, so it is the one that counts; when Cognito cannot
 *   give it, the token's own groups do, as the signature alone does for the token (decision 147).
 */
export function createSessionCheck(options: {
  identity: IdentityProvider
  staffDirectory: StaffDirectory
  revocations: SharedRevocations
  clock: Clock
  logger: Logger
  recheckMs: number
  failOpenMs: number
}): SessionCheck {
  const { identity, staffDirectory, revocations, clock, logger } = options
  const remembered = new Map<string, Remembered>()
  const inFlight = new Map<string, Promise<SessionState>>()
  /** When Cognito last answered this instance about any token; the window starts when the instance does. */
  let lastAnswerAt = clock()

  function unconfirmed(): Unconfirmed {
    return clock() - lastAnswerAt > options.failOpenMs ? { status: 'unavailable' } : { status: 'unconfirmed' }
  }

  /** A refused token, remembered here and written down for the other instances. */
  async function revoked(token: VerifiedToken): Promise<SessionState> {
    remember(token.tokenId, { status: 'revoked' })
    try {
      await revocations.record(token, clock())
    } catch (error) {
      // This instance refuses the token anyway; only the others learn it later, from Cognito.
      logger.error('Could not share a refused access token', { userId: token.sub, error })
    }
    return { status: 'revoked' }
  }

  /** Cognito could not answer: a token another instance saw refused is refused, others are unconfirmed. */
  async function withoutCognito(token: VerifiedToken): Promise<SessionState> {
    try {
      if (await revocations.has(token, clock())) {
        remember(token.tokenId, { status: 'revoked' })
        return { status: 'revoked' }
      }
    } catch (error) {
      logger.warn('Could not read the shared refused access tokens', { userId: token.sub, error })
    }
    remember(token.tokenId, { status: 'unconfirmed', until: clock() + options.recheckMs })
    return unconfirmed()
  }

  function remember(tokenId: string, entry: Remembered) {
    remembered.delete(tokenId)
    if (remembered.size >= maxRememberedTokens) {
      const oldest = remembered.keys().next()
      if (!oldest.done) remembered.delete(oldest.value)
    }
    remembered.set(tokenId, entry)
  }

  /** The staff member's groups as Cognito lists them now, else (logged) the ones their token carries. */
  async function staffGroups(token: VerifiedToken): Promise<string[]> {
    try {
      return await staffDirectory.groupsOf(token.sub)
    } catch (error) {
      logger.warn("AdminListGroupsForUser failed; the token's groups are used", { userId: token.sub, error })
      return token.groups
    }
  }

  async function ask(token: VerifiedToken, kind: TokenKind): Promise<SessionState> {
    // Asked at the same time as GetUser, so a staff request waits for one round trip, not two; it never
    // rejects, so an answer left unread when GetUser fails is no unhandled rejection.
    const groups = kind === 'admin' ? staffGroups(token) : undefined
    let attributes: MemberAttributes
    try {
      attributes = await identity.getUser(token.token)
    } catch (error) {
      if (error instanceof AccessTokenRefusedError) {
        lastAnswerAt = clock()
        logger.info('Access token refused by Cognito', { userId: token.sub, reason: error.type })
        return revoked(token)
      }
      logger.warn('GetUser failed; token trusted on its signature', { userId: token.sub, error })
      return withoutCognito(token)
    }
    lastAnswerAt = clock()
    if (attributes.sub !== token.sub) {
      logger.warn('GetUser answered for another user; token trusted on its signature', {
        userId: token.sub,
      })
      remember(token.tokenId, { status: 'unconfirmed', until: clock() + options.recheckMs })
      return unconfirmed()
    }
    const active = groups ? { attributes, groups: await groups } : { attributes }
    remember(token.tokenId, { status: 'active', ...active, until: clock() + options.recheckMs })
    return { status: 'active', ...active }
  }

  return {
    async check(token, kind) {
      const known = remembered.get(token.tokenId)
      if (known?.status === 'revoked') return known
      if (known && known.until > clock()) {
        if (known.status !== 'active') return unconfirmed()
        const { attributes, groups } = known
        return groups ? { status: 'active', attributes, groups } : { status: 'active', attributes }
      }
      const running = inFlight.get(token.tokenId)
      if (running) return running
      const promise = ask(token, kind).finally(() => inFlight.delete(token.tokenId))
      inFlight.set(token.tokenId, promise)
      return promise
    },
  }
}
