import { describe, expect, it } from 'vitest'
import {
  AppError,
  AuthenticationError,
  CognitoError,
  NetworkError,
  NotAuthenticatedError,
  ProductError,
  UnexpectedError,
} from './app-errors.ts'
import { expiredTokenMessages, isExpiredTokenError, toCognitoError } from './cognito.ts'
import { describeError } from './describe.ts'

describe('typed errors', () => {
  it('describes each kind with its message key and whether to report it', () => {
    expect(describeError(new NotAuthenticatedError())).toEqual({
      key: 'general.authenticationRequired',
      values: {},
      unexpected: false,
    })
    expect(describeError(new AuthenticationError())).toEqual({
      key: 'general.authenticationRequired',
      values: {},
      unexpected: false,
    })
    expect(describeError(new ProductError('soldOut', 409))).toEqual({
      key: 'product.soldOut',
      values: {},
      unexpected: false,
    })
    expect(describeError(new NetworkError(new TypeError('fetch failed')))).toEqual({
      key: 'product.networkError',
      values: {},
      unexpected: false,
    })
    expect(describeError(new UnexpectedError('boom', { status: 500 }))).toEqual({
      key: 'general.unexpected',
      values: {},
      unexpected: true,
    })
  })

  it('shows anything that is not ours as the generic Unexpected error, flagged', () => {
    for (const thrown of [new Error('x'), 'string', undefined, { message: 'soldOut' }]) {
      expect(describeError(thrown)).toEqual({ key: 'general.unexpected', values: {}, unexpected: true })
    }
  })

  it('keeps names, statuses and causes for reporting', () => {
    const cause = new TypeError('offline')
    const network = new NetworkError(cause)
    expect(network).toBeInstanceOf(AppError)
    expect(network.name).toBe('NetworkError')
    expect(network.cause).toBe(cause)
    const product = new ProductError('highTraffic', 503)
    expect([product.name, product.productKey, product.status, product.message]).toEqual([
      'ProductError',
      'highTraffic',
      503,
      'highTraffic',
    ])
    expect(new AuthenticationError().status).toBe(401)
  })
})

describe('Cognito errors', () => {
  it('shows a recognised error with its own text', () => {
    const sut = toCognitoError(
      Object.assign(new Error('Invalid verification code provided'), { name: 'CodeMismatchException' }),
    )
    expect(sut).toBeInstanceOf(CognitoError)
    expect([sut.code, sut.message]).toEqual(['CodeMismatchException', 'Invalid verification code provided'])
    expect(describeError(sut)).toEqual({
      key: 'cognito.CodeMismatchException',
      values: { code: 'CodeMismatchException' },
      unexpected: false,
    })
  })

  it('turns an unrecognised error into the generic error carrying its code, flagged', () => {
    const sut = toCognitoError({ name: 'BrandNewException', message: 'new' })
    expect(describeError(sut)).toEqual({
      key: 'general.cognitoUnknown',
      values: { code: 'BrandNewException' },
      unexpected: true,
    })
  })

  it('keeps the reasonCode of InvalidParameterException', () => {
    const sut = toCognitoError({
      name: 'InvalidParameterException',
      message: 'bad',
      reasonCode: 'INVALID_EMAIL',
    })
    expect([sut.key, sut.reasonCode]).toEqual(['cognito.InvalidParameterException', 'INVALID_EMAIL'])
  })

  it("reads the protocol's __type, with or without the service namespace", () => {
    expect(toCognitoError({ __type: 'com.amazonaws#UserNotFoundException', message: 'x' }).code).toBe(
      'UserNotFoundException',
    )
    expect(toCognitoError({ __type: 'ExpiredCodeException', message: 'x' }).key).toBe(
      'cognito.ExpiredCodeException',
    )
  })

  it('treats values without a name as unknown', () => {
    expect(toCognitoError('oops').code).toBe('Unknown')
    expect(toCognitoError({}).key).toBe('general.cognitoUnknown')
    const known = new CognitoError('LimitExceededException')
    expect(toCognitoError(known)).toBe(known)
  })

  it("tells a paused sign-in and a disabled account apart from a wrong password, by Cognito's message", () => {
    const keyOf = (message: string) => toCognitoError({ name: 'NotAuthorizedException', message }).key

    expect(keyOf('Incorrect username or password.')).toBe('cognito.NotAuthorizedException')
    expect(keyOf('Password attempts exceeded')).toBe('general.passwordAttemptsExceeded')
    expect(keyOf('User is disabled.')).toBe('general.accountDisabled')
    expect(toCognitoError({ name: 'UserNotFoundException', message: 'User is disabled.' }).key).toBe(
      'cognito.UserNotFoundException',
    )
  })

  it('recognises expired access and refresh tokens', () => {
    expect(expiredTokenMessages).toEqual(['Access Token has expired', 'Refresh Token has expired'])
    for (const message of expiredTokenMessages) {
      expect(isExpiredTokenError({ name: 'NotAuthorizedException', message })).toBe(true)
    }
    expect(
      isExpiredTokenError({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' }),
    ).toBe(false)
    expect(isExpiredTokenError({ name: 'UserNotFoundException', message: 'Access Token has expired' })).toBe(
      false,
    )
    expect(isExpiredTokenError(null)).toBe(false)
  })
})
