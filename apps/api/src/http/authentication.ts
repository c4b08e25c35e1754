import type { Context, MiddlewareHandler } from 'hono'
import type { SessionCheck, SessionState, TokenKind } from '../auth/sessions.ts'
import { bearerToken, type TokenVerifier, type VerifiedToken } from '../auth/tokens.ts'
import type { FeatureFlagService } from '../services/feature-flags.ts'
import type { UserService } from '../services/users.ts'
import { highTraffic, productError, unauthorized, underMaintenance } from './errors.ts'

/** Methods that change nothing: served on a token's signature however long Cognito has been silent. */
const readMethods: ReadonlySet<string> = new Set(['GET', 'HEAD'])

export interface AuthenticationOptions {
  sessions: SessionCheck
  memberTokens: TokenVerifier
  adminTokens: TokenVerifier
  featureFlags: FeatureFlagService
  users: UserService
}

export interface Authentication {
  /**
   * Asks Cognito whether a signed-in request's token is still honoured before the request queues for
   * admission: the GetUser round trip then holds no admission slot, and authenticate() reuses the answer. A
   * token that does not verify costs nothing here (decision 055).
   */
  checkSessionEarly: MiddlewareHandler
  /**
   * The caller of a member or admin route, or 401/403/503 (the mounter's authentication step). A staff
   * caller's `groups` are the ones Cognito listed with its last confirmation of the token (decision 156).
   */
  authenticate(kind: TokenKind, context: Context): Promise<VerifiedToken>
}

export function createAuthentication(options: AuthenticationOptions): Authentication {
  const { sessions, memberTokens, adminTokens, featureFlags, users } = options
  const checkedSessions = new WeakMap<Context, { tokenId: string; state: SessionState }>()

  /** Cognito's word on the request's token: the one asked for before admission, else asked now. */
  const sessionOf = (
    context: Context,
    token: VerifiedToken,
    kind: TokenKind,
  ): Promise<SessionState> | SessionState => {
    const checked = checkedSessions.get(context)
    return checked?.tokenId === token.tokenId ? checked.state : sessions.check(token, kind)
  }

  /**
   * Refuses a token Cognito (or another instance) refused with 401, and a write while Cognito has not answered
   * for longer than the fail-open window with 503 highTraffic, which the apps retry (decision 147). Reads are
   * still served on the signature then.
   */
  async function honoured(context: Context, token: VerifiedToken, kind: TokenKind): Promise<SessionState> {
    const session = await sessionOf(context, token, kind)
    if (session.status === 'revoked') throw unauthorized()
    if (session.status === 'unavailable' && !readMethods.has(context.req.method)) throw highTraffic()
    return session
  }

  return {
    async checkSessionEarly(context, next) {
      const token = bearerToken(context.req.header('authorization'))
      if (token !== undefined) {
        const member = await memberTokens.verify(token)
        const [verified, kind] = member
          ? [member, 'member' as const]
          : [await adminTokens.verify(token), 'admin' as const]
        if (verified) {
          checkedSessions.set(context, {
            tokenId: verified.tokenId,
            state: await sessions.check(verified, kind),
          })
        }
      }
      await next()
    },

    async authenticate(kind, context) {
      const token = bearerToken(context.req.header('authorization'))
      if (kind === 'member') {
        // Maintenance answers before anything else, so members get the maintenance page, not a sign-in.
        if ((await featureFlags.get()).isUnderMaintenance) throw underMaintenance()
        const member = token === undefined ? undefined : await memberTokens.verify(token)
        if (!member) throw unauthorized()
        // A signed-out or revoked token still has a good signature: Cognito says whether it is honoured.
        const session = await honoured(context, member, 'member')
        const email = await users.ensure(member, session.status === 'active' ? session.attributes : undefined)
        return email === undefined ? member : { ...member, email }
      }
      const admin = token === undefined ? undefined : await adminTokens.verify(token)
      if (admin) {
        const session = await honoured(context, admin, 'admin')
        // Without Cognito's word the token's own groups count, as its signature does (decision 147).
        // The e-mail address Cognito gave names the staff member in the audit trail (decision 157).
        if (session.status !== 'active') return admin
        const confirmed = { ...admin, email: session.attributes.email }
        return session.groups ? { ...confirmed, groups: session.groups } : confirmed
      }
      // A valid member token on an admin route: signed in, but not allowed (unless it was signed out).
      const member = token === undefined ? undefined : await memberTokens.verify(token)
      if (member && (await sessionOf(context, member, 'member')).status !== 'revoked')
        throw productError(403, 'forbidden')
      throw unauthorized()
    },
  }
}
