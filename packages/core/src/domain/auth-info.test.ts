import { describe, expect, it } from 'vitest'
import {
  authInfoFromAuthenticationResult,
  authInfoSchema,
  authorizationHeader,
  isAccessTokenDueForRefresh,
  parseUserAttributes,
  tokenType,
  toUserAttributeList,
  userAttributeNames,
} from './auth-info.ts'

const now = Date.parse('2025-01-01T00:00:00Z')
const clock = () => now

describe('auth info', () => {
  it('accepts only Bearer tokens', () => {
    expect(tokenType).toBe('Bearer')
    expect(authInfoSchema.safeParse({ accessToken: 't', tokenType: 'Bearer', expiresAt: 1 }).success).toBe(
      true,
    )
    expect(authInfoSchema.safeParse({ accessToken: 't', tokenType: 'MAC', expiresAt: 1 }).success).toBe(false)
  })

  it('expires ExpiresIn seconds after now', () => {
    const sut = authInfoFromAuthenticationResult(
      { AccessToken: 'abc', ExpiresIn: 3600, TokenType: 'Bearer' },
      clock,
    )
    expect(sut).toEqual({ accessToken: 'abc', tokenType: 'Bearer', expiresAt: now + 3_600_000 })
  })

  it('refuses results without a token, an expiry or a bearer type', () => {
    expect(() => authInfoFromAuthenticationResult({ ExpiresIn: 3600, TokenType: 'Bearer' }, clock)).toThrow()
    expect(() => authInfoFromAuthenticationResult({ AccessToken: 'a', TokenType: 'Bearer' }, clock)).toThrow()
    expect(() =>
      authInfoFromAuthenticationResult({ AccessToken: 'a', ExpiresIn: 1, TokenType: 'Basic' }, clock),
    ).toThrow()
  })

  it('builds the Authorization header as Bearer, a space and the token', () => {
    expect(authorizationHeader({ accessToken: 'eyJ.x.y' })).toBe('Bearer eyJ.x.y')
  })

  it('is due for refresh from 30 s before expiry', () => {
    const expiresAt = now + 60_000
    expect(isAccessTokenDueForRefresh({ expiresAt }, () => expiresAt - 30_001)).toBe(false)
    expect(isAccessTokenDueForRefresh({ expiresAt }, () => expiresAt - 30_000)).toBe(true)
    expect(isAccessTokenDueForRefresh({ expiresAt }, () => expiresAt + 1)).toBe(true)
  })
})

describe('user attributes', () => {
  it('accepts only email, email_verified and sub', () => {
    expect(userAttributeNames).toEqual(['email', 'email_verified', 'sub'])
  })

  it('reads email_verified from its text and ignores other attributes', () => {
    const sut = parseUserAttributes([
      { Name: 'sub', Value: '7d3f1c2a-1b2c-4d5e-8f90-123456789abc' },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'email', Value: 'fox@example.com' },
      { Name: 'custom:other', Value: 'x' },
    ])
    expect(sut).toEqual({
      email: 'fox@example.com',
      emailVerified: true,
      sub: '7d3f1c2a-1b2c-4d5e-8f90-123456789abc',
    })
    expect(
      parseUserAttributes([
        { Name: 'sub', Value: 's' },
        { Name: 'email_verified', Value: 'false' },
        { Name: 'email', Value: 'e@example.com' },
      ]).emailVerified,
    ).toBe(false)
  })

  it('rejects a missing attribute or an email_verified that is not true or false', () => {
    expect(() => parseUserAttributes([{ Name: 'email', Value: 'e@example.com' }])).toThrow()
    expect(() =>
      parseUserAttributes([
        { Name: 'sub', Value: 's' },
        { Name: 'email_verified', Value: 'yes' },
        { Name: 'email', Value: 'e@example.com' },
      ]),
    ).toThrow()
  })

  it('writes attributes back as Name/Value pairs with the text true or false', () => {
    expect(toUserAttributeList({ email: 'new@example.com', emailVerified: false })).toEqual([
      { Name: 'email', Value: 'new@example.com' },
      { Name: 'email_verified', Value: 'false' },
    ])
    expect(toUserAttributeList({ sub: 's' })).toEqual([{ Name: 'sub', Value: 's' }])
  })
})
