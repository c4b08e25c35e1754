import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { describe, expect, it } from 'vitest'
import { codeMismatch, hour, members, minute, otherCode, useEmulator } from './harness.ts'

const sut = useEmulator()

const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' }

describe('ChangePassword', () => {
  const change = (AccessToken: string, PreviousPassword: string, ProposedPassword: string) =>
    sut.client.send(new ChangePasswordCommand({ AccessToken, PreviousPassword, ProposedPassword }))

  it('replaces the password: the new one signs in, the old one no longer does', async () => {
    await sut.createUser('change@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('change@example.com', 'correct-horse-1')

    await change(AccessToken, 'correct-horse-1', 'battery-staple-2')

    await expect(sut.signIn('change@example.com', 'correct-horse-1')).rejects.toMatchObject(incorrect)
    await expect(sut.signIn('change@example.com', 'battery-staple-2')).resolves.toBeDefined()
  })

  it('refuses a wrong previous password and a proposed one the policy rejects', async () => {
    await sut.createUser('strict@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('strict@example.com', 'correct-horse-1')

    await expect(change(AccessToken, 'wrong-horse-1', 'battery-staple-2')).rejects.toMatchObject(incorrect)
    await expect(change(AccessToken, 'correct-horse-1', 'short')).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password not long enough',
    })
    await expect(sut.signIn('strict@example.com', 'correct-horse-1')).resolves.toBeDefined()
  })

  it('stops guessing the previous password after five failures with LimitExceededException', async () => {
    await sut.createUser('guesser@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('guesser@example.com', 'correct-horse-1')
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(change(AccessToken, 'wrong-horse-1', 'battery-staple-2')).rejects.toMatchObject(incorrect)
    }

    await expect(change(AccessToken, 'correct-horse-1', 'battery-staple-2')).rejects.toMatchObject({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    })
  })
})

describe('ForgotPassword and ConfirmForgotPassword', () => {
  const forgot = (Username: string) =>
    sut.client.send(new ForgotPasswordCommand({ ClientId: members.clientId, Username }))
  const reset = (Username: string, ConfirmationCode: string, Password = 'battery-staple-2') =>
    sut.client.send(
      new ConfirmForgotPasswordCommand({ ClientId: members.clientId, Username, ConfirmationCode, Password }),
    )

  it('mails a reset code; with it the user sets a new password and signs in with it', async () => {
    await sut.createUser('forgot@example.com', 'correct-horse-1')

    const result = await forgot('forgot@example.com')

    expect(result.CodeDeliveryDetails).toEqual({
      Destination: 'f***@e***',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    })
    expect(sut.sent.at(-1)).toMatchObject({ kind: 'forgot_password', email: 'forgot@example.com' })
    await reset('forgot@example.com', await sut.latestCode('forgot@example.com'))
    await expect(sut.signIn('forgot@example.com', 'correct-horse-1')).rejects.toMatchObject(incorrect)
    await expect(sut.signIn('forgot@example.com', 'battery-staple-2')).resolves.toBeDefined()
  })

  it('lifts a sign-in lockout once the password is reset', async () => {
    await sut.createUser('lockedout@example.com', 'correct-horse-1')
    for (let attempt = 0; attempt < 6; attempt++) {
      await expect(sut.signIn('lockedout@example.com', 'wrong-horse-1')).rejects.toThrow()
    }
    await forgot('lockedout@example.com')

    await reset('lockedout@example.com', await sut.latestCode('lockedout@example.com'))

    await expect(sut.signIn('lockedout@example.com', 'battery-staple-2')).resolves.toBeDefined()
  })

  it('mails at most five reset codes an hour per user, then answers LimitExceededException and mails nothing', async () => {
    await sut.createUser('reset-flood@example.com', 'correct-horse-1')
    for (let mail = 0; mail < 5; mail++) await forgot('reset-flood@example.com')
    const code = await sut.latestCode('reset-flood@example.com')
    const sentBefore = sut.sent.length

    await expect(forgot('reset-flood@example.com')).rejects.toMatchObject({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    })
    expect(sut.sent.length).toBe(sentBefore)
    // The code already mailed still resets the password.
    await reset('reset-flood@example.com', code)
    sut.clock.advance(hour)
    await expect(forgot('reset-flood@example.com')).resolves.toBeDefined()
  })

  it('simulates a delivery for an unknown user or one without a verified e-mail, and mails nothing', async () => {
    await sut.signUp('unverified@example.com', 'correct-horse-1')
    const before = sut.sent.length

    await expect(forgot('nobody@example.com')).resolves.toMatchObject({
      CodeDeliveryDetails: { Destination: 'n***@e***', DeliveryMedium: 'EMAIL' },
    })
    await expect(forgot('unverified@example.com')).resolves.toMatchObject({
      CodeDeliveryDetails: { Destination: 'u***@e***' },
    })
    expect(sut.sent.length).toBe(before)
  })

  it('answers a wrong code with CodeMismatchException and a code older than an hour with ExpiredCodeException', async () => {
    await sut.createUser('expired@example.com', 'correct-horse-1')
    await forgot('expired@example.com')
    const code = await sut.latestCode('expired@example.com')
    const wrong = otherCode(code)

    await expect(reset('expired@example.com', wrong)).rejects.toMatchObject(codeMismatch)
    sut.clock.advance(hour)
    await expect(reset('expired@example.com', code)).rejects.toMatchObject({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    })
    await expect(sut.signIn('expired@example.com', 'correct-horse-1')).resolves.toBeDefined()
  })

  it('answers ExpiredCodeException when no code was requested and CodeMismatchException for an unknown user', async () => {
    await sut.createUser('norequest@example.com', 'correct-horse-1')

    await expect(reset('norequest@example.com', '123456')).rejects.toMatchObject({
      name: 'ExpiredCodeException',
    })
    await expect(reset('unknown@example.com', '123456')).rejects.toMatchObject({
      name: 'CodeMismatchException',
    })
  })

  it('refuses a new password the policy rejects, keeping the code usable', async () => {
    await sut.createUser('weak@example.com', 'correct-horse-1')
    await forgot('weak@example.com')
    const code = await sut.latestCode('weak@example.com')

    await expect(reset('weak@example.com', code, 'short')).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password not long enough',
    })
    await expect(reset('weak@example.com', code)).resolves.toBeDefined()
  })

  it('locks the reset code after five wrong codes with LimitExceededException, for 15 minutes', async () => {
    await sut.createUser('brute@example.com', 'correct-horse-1')
    await forgot('brute@example.com')
    const code = await sut.latestCode('brute@example.com')
    const wrong = otherCode(code)
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(reset('brute@example.com', wrong)).rejects.toMatchObject({ name: 'CodeMismatchException' })
    }

    await expect(reset('brute@example.com', code)).rejects.toMatchObject({ name: 'LimitExceededException' })
    sut.clock.advance(15 * minute)
    await expect(reset('brute@example.com', code)).resolves.toBeDefined()
  })
})
