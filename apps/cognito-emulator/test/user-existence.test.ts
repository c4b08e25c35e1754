import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { describe, expect, it } from 'vitest'
import type { PoolConfig } from '../src/config.ts'
import { codeMismatch, legacyExistencePool, members, otherCode, useEmulator } from './harness.ts'

/*
 * PreventUserExistenceErrors as Cognito documents it for ENABLED (the production pools' setting, which
 * pools.json mirrors): each operation that names a user answers an unknown one exactly as it answers a known
 * one in the matching state, so its answers cannot tell who has an account. SignUp is the documented exception.
 */

const sut = useEmulator()

/** What the SDK reports: the answer's body, or the error's name and message. */
async function answer(promise: Promise<object>) {
  try {
    const { $metadata: _metadata, ...body } = (await promise) as { $metadata?: unknown }
    return { ok: body }
  } catch (error) {
    const { name, message } = error as Error
    return { error: { name, message } }
  }
}

const operations = (pool: PoolConfig) => ({
  signUp: (email: string) => sut.signUp(email, 'correct-horse-1', pool.clientId),
  resend: (Username: string) =>
    sut.client.send(new ResendConfirmationCodeCommand({ ClientId: pool.clientId, Username })),
  confirm: (Username: string, ConfirmationCode: string) =>
    sut.client.send(new ConfirmSignUpCommand({ ClientId: pool.clientId, Username, ConfirmationCode })),
  forgot: (Username: string) =>
    sut.client.send(new ForgotPasswordCommand({ ClientId: pool.clientId, Username })),
  reset: (Username: string, ConfirmationCode: string) =>
    sut.client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: pool.clientId,
        Username,
        ConfirmationCode,
        Password: 'battery-staple-2',
      }),
    ),
  signIn: (USERNAME: string) =>
    sut.initiateAuth('USER_PASSWORD_AUTH', { USERNAME, PASSWORD: 'wrong-horse-9' }, pool.clientId),
})

/**
 * Asks the same of an address with an account and of one without: both answers, and how many mails went out
 * meanwhile.
 */
async function askKnownAndUnknown(ask: (email: string) => Promise<object>, known: string, unknown: string) {
  const before = sut.sent.length
  const answers = { known: await answer(ask(known)), unknown: await answer(ask(unknown)) }
  return { ...answers, mailed: sut.sent.length - before }
}

/** A code mailed to the address, as SignUp, ResendConfirmationCode and ForgotPassword answer it. */
const delivered = (Destination: string) => ({
  ok: { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination } },
})

/** A code that is not the one mailed last to the address. */
const wrongCode = async (email: string) => otherCode(await sut.latestCode(email))

describe('pools.json mirrors the production pools', () => {
  it('sets PreventUserExistenceErrors to ENABLED on both pools, as infra/src/auth.ts does', () => {
    expect(members.preventUserExistenceErrors).toBe('ENABLED')
  })
})

describe('with PreventUserExistenceErrors ENABLED (the members pool)', () => {
  const op = operations(members)

  it.each([
    {
      operation: 'ResendConfirmationCode',
      setUp: (email: string) => op.signUp(email),
      ask: op.resend,
      known: 'ana@example.com',
      unknown: 'aya@example.com',
      destination: 'a***@e***',
    },
    {
      operation: 'ForgotPassword',
      setUp: (email: string) => sut.createUser(email, 'correct-horse-1'),
      ask: op.forgot,
      known: 'cam@example.com',
      unknown: 'cal@example.com',
      destination: 'c***@e***',
    },
  ])(
    '$operation: a simulated delivery for an unknown user, like a real one, and mails nothing',
    async ({ setUp, ask, known: knownEmail, unknown: unknownEmail, destination }) => {
      await setUp(knownEmail)

      const { known, unknown, mailed } = await askKnownAndUnknown(ask, knownEmail, unknownEmail)

      expect(known).toEqual(delivered(destination))
      expect(unknown).toEqual(known)
      expect(mailed).toBe(1)
    },
  )

  it.each([
    {
      operation: 'ConfirmSignUp',
      setUp: (email: string) => op.signUp(email),
      ask: op.confirm,
      known: 'ben@example.com',
      unknown: 'bob@example.com',
    },
    {
      operation: 'ConfirmForgotPassword',
      setUp: async (email: string) => {
        await sut.createUser(email, 'correct-horse-1')
        await op.forgot(email)
      },
      ask: op.reset,
      known: 'dan@example.com',
      unknown: 'dee@example.com',
    },
  ])(
    '$operation: CodeMismatchException for an unknown user, as for a wrong code',
    async ({ setUp, ask, known: knownEmail, unknown: unknownEmail }) => {
      await setUp(knownEmail)

      const known = await answer(ask(knownEmail, await wrongCode(knownEmail)))
      const unknown = await answer(ask(unknownEmail, '123456'))

      expect(known).toEqual({ error: codeMismatch })
      expect(unknown).toEqual(known)
    },
  )

  it('InitiateAuth: an unknown user looks like a wrong password', async () => {
    await sut.createUser('eve@example.com', 'correct-horse-1')

    const known = await answer(op.signIn('eve@example.com'))
    const unknown = await answer(op.signIn('eli@example.com'))

    expect(known).toEqual({
      error: { name: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    })
    expect(unknown).toEqual(known)
  })

  it('SignUp: still answers UsernameExistsException for a taken address, as Cognito documents', async () => {
    await op.signUp('fay@example.com')

    await expect(answer(op.signUp('fay@example.com'))).resolves.toEqual({
      error: { name: 'UsernameExistsException', message: 'An account with the given email already exists.' },
    })
  })
})

describe('with PreventUserExistenceErrors left at LEGACY', () => {
  const op = operations(legacyExistencePool)
  const notFound = (message: string) => ({ error: { name: 'UserNotFoundException', message } })

  it('names an unknown user in every operation that takes a username', async () => {
    const combination = notFound('Username/client id combination not found.')

    await expect(answer(op.resend('gus@example.com'))).resolves.toEqual(combination)
    await expect(answer(op.confirm('gus@example.com', '123456'))).resolves.toEqual(combination)
    await expect(answer(op.forgot('gus@example.com'))).resolves.toEqual(combination)
    await expect(answer(op.reset('gus@example.com', '123456'))).resolves.toEqual(combination)
    await expect(answer(op.signIn('gus@example.com'))).resolves.toEqual(notFound('User does not exist.'))
    expect(sut.sent).toEqual([])
  })

  it('refuses to reset the password of a user without a verified address', async () => {
    await op.signUp('hal@example.com')

    await expect(answer(op.forgot('hal@example.com'))).resolves.toEqual({
      error: {
        name: 'InvalidParameterException',
        message:
          'Cannot reset password for the user as there is no registered/verified email or phone_number',
      },
    })
  })
})
