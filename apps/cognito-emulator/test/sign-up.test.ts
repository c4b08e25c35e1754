import {
  ConfirmSignUpCommand,
  GetUserCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { codeMismatch, day, hour, members, minute, otherCode, useEmulator } from './harness.ts'

const sut = useEmulator()

const signUp = (email: string, password = 'correct-horse-1', clientId?: string) =>
  sut.signUp(email, password, clientId)

const confirm = (Username: string, ConfirmationCode: string) =>
  sut.client.send(
    new ConfirmSignUpCommand({
      ClientId: members.clientId,
      Username,
      ConfirmationCode,
      ForceAliasCreation: false,
    }),
  )

const passwordAuth = (USERNAME: string, PASSWORD = 'correct-horse-1') =>
  sut.initiateAuth('USER_PASSWORD_AUTH', { USERNAME, PASSWORD })

describe('SignUp', () => {
  it('creates an unconfirmed user whose sub is a UUID and mails a six-digit code to the e-mail username', async () => {
    const result = await signUp('Aki@Example.com')

    expect(result.UserConfirmed).toBe(false)
    expect(result.UserSub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(result.CodeDeliveryDetails).toEqual({
      Destination: 'a***@e***',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    })
    expect(sut.sent).toMatchObject([{ email: 'aki@example.com', kind: 'sign_up', pool: 'members' }])
    expect(await sut.latestCode('aki@example.com')).toMatch(/^\d{6}$/)
    await expect(passwordAuth('aki@example.com')).rejects.toMatchObject({
      name: 'UserNotConfirmedException',
      message: 'User is not confirmed.',
    })
  })

  it('refuses a password the pool policy rejects with InvalidPasswordException', async () => {
    await expect(signUp('short@example.com', 'abc1234')).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    })
    expect(sut.sent).toEqual([])
  })

  it('refuses an e-mail that already has an account, in any case, with UsernameExistsException', async () => {
    await signUp('taken@example.com')

    await expect(signUp('TAKEN@example.com')).rejects.toMatchObject({
      name: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    })
  })

  it('requires the username to be an e-mail address', async () => {
    await expect(signUp('not-an-email')).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'Username should be an email.',
    })
  })

  it('reports missing and malformed parameters together as InvalidParameterException', async () => {
    const error = signUp('', ' x')

    await expect(error).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message:
        "3 validation errors detected: Value at 'username' failed to satisfy constraint: Member must satisfy " +
        "regular expression pattern: [\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+; Value at 'username' failed to satisfy " +
        "constraint: Member must have length greater than or equal to 1; Value at 'password' failed to satisfy " +
        'constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$',
    })
  })

  it('answers an unknown client id with ResourceNotFoundException', async () => {
    await expect(signUp('someone@example.com', 'correct-horse-1', 'nosuchclient1234')).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool client nosuchclient1234 does not exist.',
    })
  })

  it('refuses attributes outside the schema and attributes a client may not write', async () => {
    const withAttributes = (Name: string) =>
      sut.client.send(
        new SignUpCommand({
          ClientId: members.clientId,
          Username: 'attrs@example.com',
          Password: 'correct-horse-1',
          UserAttributes: [{ Name, Value: 'true' }],
        }),
      )

    await expect(withAttributes('custom:tier')).rejects.toMatchObject({ name: 'InvalidParameterException' })
    await expect(withAttributes('email_verified')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    })
  })
})

describe('ConfirmSignUp', () => {
  it('confirms the user and verifies the e-mail, so sign-in works and email_verified is true', async () => {
    const { UserSub } = await signUp('confirm@example.com')

    await confirm('confirm@example.com', await sut.latestCode('confirm@example.com'))

    const { AuthenticationResult } = await passwordAuth('confirm@example.com')
    const idToken = decodeJwt(AuthenticationResult?.IdToken ?? '')
    expect(idToken).toMatchObject({ sub: UserSub, email: 'confirm@example.com', email_verified: true })
    const user = await sut.client.send(new GetUserCommand({ AccessToken: AuthenticationResult?.AccessToken }))
    expect(user.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' })
  })

  it('answers a wrong code with CodeMismatchException and leaves the user unconfirmed', async () => {
    await signUp('mismatch@example.com')
    const code = await sut.latestCode('mismatch@example.com')
    const wrong = otherCode(code)

    await expect(confirm('mismatch@example.com', wrong)).rejects.toMatchObject(codeMismatch)
    await expect(passwordAuth('mismatch@example.com')).rejects.toMatchObject({
      name: 'UserNotConfirmedException',
    })
  })

  it('answers a code older than 24 hours with ExpiredCodeException', async () => {
    await signUp('late@example.com')
    const code = await sut.latestCode('late@example.com')

    sut.clock.advance(day)

    await expect(confirm('late@example.com', code)).rejects.toMatchObject({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    })
  })

  it('accepts a code just before its 24 hours are up', async () => {
    await signUp('intime@example.com')
    const code = await sut.latestCode('intime@example.com')

    sut.clock.advance(day - 1000)

    await expect(confirm('intime@example.com', code)).resolves.toBeDefined()
  })

  it('locks the code after five wrong attempts with LimitExceededException, even for the right code', async () => {
    await signUp('guess@example.com')
    const code = await sut.latestCode('guess@example.com')
    const wrong = otherCode(code)
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(confirm('guess@example.com', wrong)).rejects.toMatchObject({
        name: 'CodeMismatchException',
      })
    }

    await expect(confirm('guess@example.com', code)).rejects.toMatchObject({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    })

    sut.clock.advance(15 * minute)
    await expect(confirm('guess@example.com', code)).resolves.toBeDefined()
  })

  it('answers an unknown user with CodeMismatchException, as a wrong code, revealing nothing', async () => {
    await expect(confirm('nobody@example.com', '123456')).rejects.toMatchObject(codeMismatch)
  })

  it('refuses to confirm a confirmed user', async () => {
    await sut.createUser('twice@example.com', 'correct-horse-1')

    await expect(confirm('twice@example.com', '123456')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User cannot be confirmed. Current status is CONFIRMED',
    })
  })
})

describe('ResendConfirmationCode', () => {
  const resend = (Username: string) =>
    sut.client.send(new ResendConfirmationCodeCommand({ ClientId: members.clientId, Username }))

  it('mails a new code; the previous one stops working', async () => {
    await signUp('resend@example.com')
    const first = await sut.latestCode('resend@example.com')
    sut.clock.advance(minute)

    const result = await resend('resend@example.com')

    expect(result.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', Destination: 'r***@e***' })
    const second = await sut.latestCode('resend@example.com')
    expect(sut.sent.map((message) => message.kind)).toEqual(['sign_up', 'resend'])
    expect(second).not.toBe(first)
    await expect(confirm('resend@example.com', first)).rejects.toMatchObject({
      name: 'CodeMismatchException',
    })
    await expect(confirm('resend@example.com', second)).resolves.toBeDefined()
  })

  it('simulates a delivery for an unknown user and mails nothing', async () => {
    const result = await resend('ghost@example.com')

    expect(result.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', Destination: 'g***@e***' })
    expect(sut.sent).toEqual([])
  })

  it('finds the user however the address was typed: any case, fullwidth (NFKC)', async () => {
    await signUp('fold@example.com')

    await resend('ＦＯＬＤ@example.com')
    await resend('Fold＠Example.com')

    expect(sut.sent.map(({ kind, email }) => [kind, email])).toEqual([
      ['sign_up', 'fold@example.com'],
      ['resend', 'fold@example.com'],
      ['resend', 'fold@example.com'],
    ])
  })

  it('mails at most five codes an hour on request, then answers LimitExceededException and mails nothing', async () => {
    await signUp('flood@example.com')
    await signUp('neighbour@example.com')
    for (let mail = 0; mail < 5; mail++) {
      await resend('flood@example.com')
      sut.clock.advance(minute)
    }
    const sentBefore = sut.sent.length

    await expect(resend('FLOOD@example.com')).rejects.toMatchObject({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    })
    expect(sut.sent.length).toBe(sentBefore)
    // The limit is per user: another address still gets its code.
    await expect(resend('neighbour@example.com')).resolves.toBeDefined()
    // An hour after the first of the five, one more may be sent, and the limit holds again after it.
    sut.clock.advance(hour - 5 * minute)
    await expect(resend('flood@example.com')).resolves.toBeDefined()
    await expect(resend('flood@example.com')).rejects.toMatchObject({ name: 'LimitExceededException' })
  })

  it('takes the hourly limit from its configuration', async () => {
    await sut.restart({ codeMailsPerHour: 1 })
    await signUp('once@example.com')

    await resend('once@example.com')

    await expect(resend('once@example.com')).rejects.toMatchObject({ name: 'LimitExceededException' })
  })

  it('refuses a confirmed user with InvalidParameterException', async () => {
    await sut.createUser('done@example.com', 'correct-horse-1')

    await expect(resend('done@example.com')).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'User is already confirmed.',
    })
  })
})
