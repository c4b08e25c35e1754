import {
  AuthenticationError,
  CognitoError,
  NetworkError,
  NotAuthenticatedError,
} from '../errors/app-errors.ts'
import { expiredTokenMessages, toCognitoError } from '../errors/cognito.ts'

/**
 * Cognito answered a password sign-in with the NEW_PASSWORD_REQUIRED challenge (an admin created by an
 * operator signs in for the first time). The form answers it with `respondToNewPasswordChallenge`, passing
 * back this e-mail and session.
 */
export class NewPasswordRequiredError extends Error {
  readonly email: string
  readonly session: string

  constructor(email: string, session: string) {
    super('A new password is required')
    this.name = 'NewPasswordRequiredError'
    this.email = email
    this.session = session
  }
}

export const refreshTokenNotFoundMessage = 'refresh token is not found'

/** A refresh sign-in was asked for, but no refresh token was supplied or stored (docs/requirements.md AUTH-6). */
export class RefreshTokenNotFoundError extends Error {
  constructor() {
    super(refreshTokenNotFoundMessage)
    this.name = 'RefreshTokenNotFoundError'
  }
}

/**
 * Whether an error means the stored session is gone, so the user simply signs in again and there is nothing
 * to report: an expired access or refresh token, Cognito refusing the token (NotAuthorizedException: revoked
 * by a global sign-out, or malformed), the API answering 401, or no token at all.
 */
export function isSessionExpiredError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if ((expiredTokenMessages as readonly string[]).includes(error.message)) return true
  if (error instanceof CognitoError) return error.code === 'NotAuthorizedException'
  return (
    error instanceof AuthenticationError ||
    error instanceof NotAuthenticatedError ||
    error instanceof RefreshTokenNotFoundError
  )
}

function isServiceException(error: unknown): boolean {
  return error instanceof Error && '$fault' in error && '$metadata' in error
}

/** fetch rejects with a TypeError; Node's HTTP stack with an error carrying a system code such as ECONNREFUSED. */
function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'TypeError' || error.name === 'TimeoutError') return true
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && /^E[A-Z]+$/.test(code)
}

/**
 * Maps what the SDK threw to the error catalogue: a request that never got an answer becomes a
 * `NetworkError`, a Cognito exception a `CognitoError` keyed by its name (an unknown name is the generic
 * error carrying the code).
 */
export function fromSdkError(error: unknown): Error {
  if (!isServiceException(error) && isNetworkFailure(error)) return new NetworkError(error)
  return toCognitoError(error)
}
