import {
  AdminCreateUserCommand,
  type CognitoIdentityProviderClient,
  ForgotPasswordCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import type { PoolConfig } from '../src/config.ts'
import { adminKey, admins, day, members, minute, sdkClient, useEmulator } from './harness.ts'

const sut = useEmulator()

const createAdmin = (Username: string, TemporaryPassword?: string, MessageAction?: 'RESEND' | 'SUPPRESS') =>
  sut.adminClient.send(
    new AdminCreateUserCommand({
      UserPoolId: admins.id,
      Username,
      TemporaryPassword,
      MessageAction,
      UserAttributes: [
        { Name: 'email', Value: Username },
        { Name: 'email_verified', Value: 'true' },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    }),
  )

const passwordAuth = (USERNAME: string, PASSWORD: string, pool: PoolConfig = admins) =>
  sut.initiateAuth('USER_PASSWORD_AUTH', { USERNAME, PASSWORD }, pool.clientId)

const respond = (USERNAME: string, NEW_PASSWORD: string, Session: string | undefined) =>
  sut.client.send(
    new RespondToAuthChallengeCommand({
      ClientId: admins.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ChallengeResponses: { USERNAME, NEW_PASSWORD },
      Session,
    }),
  )

describe('AdminCreateUser', () => {
  it('creates a FORCE_CHANGE_PASSWORD user and mails the invitation with the temporary password', async () => {
    const { User } = await createAdmin('staff@example.com', 'temporary-1')

    expect(User).toMatchObject({
      Username: expect.stringMatching(/^[0-9a-f-]{36}$/),
      Enabled: true,
      UserStatus: 'FORCE_CHANGE_PASSWORD',
      UserCreateDate: new Date(sut.clock.now()),
    })
    expect(User?.Attributes).toContainEqual({ Name: 'email_verified', Value: 'true' })
    expect(sut.sent).toMatchObject([
      { kind: 'admin_invite', email: 'staff@example.com', code: 'temporary-1' },
    ])
  })

  it('generates a temporary password that satisfies the policy when none is given, and can stay silent', async () => {
    await createAdmin('generated@example.com')
    await createAdmin('silent@example.com', 'temporary-1', 'SUPPRESS')

    expect(sut.sent.map((message) => message.email)).toEqual(['generated@example.com'])
    const generated = sut.sent[0]?.code ?? ''
    await expect(passwordAuth('generated@example.com', generated)).resolves.toMatchObject({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
    })
  })

  it('resends the invitation with a new temporary password (MessageAction RESEND)', async () => {
    await createAdmin('resend@example.com', 'temporary-1')

    await createAdmin('resend@example.com', 'temporary-2', 'RESEND')

    await expect(passwordAuth('resend@example.com', 'temporary-1')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    })
    await expect(passwordAuth('resend@example.com', 'temporary-2')).resolves.toMatchObject({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
    })
  })

  it('refuses an existing user, a weak temporary password and an unknown pool', async () => {
    await createAdmin('exists@example.com', 'temporary-1')

    await expect(createAdmin('exists@example.com', 'temporary-1')).rejects.toMatchObject({
      name: 'UsernameExistsException',
    })
    await expect(createAdmin('weak@example.com', 'short')).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password not long enough',
    })
    await expect(
      sut.adminClient.send(
        new AdminCreateUserCommand({ UserPoolId: 'ap-northeast-1_Nope', Username: 'a@example.com' }),
      ),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool ap-northeast-1_Nope does not exist.',
    })
  })

  it('needs a SigV4-signed request, as IAM-authorised operations do', async () => {
    const unsigned = await fetch(sut.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminCreateUser',
      },
      body: JSON.stringify({ UserPoolId: admins.id, Username: 'sneaky@example.com' }),
    })

    expect(unsigned.status).toBe(400)
    expect(await unsigned.json()).toEqual({
      __type: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    })
    await expect(passwordAuth('sneaky@example.com', 'anything-1')).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    })
  })
})

describe('NEW_PASSWORD_REQUIRED', () => {
  it('checks the temporary password first, then asks for a new one; the answer signs the user in', async () => {
    await createAdmin('first@example.com', 'temporary-1')

    await expect(passwordAuth('first@example.com', 'wrong-temporary')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    })
    const challenge = await passwordAuth('first@example.com', 'temporary-1')

    expect(challenge).toMatchObject({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: expect.any(String),
      ChallengeParameters: { USER_ID_FOR_SRP: expect.any(String), requiredAttributes: '[]' },
    })
    expect(challenge.AuthenticationResult).toBeUndefined()
    expect(JSON.parse(challenge.ChallengeParameters?.userAttributes ?? '{}')).toEqual({
      email: 'first@example.com',
      email_verified: 'true',
    })

    const answer = await respond('first@example.com', 'permanent-pass-1', challenge.Session)

    expect(answer.AuthenticationResult).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' })
    expect(decodeJwt(answer.AuthenticationResult?.IdToken ?? '')).toMatchObject({
      aud: admins.clientId,
      email: 'first@example.com',
    })
    await expect(passwordAuth('first@example.com', 'permanent-pass-1')).resolves.toMatchObject({
      AuthenticationResult: { TokenType: 'Bearer' },
    })
    await expect(passwordAuth('first@example.com', 'temporary-1')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    })
  })

  it('refuses a wrong session, a reused one and one older than 3 minutes with "Invalid session for the user"', async () => {
    await createAdmin('session@example.com', 'temporary-1')
    const { Session } = await passwordAuth('session@example.com', 'temporary-1')

    await expect(respond('session@example.com', 'permanent-pass-1', 'x'.repeat(40))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    })
    sut.clock.advance(3 * minute)
    // Another request in between must not make the expired session look forged.
    await expect(passwordAuth('someone-else@example.com', 'any-password-1')).rejects.toThrow()
    await expect(respond('session@example.com', 'permanent-pass-1', Session)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    })

    const { Session: fresh } = await passwordAuth('session@example.com', 'temporary-1')
    await respond('session@example.com', 'permanent-pass-1', fresh)
    await expect(respond('session@example.com', 'another-pass-2', fresh)).rejects.toMatchObject({
      message: 'Invalid session for the user.',
    })
  })

  it('refuses a session answered for another user', async () => {
    await createAdmin('one@example.com', 'temporary-1')
    await createAdmin('two@example.com', 'temporary-1')
    const { Session } = await passwordAuth('one@example.com', 'temporary-1')

    await expect(respond('two@example.com', 'permanent-pass-1', Session)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    })
  })

  it('refuses a new password the policy rejects, and the session stays usable', async () => {
    await createAdmin('weaknew@example.com', 'temporary-1')
    const { Session } = await passwordAuth('weaknew@example.com', 'temporary-1')

    await expect(respond('weaknew@example.com', 'short', Session)).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password does not conform to policy: Password not long enough',
    })
    await expect(respond('weaknew@example.com', 'permanent-pass-1', Session)).resolves.toMatchObject({
      AuthenticationResult: { TokenType: 'Bearer' },
    })
  })

  it('expires an unused temporary password after 7 days', async () => {
    await createAdmin('stale@example.com', 'temporary-1')

    sut.clock.advance(7 * day)

    await expect(passwordAuth('stale@example.com', 'temporary-1')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Temporary password has expired and must be reset by an administrator.',
    })
  })

  it('does not let a user with a temporary password reset it', async () => {
    await createAdmin('noreset@example.com', 'temporary-1')

    await expect(
      sut.client.send(
        new ForgotPasswordCommand({ ClientId: admins.clientId, Username: 'noreset@example.com' }),
      ),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User password cannot be reset in the current state.',
    })
  })
})

describe('seeded users', () => {
  it('signs the seeded admin in directly with the password pools.json lists', async () => {
    const [seed] = admins.seedUsers ?? []

    const result = await passwordAuth(seed?.email ?? '', seed?.password ?? '')

    expect(result.AuthenticationResult?.TokenType).toBe('Bearer')
  })

  it('can seed a temporary password, which goes through NEW_PASSWORD_REQUIRED', async () => {
    const pool: PoolConfig = {
      ...admins,
      seedUsers: [{ email: 'invited@example.com', password: 'first-login-1', temporaryPassword: true }],
    }
    await sut.restart({ pools: [members, pool] })

    const challenge = await passwordAuth('invited@example.com', 'first-login-1', pool)

    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED')
    await expect(respond('invited@example.com', 'my-own-pass-1', challenge.Session)).resolves.toMatchObject({
      AuthenticationResult: { TokenType: 'Bearer' },
    })
  })

  it('can seed an unconfirmed user, whose sign-up code is in the mailbox', async () => {
    const pool: PoolConfig = {
      ...members,
      seedUsers: [{ email: 'unconfirmed@example.com', password: 'confirm-me-1', confirmed: false }],
    }
    await sut.restart({ pools: [pool] })

    await expect(passwordAuth('unconfirmed@example.com', 'confirm-me-1', pool)).rejects.toMatchObject({
      name: 'UserNotConfirmedException',
    })
    expect(sut.sent).toMatchObject([{ kind: 'sign_up', email: 'unconfirmed@example.com' }])
  })
})

describe('admin credentials', () => {
  const createWith = (client: CognitoIdentityProviderClient, Username: string) =>
    client.send(
      new AdminCreateUserCommand({ UserPoolId: admins.id, Username, TemporaryPassword: 'temporary-1' }),
    )
  const withClient = async <T>(
    options: Parameters<typeof sdkClient>[1],
    use: (client: CognitoIdentityProviderClient) => Promise<T>,
  ) => {
    const client = sdkClient(sut.url, options)
    try {
      return await use(client)
    } finally {
      client.destroy()
    }
  }
  const notCreated = async (email: string) =>
    expect(passwordAuth(email, 'temporary-1')).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    })

  it('accepts the configured access key', async () => {
    await expect(
      withClient({ credentials: adminKey }, (client) => createWith(client, 'keyed@example.com')),
    ).resolves.toMatchObject({ User: { UserStatus: 'FORCE_CHANGE_PASSWORD' } })
  })

  it('refuses another access key with UnrecognizedClientException, and creates nothing', async () => {
    const stranger = { accessKeyId: 'AKIASTRANGER0000000', secretAccessKey: adminKey.secretAccessKey }

    await expect(
      withClient({ credentials: stranger }, (client) => createWith(client, 'stranger@example.com')),
    ).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
      $metadata: { httpStatusCode: 400 },
    })
    await notCreated('stranger@example.com')
  })

  it('refuses the configured key signed with a wrong secret with InvalidSignatureException', async () => {
    const forged = { accessKeyId: adminKey.accessKeyId, secretAccessKey: 'guessed-secret' }

    await expect(
      withClient({ credentials: forged }, (client) => createWith(client, 'forged@example.com')),
    ).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      message: expect.stringMatching(/^The request signature we calculated does not match/),
    })
    await notCreated('forged@example.com')
  })

  it('refuses a signature scoped to another region', async () => {
    await expect(
      withClient({ credentials: adminKey, region: 'us-east-1' }, (client) =>
        createWith(client, 'elsewhere@example.com'),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      message: 'Credential should be scoped to a valid region.',
    })
  })

  it('refuses a body changed after signing, and a signature-looking header that is not one', async () => {
    const signed = await withClient({ credentials: adminKey }, async (client) => {
      let headers: Record<string, string> = {}
      client.middlewareStack.add(
        (_next) => async (args) => {
          headers = { ...(args.request as { headers: Record<string, string> }).headers }
          throw new Error('captured')
        },
        { step: 'finalizeRequest', priority: 'low' },
      )
      await createWith(client, 'original@example.com').catch(() => undefined)
      return headers
    })
    const send = (headers: Record<string, string>, username: string) =>
      fetch(sut.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ UserPoolId: admins.id, Username: username, TemporaryPassword: 'temporary-1' }),
      })
    const { host: _host, 'content-length': _length, ...replayable } = signed

    const tampered = await send(replayable, 'tampered@example.com')
    const fake = await send(
      {
        ...replayable,
        authorization:
          'AWS4-HMAC-SHA256 Credential=AKIAEMULATORTEST/20250501/ap-northeast-1/cognito-idp/aws4_request, SignedHeaders=host;x-amz-date, Signature=00',
      },
      'fake@example.com',
    )

    expect(replayable.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAEMULATORTEST\//)
    expect(await tampered.json()).toMatchObject({ __type: 'InvalidSignatureException' })
    expect(await fake.json()).toMatchObject({ __type: 'InvalidSignatureException' })
    await notCreated('tampered@example.com')
    await notCreated('fake@example.com')
  })
})
