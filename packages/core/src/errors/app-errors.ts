import {
  type CognitoErrorName,
  type ErrorMessageKey,
  isCognitoErrorName,
  isProductErrorKey,
  type ProductErrorKey,
  productMessage,
  unauthorizedMessage,
} from './catalogue.ts'

/**
 * An error the apps can show: `key` is its message in the `errors` namespace, `values` fill the message's
 * placeholders, and `unexpected` says it should be reported to the error service.
 */
export class AppError extends Error {
  readonly key: ErrorMessageKey
  readonly values: Readonly<Record<string, string>>
  readonly unexpected: boolean

  constructor(
    key: ErrorMessageKey,
    options: {
      message?: string
      values?: Record<string, string>
      unexpected?: boolean
      cause?: unknown
    } = {},
  ) {
    super(options.message ?? key, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppError'
    this.key = key
    this.values = options.values ?? {}
    this.unexpected = options.unexpected ?? false
  }
}

/** Raised before an authenticated call when there is no auth state; nothing is sent. */
export class NotAuthenticatedError extends AppError {
  constructor() {
    super('general.authenticationRequired', { message: 'Not authenticated: no auth info' })
    this.name = 'NotAuthenticatedError'
  }
}

/** The API answered 401 with the message Unauthorized: the user must sign in again. */
export class AuthenticationError extends AppError {
  readonly status = 401

  constructor() {
    super('general.authenticationRequired', { message: 'Unauthorized' })
    this.name = 'AuthenticationError'
  }
}

/** The API answered with a known message key; it is shown translated. */
export class ProductError extends AppError {
  readonly productKey: ProductErrorKey
  readonly status: number | undefined

  constructor(productKey: ProductErrorKey, status?: number) {
    super(productMessage(productKey), { message: productKey })
    this.name = 'ProductError'
    this.productKey = productKey
    this.status = status
  }
}

/** The request never got an answer (offline, DNS, CORS, connection reset). */
export class NetworkError extends AppError {
  constructor(cause: unknown) {
    super(productMessage('networkError'), { message: 'Network error', cause })
    this.name = 'NetworkError'
  }
}

/**
 * Anything else: an unknown message, a body that breaks the contract, an undeclared status. Shown as the
 * generic Unexpected error and flagged for reporting.
 */
export class UnexpectedError extends AppError {
  readonly status: number | undefined

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super('general.unexpected', { message, unexpected: true, cause: options.cause })
    this.name = 'UnexpectedError'
    this.status = options.status
  }
}

/**
 * NotAuthorizedException is Cognito's answer to a wrong password, but also to a sign-in paused after repeated
 * wrong passwords and to a disabled account; told apart by Cognito's message, each says what happened.
 */
const notAuthorizedKeys: Readonly<Record<string, ErrorMessageKey>> = {
  'Password attempts exceeded': 'general.passwordAttemptsExceeded',
  'User is disabled.': 'general.accountDisabled',
}

/**
 * An identity-provider error. A recognised name is shown with its own text; any other becomes the generic
 * error carrying its code, flagged for reporting. InvalidParameterException keeps its reasonCode.
 */
export class CognitoError extends AppError {
  readonly code: string
  readonly reasonCode: string | undefined

  constructor(code: string, options: { message?: string; reasonCode?: string; cause?: unknown } = {}) {
    const known = isCognitoErrorName(code)
    const special = code === 'NotAuthorizedException' ? notAuthorizedKeys[options.message ?? ''] : undefined
    super(
      special ?? (known ? (`cognito.${code satisfies CognitoErrorName}` as const) : 'general.cognitoUnknown'),
      {
        message: options.message ?? code,
        values: { code },
        unexpected: !known,
        cause: options.cause,
      },
    )
    this.name = 'CognitoError'
    this.code = code
    this.reasonCode = options.reasonCode
  }
}

/**
 * The error for an API answer that is not a success, from its status and the `message` of its error body:
 * 401 Unauthorized → sign in again; a known key → product error; anything else → unexpected (decision 014). The
 * API client and the pages that read by a plain fetch both map answers with it.
 */
export function errorFromAnswer(status: number, message: string | undefined, where: string): AppError {
  if (status === 401 && message === unauthorizedMessage) return new AuthenticationError()
  if (isProductErrorKey(message)) return new ProductError(message, status)
  return new UnexpectedError(`${where} failed with ${status}${message === undefined ? '' : `: ${message}`}`, {
    status,
  })
}
