import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto'
import type { Clock } from './clock.ts'
import type { PoolConfig } from './config.ts'
import {
  attemptLimitExceeded,
  CognitoError,
  codeMismatch,
  expiredCode,
  invalidParameter,
  messages,
  notAuthorized,
} from './errors.ts'
import type { PasswordPolicy } from './passwords.ts'
import type { Attempts, CodePurpose, MailKind, MailMessage, StateStore, UserRecord } from './state.ts'
import type { TokenIssuer } from './tokens.ts'
import type { Params } from './validation.ts'

export interface Pool {
  name: string
  id: string
  clientId: string
  policy: PasswordPolicy
  /** AttributesRequireVerificationBeforeUpdate includes email. */
  keepOriginalEmail: boolean
  /** PreventUserExistenceErrors is ENABLED: an unknown user is answered like a known one. */
  hidesUserExistence: boolean
}

export function poolFromConfig(config: PoolConfig): Pool {
  return {
    name: config.name,
    id: config.id,
    clientId: config.clientId,
    // Cognito's defaults when a policy part is not given.
    policy: {
      minimumLength: 8,
      requireLowercase: true,
      requireUppercase: true,
      requireNumbers: true,
      requireSymbols: true,
      ...config.passwordPolicy,
    },
    keepOriginalEmail: config.attributesRequireVerificationBeforeUpdate?.includes('email') ?? false,
    hidesUserExistence: config.preventUserExistenceErrors === 'ENABLED',
  }
}

/** Everything an operation needs. Operations run one at a time, so they may read, then write, freely. */
export interface Context {
  clock: Clock
  pools: Pool[]
  store: StateStore
  tokens: TokenIssuer
  /** scrypt's N for new password hashes. */
  passwordHashCost: number
  /** Called for every message "sent" (the console line, by default). */
  onMail: (message: MailMessage) => void
  /** Code mails a user may ask for again (ResendConfirmationCode, ForgotPassword) within an hour. */
  codeMailsPerHour: number
}

// Lifetimes Cognito documents.
const hour = 60 * 60 * 1000
const codeLifetimes: Record<CodePurpose, number> = {
  signUp: 24 * hour,
  forgotPassword: hour,
  verifyEmail: 24 * hour,
}
export const temporaryPasswordLifetime = 7 * 24 * hour
export const refreshTokenLifetime = 30 * 24 * hour
export const challengeSessionLifetime = 3 * 60 * 1000

/** Wrong codes allowed before the code is locked, and for how long. */
const codeAttemptLimit = 5
const codeLockout = 15 * 60 * 1000
/** Sign-in lockout as Cognito documents it: after 5 failures, 2^(n-5) s, at most 15 min; reset after 15 quiet min. */
const signInFreeFailures = 5
const signInMaxLockout = 15 * 60 * 1000
const signInQuietReset = 15 * 60 * 1000

/**
 * Counts a code mail a user asked for again (ResendConfirmationCode, ForgotPassword): past `codeMailsPerHour`
 * in the last hour, Cognito answers LimitExceededException and mails nothing, so a stranger cannot flood
 * someone's inbox through us.
 */
export function countRequestedCodeMail(context: Context, user: UserRecord) {
  const now = context.clock.now()
  const recent = (user.codeMailsRequestedAt ?? []).filter((sentAt) => sentAt > now - hour)
  if (recent.length >= context.codeMailsPerHour) {
    user.codeMailsRequestedAt = recent
    throw attemptLimitExceeded()
  }
  user.codeMailsRequestedAt = [...recent, now]
}

export const noAttempts = (): Attempts => ({ failures: 0, lastFailureAt: 0, lockedUntil: 0 })

export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url')

/** An opaque token: 64 random bytes, base64url. */
export const opaqueToken = () => randomBytes(64).toString('base64url')

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(value)

/**
 * Cognito's usernames and e-mail aliases are case-insensitive here; it keeps them lower-case. Real Cognito
 * folds case only; the emulator also applies NFKC, as our clients do before every call (core's `foldEmail`,
 * decision 148), so a fullwidth address typed into a tool that calls the emulator directly finds the same user.
 */
export const normaliseEmail = (email: string) => email.normalize('NFKC').toLowerCase()

/**
 * The pool of the app client a request names, once the operation has read all its fields: their problems are
 * reported first (one InvalidParameterException for all), as Cognito validates before it looks anything up.
 */
export function poolForClient(context: Context, params: Params, clientId: string): Pool {
  params.check()
  const pool = context.pools.find((candidate) => candidate.clientId === clientId)
  if (!pool)
    throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`)
  return pool
}

export function poolById(context: Context, poolId: string): Pool {
  const pool = context.pools.find((candidate) => candidate.id === poolId)
  if (!pool) throw new CognitoError('ResourceNotFoundException', `User pool ${poolId} does not exist.`)
  return pool
}

/**
 * What an unknown Username gets from an operation that names a user: the pool's answer for a known user when it
 * hides user existence, else Cognito's LEGACY UserNotFoundException.
 */
export function unknownUser<T>(
  pool: Pool,
  hidden: () => T,
  legacyMessage: string = messages.userNotFound,
): T {
  if (pool.hidesUserExistence) return hidden()
  throw new CognitoError('UserNotFoundException', legacyMessage)
}

/** The user a Username names: its e-mail alias (any case) or its username (the sub). */
export function findUser(context: Context, pool: Pool, username: string): UserRecord | undefined {
  const users = context.store.usersOf(pool.id)
  // Own properties only: a username such as "__proto__" must not find Object.prototype.
  if (Object.hasOwn(users, username)) return users[username]
  const email = normaliseEmail(username)
  return Object.values(users).find((user) => user.email === email)
}

/** Another user of the pool whose e-mail is this address. */
export function emailOwner(context: Context, pool: Pool, email: string, except?: UserRecord) {
  return Object.values(context.store.usersOf(pool.id)).find(
    (user) => user.sub !== except?.sub && user.email === email,
  )
}

/** How Cognito shows where a code went: "d***@e***". */
function maskEmail(email: string) {
  const [local = '', domain = ''] = email.split('@')
  return `${local.charAt(0)}***@${domain.charAt(0)}***`
}

export function codeDelivery(email: string) {
  return { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' }
}

/** Records a message in the mailbox (newest first) and tells the console. */
export function deliver(context: Context, pool: Pool, email: string, kind: MailKind, code: string) {
  const message: MailMessage = {
    id: randomUUID(),
    pool: pool.name,
    poolId: pool.id,
    email,
    kind,
    code,
    sentAt: new Date(context.clock.now()).toISOString(),
  }
  context.store.state.mailbox.unshift(message)
  context.onMail(message)
}

/** Issues a new code for the purpose (the previous one, always different, stops working) and mails it. */
export function sendCode(
  context: Context,
  pool: Pool,
  user: UserRecord,
  purpose: CodePurpose,
  kind: MailKind,
  email: string,
) {
  const previous = user.codes[purpose]?.code
  let code: string
  do code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  while (code === previous)
  user.codes[purpose] = { code, email, expiresAt: context.clock.now() + codeLifetimes[purpose] }
  deliver(context, pool, email, kind, code)
  return codeDelivery(email)
}

/**
 * Checks a code the user typed. Five wrong codes lock that kind of code for 15 minutes (LimitExceeded,
 * even for the right code); a wrong code is CodeMismatch, a right but stale one ExpiredCode. On success the
 * code is used up and the pending code is returned.
 */
export function consumeCode(context: Context, user: UserRecord, purpose: CodePurpose, typed: string) {
  const now = context.clock.now()
  const attempts = user.codeAttempts[purpose] ?? noAttempts()
  if (attempts.lockedUntil > now) throw attemptLimitExceeded()
  if (attempts.lockedUntil !== 0) user.codeAttempts[purpose] = noAttempts()
  const pending = user.codes[purpose]
  if (!pending) throw purpose === 'forgotPassword' ? expiredCode() : codeMismatch()
  if (pending.code !== typed) {
    const failures = (user.codeAttempts[purpose]?.failures ?? 0) + 1
    user.codeAttempts[purpose] = {
      failures,
      lastFailureAt: now,
      lockedUntil: failures >= codeAttemptLimit ? now + codeLockout : 0,
    }
    throw codeMismatch()
  }
  if (pending.expiresAt <= now) throw expiredCode()
  delete user.codes[purpose]
  delete user.codeAttempts[purpose]
  return pending
}

/** Throws when the user is in a sign-in lockout; `error` is how the calling operation words it. */
export function assertNotLockedOut(context: Context, user: UserRecord, error: () => CognitoError) {
  const now = context.clock.now()
  const attempts = user.signInAttempts
  if (attempts.lockedUntil > now) throw error()
  if (attempts.failures > 0 && attempts.lastFailureAt + signInQuietReset < now)
    user.signInAttempts = noAttempts()
}

export function recordWrongPassword(context: Context, user: UserRecord) {
  const now = context.clock.now()
  const failures = user.signInAttempts.failures + 1
  const lockout =
    failures >= signInFreeFailures
      ? Math.min(2 ** (failures - signInFreeFailures) * 1000, signInMaxLockout)
      : 0
  user.signInAttempts = { failures, lastFailureAt: now, lockedUntil: lockout ? now + lockout : 0 }
}

export const passwordAttemptsExceeded = () => notAuthorized(messages.passwordAttemptsExceeded)

/** GetUser's UserAttributes: sub, the other attributes, email_verified and email, all as strings. */
export function userAttributes(user: UserRecord) {
  return [
    { Name: 'sub', Value: user.sub },
    ...Object.entries(user.attributes).map(([Name, Value]) => ({ Name, Value })),
    { Name: 'email_verified', Value: String(user.emailVerified) },
    { Name: 'email', Value: user.email },
  ]
}

/** Standard attributes a user may write (Cognito's default app client write attributes, email aside). */
const writableAttributes = new Set([
  'address',
  'birthdate',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
])

/**
 * Checks attributes a client sends against the pool schema (standard attributes only) and the app client's
 * write permissions (sub and email_verified are not writable; with e-mail as username, email is handled apart).
 */
export function checkWritableAttributes(attributes: { name: string }[]) {
  for (const { name } of attributes) {
    if (name === 'sub' || name === 'email_verified') throw notAuthorized(messages.unauthorizedAttribute)
    if (name !== 'email' && !writableAttributes.has(name)) {
      throw invalidParameter(
        `Attributes did not conform to the schema: ${name}: Attribute does not exist in the schema.\n`,
      )
    }
  }
}

export async function authenticate(context: Context, accessToken: string) {
  const claims = await context.tokens.verifyAccessToken(accessToken)
  const session = context.store.state.sessions[claims.originJti]
  if (!session || session.revoked) throw notAuthorized(messages.revokedAccessToken)
  const pool = poolById(context, claims.poolId)
  const user = context.store.usersOf(pool.id)[claims.sub]
  if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.')
  return { pool, user, session }
}

export function newUser(
  context: Context,
  pool: Pool,
  fields: Pick<UserRecord, 'email' | 'status' | 'emailVerified' | 'passwordHash'> &
    Partial<Pick<UserRecord, 'attributes' | 'temporaryPasswordExpiresAt'>>,
): UserRecord {
  const now = context.clock.now()
  const user: UserRecord = {
    sub: randomUUID(),
    attributes: {},
    ...fields,
    createdAt: now,
    updatedAt: now,
    codes: {},
    codeAttempts: {},
    signInAttempts: noAttempts(),
  }
  context.store.usersOf(pool.id)[user.sub] = user
  return user
}
