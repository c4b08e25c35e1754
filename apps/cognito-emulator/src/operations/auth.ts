import { randomUUID } from 'node:crypto'
import {
  assertNotLockedOut,
  authenticate,
  type Context,
  challengeSessionLifetime,
  checkWritableAttributes,
  findUser,
  noAttempts,
  opaqueToken,
  type Pool,
  passwordAttemptsExceeded,
  poolForClient,
  recordWrongPassword,
  refreshTokenLifetime,
  sha256,
} from '../context.ts'
import { CognitoError, invalidParameter, messages, notAuthorized } from '../errors.ts'
import { hashPassword, policyViolation, verifyAgainstDecoy, verifyPassword } from '../passwords.ts'
import type { AuthSession, UserRecord } from '../state.ts'
import { groupsOfUser } from './groups.ts'

type IssuedSession = Pick<AuthSession, 'poolId' | 'clientId' | 'originJti' | 'authTime'>

import { authFlows, challengeNames, type Params, rules } from '../validation.ts'

const missing = (name: string) => invalidParameter(`Missing required parameter ${name}`)

/** Access and ID tokens for a sign-in, with the groups the user is in now. */
function issueTokens(context: Context, session: IssuedSession, user: UserRecord) {
  const groups = groupsOfUser(context, session.poolId, user.sub).map((group) => group.name)
  return context.tokens.issue({ ...session, user, groups })
}

/** A new sign-in: a session (origin_jti) with its refresh token, and the first access and ID tokens. */
async function signIn(context: Context, pool: Pool, user: UserRecord) {
  if (user.disabled) throw notAuthorized(messages.userDisabled)
  const now = context.clock.now()
  const refreshToken = opaqueToken()
  const session = {
    originJti: randomUUID(),
    poolId: pool.id,
    sub: user.sub,
    clientId: pool.clientId,
    authTime: Math.floor(now / 1000),
    refreshTokenHash: sha256(refreshToken),
    refreshTokenExpiresAt: now + refreshTokenLifetime,
    revoked: false,
  }
  context.store.state.sessions[session.originJti] = session
  const tokens = await issueTokens(context, session, user)
  return { AuthenticationResult: { ...tokens, RefreshToken: refreshToken }, ChallengeParameters: {} }
}

export async function initiateAuth(context: Context, params: Params) {
  const flow = params.enumValue('AuthFlow', authFlows, true)
  const clientId = params.string('ClientId', rules.clientId)
  const parameters = params.stringMap('AuthParameters')
  params.stringMap('ClientMetadata')
  params.optionalString('Session', rules.session)
  const pool = poolForClient(context, params, clientId)
  switch (flow) {
    case 'USER_PASSWORD_AUTH':
      return passwordAuth(context, pool, parameters)
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refreshTokenAuth(context, pool, parameters)
    case 'ADMIN_NO_SRP_AUTH':
    case 'ADMIN_USER_PASSWORD_AUTH':
      throw invalidParameter('Initiate Auth method not supported.')
    default:
      // The app clients allow USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH only.
      throw invalidParameter(`${flow} flow not enabled for this client`)
  }
}

async function passwordAuth(context: Context, pool: Pool, parameters: Record<string, string>) {
  const username = parameters.USERNAME
  const password = parameters.PASSWORD
  if (!username) throw missing('USERNAME')
  if (!password) throw missing('PASSWORD')
  const user = findUser(context, pool, username)
  if (!user) {
    if (!pool.hidesUserExistence) throw new CognitoError('UserNotFoundException', messages.userNotFound)
    // Hiding user existence, an unknown user looks like a wrong password, and takes as long.
    await verifyAgainstDecoy(password, context.passwordHashCost)
    throw notAuthorized(messages.incorrectCredentials)
  }
  assertNotLockedOut(context, user, passwordAttemptsExceeded)
  if (!(await verifyPassword(password, user.passwordHash))) {
    recordWrongPassword(context, user)
    throw notAuthorized(messages.incorrectCredentials)
  }
  // Only someone who knows the password learns that the account is disabled.
  if (user.disabled) throw notAuthorized(messages.userDisabled)
  const now = context.clock.now()
  if (user.status === 'FORCE_CHANGE_PASSWORD' && (user.temporaryPasswordExpiresAt ?? 0) <= now) {
    throw notAuthorized('Temporary password has expired and must be reset by an administrator.')
  }
  user.signInAttempts = noAttempts()
  if (user.status === 'UNCONFIRMED')
    throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.')
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const session = opaqueToken()
    context.store.state.challenges[sha256(session)] = {
      sessionHash: sha256(session),
      poolId: pool.id,
      sub: user.sub,
      clientId: pool.clientId,
      challengeName: 'NEW_PASSWORD_REQUIRED',
      expiresAt: now + challengeSessionLifetime,
    }
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.sub,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({
          ...user.attributes,
          email_verified: String(user.emailVerified),
          email: user.email,
        }),
      },
    }
  }
  return signIn(context, pool, user)
}

async function refreshTokenAuth(context: Context, pool: Pool, parameters: Record<string, string>) {
  const refreshToken = parameters.REFRESH_TOKEN
  if (!refreshToken) throw missing('REFRESH_TOKEN')
  const hash = sha256(refreshToken)
  const session = Object.values(context.store.state.sessions).find(
    (candidate) => candidate.refreshTokenHash === hash && candidate.clientId === pool.clientId,
  )
  const user = session && context.store.usersOf(pool.id)[session.sub]
  if (!session || !user) throw notAuthorized(messages.invalidRefreshToken)
  if (session.revoked) throw notAuthorized(messages.revokedRefreshToken)
  if (session.refreshTokenExpiresAt <= context.clock.now()) throw notAuthorized(messages.expiredRefreshToken)
  // Cognito does not rotate refresh tokens unless asked to: the answer carries no RefreshToken.
  if (user.disabled) throw notAuthorized(messages.userDisabled)
  return { AuthenticationResult: await issueTokens(context, session, user), ChallengeParameters: {} }
}

export async function respondToAuthChallenge(context: Context, params: Params) {
  const clientId = params.string('ClientId', rules.clientId)
  const challengeName = params.enumValue('ChallengeName', challengeNames, true)
  const sessionToken = params.optionalString('Session', rules.session)
  const responses = params.stringMap('ChallengeResponses')
  params.stringMap('ClientMetadata')
  const pool = poolForClient(context, params, clientId)
  if (challengeName !== 'NEW_PASSWORD_REQUIRED') {
    throw new CognitoError(
      'UnsupportedOperationException',
      `The emulator does not implement the ${challengeName} challenge`,
    )
  }
  const challenge = sessionToken ? context.store.state.challenges[sha256(sessionToken)] : undefined
  if (!challenge || challenge.clientId !== pool.clientId || challenge.challengeName !== challengeName) {
    throw notAuthorized(messages.invalidSession)
  }
  if (challenge.expiresAt <= context.clock.now()) throw notAuthorized(messages.expiredSession)
  if (!responses.USERNAME) throw missing('USERNAME')
  const user = findUser(context, pool, responses.USERNAME)
  if (!user || user.sub !== challenge.sub || user.status !== 'FORCE_CHANGE_PASSWORD') {
    throw notAuthorized(messages.invalidSession)
  }
  const newPassword = responses.NEW_PASSWORD
  if (!newPassword) throw missing('NEW_PASSWORD')
  const violation = policyViolation(newPassword, pool.policy)
  if (violation)
    throw new CognitoError('InvalidPasswordException', `Password does not conform to policy: ${violation}`)
  const attributes = Object.entries(responses)
    .filter(([key]) => key.startsWith('userAttributes.'))
    .map(([key, value]) => ({ name: key.slice('userAttributes.'.length), value }))
  checkWritableAttributes(attributes)
  for (const { name, value } of attributes) if (name !== 'email') user.attributes[name] = value

  user.passwordHash = await hashPassword(newPassword, context.passwordHashCost)
  user.status = 'CONFIRMED'
  delete user.temporaryPasswordExpiresAt
  user.updatedAt = context.clock.now()
  delete context.store.state.challenges[challenge.sessionHash]
  return signIn(context, pool, user)
}

export async function globalSignOut(context: Context, params: Params) {
  const accessToken = params.string('AccessToken', rules.accessToken)
  params.check()
  const { pool, user } = await authenticate(context, accessToken)
  // Revokes every sign-in of the user: their refresh tokens and the access tokens issued from them.
  for (const session of Object.values(context.store.state.sessions)) {
    if (session.poolId === pool.id && session.sub === user.sub) session.revoked = true
  }
  return {}
}

/**
 * Ends one sign-in: the refresh token given and every access token issued from it (same origin_jti). The
 * user's other sign-ins keep working. As Cognito's revocation endpoint documents, a token that is unknown or
 * already revoked is answered with success; an access or ID token is refused as an unsupported token type,
 * and a refresh token issued to another app client is refused.
 */
export async function revokeToken(context: Context, params: Params) {
  const clientId = params.string('ClientId', rules.clientId)
  const token = params.string('Token', rules.accessToken)
  params.optionalString('ClientSecret', rules.clientId)
  params.check()
  const pool = context.pools.find((candidate) => candidate.clientId === clientId)
  if (!pool) throw new CognitoError('UnauthorizedException', 'Invalid client or secret')
  // Our refresh tokens are opaque; a JWT (three dot-separated parts) is an access or ID token.
  if (token.split('.').length === 3) {
    throw new CognitoError('UnsupportedTokenTypeException', 'Unsupported token type')
  }
  const hash = sha256(token)
  const session = Object.values(context.store.state.sessions).find(
    (candidate) => candidate.refreshTokenHash === hash,
  )
  if (!session) return {}
  if (session.clientId !== pool.clientId) throw new CognitoError('UnauthorizedException', 'Invalid token')
  session.revoked = true
  return {}
}
