import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { admins, day, hour, members, minute, second, useEmulator } from './harness.ts'

const sut = useEmulator()

const passwordAuth = (USERNAME: string, PASSWORD: string, clientId?: string) =>
  sut.initiateAuth('USER_PASSWORD_AUTH', { USERNAME, PASSWORD }, clientId)

describe('InitiateAuth USER_PASSWORD_AUTH', () => {
  it('returns access, ID and refresh tokens, ExpiresIn 3600 and TokenType Bearer', async () => {
    await sut.createUser('mina@example.com', 'correct-horse-1')

    const result = await passwordAuth('mina@example.com', 'correct-horse-1')

    expect(result.ChallengeName).toBeUndefined()
    expect(result.AuthenticationResult).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' })
    expect(result.AuthenticationResult?.AccessToken?.split('.')).toHaveLength(3)
    expect(result.AuthenticationResult?.IdToken?.split('.')).toHaveLength(3)
    expect(result.AuthenticationResult?.RefreshToken).toMatch(/^[\w-]{40,}$/)
  })

  it('signs in with the e-mail in any case', async () => {
    await sut.createUser('case@example.com', 'correct-horse-1')

    const result = await passwordAuth('CASE@Example.COM', 'correct-horse-1')

    expect(decodeJwt(result.AuthenticationResult?.IdToken ?? '')).toMatchObject({ email: 'case@example.com' })
  })

  it('answers a wrong password and an unknown user alike with NotAuthorizedException', async () => {
    await sut.createUser('real@example.com', 'correct-horse-1')

    const wrongPassword = passwordAuth('real@example.com', 'wrong-horse-1')
    const unknownUser = passwordAuth('unknown@example.com', 'correct-horse-1')

    const expected = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' }
    await expect(wrongPassword).rejects.toMatchObject(expected)
    await expect(unknownUser).rejects.toMatchObject(expected)
  })

  it('checks the password before saying a user is not confirmed', async () => {
    await sut.signUp('pending@example.com', 'correct-horse-1')

    await expect(passwordAuth('pending@example.com', 'wrong-horse-1')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    })
    await expect(passwordAuth('pending@example.com', 'correct-horse-1')).rejects.toMatchObject({
      name: 'UserNotConfirmedException',
    })
  })

  it('locks the user out after five wrong passwords with "Password attempts exceeded", doubling each time', async () => {
    await sut.createUser('locked@example.com', 'correct-horse-1')
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(passwordAuth('locked@example.com', 'wrong-horse-1')).rejects.toMatchObject({
        message: 'Incorrect username or password.',
      })
    }
    const exceeded = { name: 'NotAuthorizedException', message: 'Password attempts exceeded' }

    await expect(passwordAuth('locked@example.com', 'correct-horse-1')).rejects.toMatchObject(exceeded)

    // The fifth failure locked for 2^0 s; the sixth locks for 2^1 s.
    sut.clock.advance(second)
    await expect(passwordAuth('locked@example.com', 'wrong-horse-1')).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    })
    sut.clock.advance(second)
    await expect(passwordAuth('locked@example.com', 'correct-horse-1')).rejects.toMatchObject(exceeded)
    sut.clock.advance(second)
    await expect(passwordAuth('locked@example.com', 'correct-horse-1')).resolves.toMatchObject({
      AuthenticationResult: { TokenType: 'Bearer' },
    })
  })

  it('forgets earlier failures after 15 quiet minutes', async () => {
    await sut.createUser('quiet@example.com', 'correct-horse-1')
    for (let attempt = 0; attempt < 4; attempt++) {
      await expect(passwordAuth('quiet@example.com', 'wrong-horse-1')).rejects.toThrow()
    }
    sut.clock.advance(16 * minute)

    await expect(passwordAuth('quiet@example.com', 'wrong-horse-1')).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    })
    await expect(passwordAuth('quiet@example.com', 'correct-horse-1')).resolves.toBeDefined()
  })

  it('keeps the pools apart: a member cannot sign in with the admins client', async () => {
    await sut.createUser('member@example.com', 'correct-horse-1')

    await expect(
      passwordAuth('member@example.com', 'correct-horse-1', admins.clientId),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    })
  })

  it('signs the seeded demo member in with the password pools.json lists, e-mail verified', async () => {
    const [demo] = members.seedUsers ?? []

    const result = await passwordAuth(demo?.email ?? '', demo?.password ?? '')

    expect(decodeJwt(result.AuthenticationResult?.IdToken ?? '')).toMatchObject({
      email: demo?.email,
      email_verified: true,
    })
  })

  it('asks for the missing USERNAME or PASSWORD with InvalidParameterException', async () => {
    const missingPassword = sut.initiateAuth('USER_PASSWORD_AUTH', { USERNAME: 'a@example.com' })

    await expect(missingPassword).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'Missing required parameter PASSWORD',
    })
  })

  it('refuses flows the app client does not enable and unknown flows', async () => {
    const start = (authFlow: string) =>
      sut.initiateAuth(authFlow, { USERNAME: 'a@example.com', SRP_A: 'abc' })

    await expect(start('USER_SRP_AUTH')).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'USER_SRP_AUTH flow not enabled for this client',
    })
    await expect(start('MAGIC_LINK')).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: expect.stringContaining("Value 'MAGIC_LINK' at 'authFlow' failed to satisfy constraint"),
    })
  })

  it('answers an unknown client id with ResourceNotFoundException', async () => {
    await expect(passwordAuth('a@example.com', 'correct-horse-1', 'nosuchclient')).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    })
  })
})

describe('InitiateAuth REFRESH_TOKEN_AUTH', () => {
  it('issues new access and ID tokens from the same sign-in, without a new refresh token', async () => {
    await sut.createUser('refresh@example.com', 'correct-horse-1')
    const first = await sut.signIn('refresh@example.com', 'correct-horse-1')
    sut.clock.advance(50 * minute)

    const result = await sut.refresh(first.RefreshToken)

    expect(result.AuthenticationResult).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' })
    expect(result.AuthenticationResult?.RefreshToken).toBeUndefined()
    const before = decodeJwt(first.AccessToken)
    const after = decodeJwt(result.AuthenticationResult?.AccessToken ?? '')
    expect(after.origin_jti).toBe(before.origin_jti)
    expect(after.auth_time).toBe(before.auth_time)
    expect(after.jti).not.toBe(before.jti)
    expect(after.iat).toBe((before.iat ?? 0) + 50 * 60)
    await expect(
      sut.client.send(new GetUserCommand({ AccessToken: result.AuthenticationResult?.AccessToken })),
    ).resolves.toMatchObject({ Username: before.sub })
  })

  it('also accepts the REFRESH_TOKEN flow name', async () => {
    await sut.createUser('alias@example.com', 'correct-horse-1')
    const { RefreshToken } = await sut.signIn('alias@example.com', 'correct-horse-1')

    const result = await sut.initiateAuth('REFRESH_TOKEN', { REFRESH_TOKEN: RefreshToken })

    expect(result.AuthenticationResult?.AccessToken).toBeDefined()
  })

  it('refuses an unknown refresh token, or one from another app client', async () => {
    await sut.createUser('other@example.com', 'correct-horse-1')
    const { RefreshToken } = await sut.signIn('other@example.com', 'correct-horse-1')
    const invalid = { name: 'NotAuthorizedException', message: 'Invalid Refresh Token' }

    await expect(sut.refresh('not-a-refresh-token')).rejects.toMatchObject(invalid)
    await expect(sut.refresh(RefreshToken, admins)).rejects.toMatchObject(invalid)
  })

  it('refuses a refresh token older than 30 days with "Refresh Token has expired"', async () => {
    await sut.createUser('old@example.com', 'correct-horse-1')
    const { RefreshToken } = await sut.signIn('old@example.com', 'correct-horse-1')

    sut.clock.advance(30 * day - hour)
    await expect(sut.refresh(RefreshToken)).resolves.toBeDefined()
    sut.clock.advance(hour)

    await expect(sut.refresh(RefreshToken)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has expired',
    })
  })

  it('asks for a missing REFRESH_TOKEN with InvalidParameterException', async () => {
    const missing = sut.initiateAuth('REFRESH_TOKEN_AUTH', {})

    await expect(missing).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'Missing required parameter REFRESH_TOKEN',
    })
  })
})
