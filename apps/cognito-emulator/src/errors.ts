/**
 * An error Cognito answers with: HTTP 400 (or the given status) and `{"__type": type, "message": message}`.
 * The messages are Cognito's own wording, because clients (ours included) match on some of them.
 */
export class CognitoError extends Error {
  readonly type: string
  readonly status: number

  constructor(type: string, message: string, status = 400) {
    super(message)
    this.name = type
    this.type = type
    this.status = status
  }
}

export const messages = {
  incorrectCredentials: 'Incorrect username or password.',
  passwordAttemptsExceeded: 'Password attempts exceeded',
  attemptLimitExceeded: 'Attempt limit exceeded, please try after some time.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  expiredCode: 'Invalid code provided, please request a code again.',
  invalidSession: 'Invalid session for the user.',
  expiredSession: 'Invalid session for the user, session is expired.',
  invalidAccessToken: 'Invalid Access Token',
  expiredAccessToken: 'Access Token has expired',
  revokedAccessToken: 'Access Token has been revoked',
  invalidRefreshToken: 'Invalid Refresh Token',
  expiredRefreshToken: 'Refresh Token has expired',
  revokedRefreshToken: 'Refresh Token has been revoked',
  emailExists: 'An account with the given email already exists.',
  usernameShouldBeEmail: 'Username should be an email.',
  unauthorizedAttribute: 'A client attempted to write unauthorized attribute',
  userNotFound: 'User does not exist.',
  userDisabled: 'User is disabled.',
  usernameClientNotFound: 'Username/client id combination not found.',
} as const

export const notAuthorized = (message: string) => new CognitoError('NotAuthorizedException', message)
export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message)
export const codeMismatch = () => new CognitoError('CodeMismatchException', messages.codeMismatch)
export const expiredCode = () => new CognitoError('ExpiredCodeException', messages.expiredCode)
export const attemptLimitExceeded = () =>
  new CognitoError('LimitExceededException', messages.attemptLimitExceeded)
export const aliasExists = () => new CognitoError('AliasExistsException', messages.emailExists)
