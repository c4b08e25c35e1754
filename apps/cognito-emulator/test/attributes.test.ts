import {
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { day, immediateEmailPool, otherCode, useEmulator } from './harness.ts'

const sut = useEmulator()

const getUser = async (AccessToken: string) => {
  const { Username, UserAttributes = [] } = await sut.client.send(new GetUserCommand({ AccessToken }))
  return { Username, attributes: Object.fromEntries(UserAttributes.map(({ Name, Value }) => [Name, Value])) }
}
const update = (AccessToken: string, UserAttributes: { Name: string; Value: string }[]) =>
  sut.client.send(new UpdateUserAttributesCommand({ AccessToken, UserAttributes }))
const verify = (AccessToken: string, Code: string, AttributeName = 'email') =>
  sut.client.send(new VerifyUserAttributeCommand({ AccessToken, AttributeName, Code }))

describe('GetUser', () => {
  it('returns the sub as Username and email, email_verified and sub as string attributes', async () => {
    await sut.createUser('get@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('get@example.com', 'correct-horse-1')

    const { Username, UserAttributes } = await sut.client.send(new GetUserCommand({ AccessToken }))

    expect(Username).toBe(decodeJwt(AccessToken).sub)
    expect(UserAttributes).toEqual([
      { Name: 'sub', Value: Username },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'email', Value: 'get@example.com' },
    ])
  })
})

describe('UpdateUserAttributes and VerifyUserAttribute, original e-mail kept while an update is pending', () => {
  it('mails a code to the new address and keeps the old one, verified and usable, until the code is entered', async () => {
    await sut.createUser('old@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('old@example.com', 'correct-horse-1')

    const result = await update(AccessToken, [{ Name: 'email', Value: 'New@Example.com' }])

    expect(result.CodeDeliveryDetailsList).toEqual([
      { Destination: 'n***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    ])
    expect(sut.sent.at(-1)).toMatchObject({ kind: 'verify_email', email: 'new@example.com' })
    expect((await getUser(AccessToken)).attributes).toMatchObject({
      email: 'old@example.com',
      email_verified: 'true',
    })
    await expect(sut.signIn('old@example.com', 'correct-horse-1')).resolves.toBeDefined()

    await verify(AccessToken, await sut.latestCode('new@example.com'))

    expect((await getUser(AccessToken)).attributes).toMatchObject({
      email: 'new@example.com',
      email_verified: 'true',
    })
    await expect(sut.signIn('old@example.com', 'correct-horse-1')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    })
    const { IdToken } = await sut.signIn('new@example.com', 'correct-horse-1')
    expect(decodeJwt(IdToken)).toMatchObject({ email: 'new@example.com', email_verified: true })
  })

  it('answers AliasExistsException when another account has the address, at update or at verification', async () => {
    await sut.createUser('mine@example.com', 'correct-horse-1')
    await sut.createUser('theirs@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('mine@example.com', 'correct-horse-1')
    const aliasExists = {
      name: 'AliasExistsException',
      message: 'An account with the given email already exists.',
    }

    await expect(update(AccessToken, [{ Name: 'email', Value: 'THEIRS@example.com' }])).rejects.toMatchObject(
      aliasExists,
    )

    await update(AccessToken, [{ Name: 'email', Value: 'later@example.com' }])
    const code = await sut.latestCode('later@example.com')
    await sut.createUser('later@example.com', 'correct-horse-1')
    await expect(verify(AccessToken, code)).rejects.toMatchObject(aliasExists)
    expect((await getUser(AccessToken)).attributes).toMatchObject({ email: 'mine@example.com' })
  })

  it('answers a wrong code with CodeMismatchException and a day-old code with ExpiredCodeException', async () => {
    await sut.createUser('slow@example.com', 'correct-horse-1')
    const { AccessToken, RefreshToken } = await sut.signIn('slow@example.com', 'correct-horse-1')
    await update(AccessToken, [{ Name: 'email', Value: 'slower@example.com' }])
    const code = await sut.latestCode('slower@example.com')

    await expect(verify(AccessToken, otherCode(code))).rejects.toMatchObject({
      name: 'CodeMismatchException',
    })
    sut.clock.advance(day)
    const { AccessToken: fresh } = await refreshed(RefreshToken)
    await expect(verify(fresh, code)).rejects.toMatchObject({ name: 'ExpiredCodeException' })
  })

  it('resends the code for the pending address with GetUserAttributeVerificationCode', async () => {
    await sut.createUser('again@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('again@example.com', 'correct-horse-1')
    await update(AccessToken, [{ Name: 'email', Value: 'again2@example.com' }])
    const first = await sut.latestCode('again2@example.com')

    const result = await sut.client.send(
      new GetUserAttributeVerificationCodeCommand({ AccessToken, AttributeName: 'email' }),
    )

    expect(result.CodeDeliveryDetails).toMatchObject({ Destination: 'a***@e***', AttributeName: 'email' })
    const second = await sut.latestCode('again2@example.com')
    expect(second).not.toBe(first)
    await expect(verify(AccessToken, first)).rejects.toMatchObject({ name: 'CodeMismatchException' })
    await verify(AccessToken, second)
    expect((await getUser(AccessToken)).attributes).toMatchObject({ email: 'again2@example.com' })
  })

  it('updates other standard attributes at once and refuses sub, email_verified and unknown attributes', async () => {
    await sut.createUser('attrs@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('attrs@example.com', 'correct-horse-1')

    await expect(update(AccessToken, [{ Name: 'name', Value: 'Attrs' }])).resolves.toEqual(
      expect.not.objectContaining({ CodeDeliveryDetailsList: expect.anything() }),
    )
    expect((await getUser(AccessToken)).attributes).toMatchObject({ name: 'Attrs' })

    const unauthorized = {
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    }
    await expect(update(AccessToken, [{ Name: 'email_verified', Value: 'true' }])).rejects.toMatchObject(
      unauthorized,
    )
    await expect(update(AccessToken, [{ Name: 'sub', Value: 'someone-else' }])).rejects.toMatchObject(
      unauthorized,
    )
    await expect(update(AccessToken, [{ Name: 'custom:tier', Value: 'sponsor' }])).rejects.toMatchObject({
      name: 'InvalidParameterException',
    })
    await expect(update(AccessToken, [{ Name: 'email', Value: 'not-an-address' }])).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'Invalid email address format.',
    })
  })

  it('locks e-mail verification after five wrong codes with LimitExceededException', async () => {
    await sut.createUser('verifyguess@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('verifyguess@example.com', 'correct-horse-1')
    await update(AccessToken, [{ Name: 'email', Value: 'verifyguess2@example.com' }])
    const code = await sut.latestCode('verifyguess2@example.com')
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(verify(AccessToken, otherCode(code))).rejects.toMatchObject({
        name: 'CodeMismatchException',
      })
    }

    await expect(verify(AccessToken, code)).rejects.toMatchObject({ name: 'LimitExceededException' })
  })
})

describe('UpdateUserAttributes without keeping the original e-mail', () => {
  it('changes the e-mail at once and sets email_verified false until VerifyUserAttribute', async () => {
    await sut.createUser('before@example.com', 'correct-horse-1', immediateEmailPool)
    const { AccessToken } = await sut.signIn('before@example.com', 'correct-horse-1', immediateEmailPool)

    await update(AccessToken, [{ Name: 'email', Value: 'after@example.com' }])

    expect((await getUser(AccessToken)).attributes).toMatchObject({
      email: 'after@example.com',
      email_verified: 'false',
    })
    const { IdToken } = await sut.signIn('after@example.com', 'correct-horse-1', immediateEmailPool)
    expect(decodeJwt(IdToken)).toMatchObject({ email: 'after@example.com', email_verified: false })

    await verify(AccessToken, await sut.latestCode('after@example.com'))

    expect((await getUser(AccessToken)).attributes).toMatchObject({
      email: 'after@example.com',
      email_verified: 'true',
    })
  })

  it('answers AliasExistsException when the new address belongs to another account, even an unconfirmed one', async () => {
    await sut.createUser('first@example.com', 'correct-horse-1', immediateEmailPool)
    await sut.client.send(
      new SignUpCommand({
        ClientId: immediateEmailPool.clientId,
        Username: 'second@example.com',
        Password: 'correct-horse-1',
      }),
    )
    const { AccessToken } = await sut.signIn('first@example.com', 'correct-horse-1', immediateEmailPool)

    await expect(update(AccessToken, [{ Name: 'email', Value: 'second@example.com' }])).rejects.toMatchObject(
      {
        name: 'AliasExistsException',
      },
    )
  })
})

async function refreshed(RefreshToken: string) {
  const { AuthenticationResult } = await sut.refresh(RefreshToken)
  return { AccessToken: AuthenticationResult?.AccessToken ?? '' }
}
