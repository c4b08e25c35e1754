import { CognitoError } from './app-errors.ts'

/** Messages Cognito puts in a NotAuthorizedException when a token ran out (docs/requirements.md ERR-6). */
export const expiredTokenMessages = ['Access Token has expired', 'Refresh Token has expired'] as const

function field(error: object, name: string): unknown {
  return (error as Record<string, unknown>)[name]
}

/**
 * Turns whatever the Cognito SDK (or a fetch to Cognito's JSON protocol) threw into a {@link CognitoError}.
 * The SDK's exceptions carry the error name in `name`; raw protocol bodies carry it in `__type`, sometimes
 * prefixed with the service namespace (`…#CodeMismatchException`).
 */
export function toCognitoError(error: unknown): CognitoError {
  if (error instanceof CognitoError) return error
  if (error === null || typeof error !== 'object') return new CognitoError('Unknown', { cause: error })
  const rawName = field(error, '__type') ?? field(error, 'name')
  const code =
    typeof rawName === 'string' && rawName !== '' ? (rawName.split('#').pop() ?? rawName) : 'Unknown'
  const message = field(error, 'message') ?? field(error, 'Message')
  const reasonCode = field(error, 'reasonCode')
  return new CognitoError(code, {
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof reasonCode === 'string' ? { reasonCode } : {}),
    cause: error,
  })
}

/** A refresh that failed because the access or refresh token expired: the user signs in again. */
export function isExpiredTokenError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false
  const cognito = toCognitoError(error)
  return (
    cognito.code === 'NotAuthorizedException' &&
    (expiredTokenMessages as readonly string[]).includes(cognito.message)
  )
}
