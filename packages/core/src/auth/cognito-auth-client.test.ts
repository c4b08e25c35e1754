import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CognitoError, NetworkError, UnexpectedError } from '../errors/app-errors.ts'
import { NewPasswordRequiredError } from './auth-errors.ts'
import { type CognitoAuthClient, createCognitoAuthClient } from './cognito-auth-client.ts'

interface SentRequest {
  method: string
  url: string
  target: string
  body: unknown
}

type Answer = { status?: number; body: Record<string, unknown> } | Error

/**
 * Stands in for the network under the real SDK: records each request as Cognito would receive it (POST /,
 * X-Amz-Target, JSON body) and answers with Cognito's JSON protocol, errors as `{ __type, message }`.
 */
function fakeCognito(answers: Record<string, Answer> = {}) {
  const sent: SentRequest[] = []
  const requestHandler = {
    async handle(request: {
      method: string
      protocol: string
      hostname: string
      port?: number
      path: string
      headers: Record<string, string>
      body: Uint8Array
    }) {
      const target = request.headers['x-amz-target'] ?? ''
      const operation = target.replace('AWSCognitoIdentityProviderService.', '')
      sent.push({
        method: request.method,
        url: `${request.protocol}//${request.hostname}${request.port === undefined ? '' : `:${request.port}`}${request.path}`,
        target,
        body: JSON.parse(new TextDecoder().decode(request.body)),
      })
      const answer = answers[operation] ?? { body: {} }
      if (answer instanceof Error) throw answer
      return {
        response: {
          statusCode: answer.status ?? 200,
          headers: { 'content-type': 'application/x-amz-json-1.1' },
          body: new TextEncoder().encode(JSON.stringify(answer.body)),
        },
      }
    },
  }
  return { sent, requestHandler }
}

const now = 1_700_000_000_000

function createSut(answers: Record<string, Answer> = {}) {
  const cognito = fakeCognito(answers)
  const sut = createCognitoAuthClient(
    { region: 'ap-northeast-1', endpoint: 'http://localhost:9229', clientId: 'member-client' },
    { clock: () => now, sdkConfig: { requestHandler: cognito.requestHandler, maxAttempts: 1 } },
  )
  return { sut, sent: cognito.sent }
}

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/** An unsigned JWT with these claims; the client only reads them. */
function idToken(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: 'RS256', kid: 'k' })}.${base64Url(claims)}.signature`
}

const foxClaims = {
  sub: 'a1b2c3d4-0000-4000-8000-000000000001',
  email: 'fox@example.com',
  email_verified: 'true',
  aud: 'member-client',
  iss: 'http://localhost:9229/ap-northeast-1_members',
  'cognito:username': 'a1b2c3d4-0000-4000-8000-000000000001',
  token_use: 'id',
}

/** A GetUser answer listing these attributes by name, the way the provider sends them. */
function getUserAnswer(attributes: Record<string, string>): Answer {
  return {
    body: {
      Username: 'u',
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    },
  }
}

function authenticationResult(overrides: Record<string, unknown> = {}) {
  return {
    AuthenticationResult: {
      AccessToken: 'access-token',
      ExpiresIn: 3600,
      TokenType: 'Bearer',
      RefreshToken: 'refresh-token',
      IdToken: idToken(foxClaims),
      ...overrides,
    },
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  )
}

describe('createCognitoAuthClient', () => {
  describe('sends exactly the provider calls the product makes', () => {
    const calls: [string, (sut: CognitoAuthClient) => Promise<unknown>, string, unknown][] = [
      [
        'SignUp',
        (sut) => sut.signUp({ email: 'fox@example.com', password: 'password1' }),
        'SignUp',
        { ClientId: 'member-client', Username: 'fox@example.com', Password: 'password1' },
      ],
      [
        'ResendConfirmationCode',
        (sut) => sut.resendConfirmationCode({ email: 'fox@example.com' }),
        'ResendConfirmationCode',
        { ClientId: 'member-client', Username: 'fox@example.com' },
      ],
      [
        'ConfirmSignUp, never forcing alias creation',
        (sut) => sut.confirmSignUp({ email: 'fox@example.com', code: '123456' }),
        'ConfirmSignUp',
        {
          ClientId: 'member-client',
          Username: 'fox@example.com',
          ConfirmationCode: '123456',
          ForceAliasCreation: false,
        },
      ],
      [
        'InitiateAuth USER_PASSWORD_AUTH',
        (sut) => sut.signIn({ email: 'fox@example.com', password: 'password1' }),
        'InitiateAuth',
        {
          ClientId: 'member-client',
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'fox@example.com', PASSWORD: 'password1' },
        },
      ],
      [
        'InitiateAuth REFRESH_TOKEN_AUTH',
        (sut) => sut.refreshAccessToken({ refreshToken: 'refresh-token' }),
        'InitiateAuth',
        {
          ClientId: 'member-client',
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: 'refresh-token' },
        },
      ],
      [
        'RespondToAuthChallenge NEW_PASSWORD_REQUIRED',
        (sut) =>
          sut.respondToNewPasswordChallenge({
            email: 'admin@example.com',
            newPassword: 'password2',
            session: 's',
          }),
        'RespondToAuthChallenge',
        {
          ClientId: 'member-client',
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          ChallengeResponses: { USERNAME: 'admin@example.com', NEW_PASSWORD: 'password2' },
          Session: 's',
        },
      ],
      [
        'GlobalSignOut',
        (sut) => sut.signOut({ accessToken: 'access' }),
        'GlobalSignOut',
        { AccessToken: 'access' },
      ],
      [
        'RevokeToken',
        (sut) => sut.revokeToken({ refreshToken: 'refresh' }),
        'RevokeToken',
        { ClientId: 'member-client', Token: 'refresh' },
      ],
      [
        'ChangePassword',
        (sut) =>
          sut.changePassword({
            accessToken: 'access',
            previousPassword: 'old-pass',
            proposedPassword: 'new-pass',
          }),
        'ChangePassword',
        { AccessToken: 'access', PreviousPassword: 'old-pass', ProposedPassword: 'new-pass' },
      ],
      [
        'ForgotPassword',
        (sut) => sut.forgotPassword({ email: 'fox@example.com' }),
        'ForgotPassword',
        { ClientId: 'member-client', Username: 'fox@example.com' },
      ],
      [
        'ConfirmForgotPassword',
        (sut) =>
          sut.confirmForgotPassword({ email: 'fox@example.com', code: '654321', password: 'password3' }),
        'ConfirmForgotPassword',
        {
          ClientId: 'member-client',
          Username: 'fox@example.com',
          ConfirmationCode: '654321',
          Password: 'password3',
        },
      ],
      ['GetUser', (sut) => sut.getUser({ accessToken: 'access' }), 'GetUser', { AccessToken: 'access' }],
      [
        'UpdateUserAttributes',
        (sut) =>
          sut.updateUserAttributes({ accessToken: 'access', attributes: { email: 'wolf@example.com' } }),
        'UpdateUserAttributes',
        { AccessToken: 'access', UserAttributes: [{ Name: 'email', Value: 'wolf@example.com' }] },
      ],
      [
        'VerifyUserAttribute',
        (sut) => sut.verifyUserAttribute({ accessToken: 'access', attributeName: 'email', code: '111111' }),
        'VerifyUserAttribute',
        { AccessToken: 'access', AttributeName: 'email', Code: '111111' },
      ],
    ]

    it.each(calls)('%s', async (_, call, operation, body) => {
      const { sut, sent } = createSut({
        InitiateAuth: { body: authenticationResult() },
        RespondToAuthChallenge: { body: authenticationResult() },
        GetUser: getUserAnswer({ sub: 'u', email: 'fox@example.com', email_verified: 'true' }),
      })

      await call(sut)

      expect(sent).toEqual([
        {
          method: 'POST',
          url: 'http://localhost:9229/',
          target: `AWSCognitoIdentityProviderService.${operation}`,
          body,
        },
      ])
    })
  })

  it('talks to whichever endpoint it is given, with its own client id', async () => {
    const cognito = fakeCognito()
    const sut = createCognitoAuthClient(
      {
        region: 'ap-northeast-1',
        endpoint: 'https://cognito-idp.ap-northeast-1.amazonaws.com',
        clientId: 'admin-client',
      },
      { sdkConfig: { requestHandler: cognito.requestHandler, maxAttempts: 1 } },
    )

    await sut.forgotPassword({ email: 'admin@example.com' })

    expect(sut.clientId).toBe('admin-client')
    expect(cognito.sent[0]?.url).toBe('https://cognito-idp.ap-northeast-1.amazonaws.com/')
    expect(cognito.sent[0]?.body).toEqual({ ClientId: 'admin-client', Username: 'admin@example.com' })
  })

  it('sends the e-mail in its one form (NFKC, trimmed, lower-case), as the pool stores it', async () => {
    const { sut, sent } = createSut()

    await sut.signUp({ email: '  Fox@Example.COM ', password: 'password1' })
    await sut.forgotPassword({ email: 'ｆｏｘ＠ｅｘａｍｐｌｅ．ｃｏｍ\u3000' })

    expect(sent.map((request) => (request.body as { Username: string }).Username)).toEqual([
      'fox@example.com',
      'fox@example.com',
    ])
  })

  describe('sign-in', () => {
    it('returns auth info expiring ExpiresIn seconds from now, the refresh token and the ID token user', async () => {
      const { sut } = createSut({ InitiateAuth: { body: authenticationResult() } })

      const result = await sut.signIn({ email: 'fox@example.com', password: 'password1' })

      expect(result).toEqual({
        authInfo: { accessToken: 'access-token', tokenType: 'Bearer', expiresAt: now + 3_600_000 },
        refreshToken: 'refresh-token',
        user: { email: 'fox@example.com', emailVerified: true, sub: foxClaims.sub },
      })
    })

    it('reads email_verified "false" as false, and accepts the JSON boolean real Cognito sends', async () => {
      const unverified = createSut({
        InitiateAuth: {
          body: authenticationResult({ IdToken: idToken({ ...foxClaims, email_verified: 'false' }) }),
        },
      })
      const verified = createSut({
        InitiateAuth: {
          body: authenticationResult({ IdToken: idToken({ ...foxClaims, email_verified: true }) }),
        },
      })

      const a = await unverified.sut.signIn({ email: 'fox@example.com', password: 'password1' })
      const b = await verified.sut.signIn({ email: 'fox@example.com', password: 'password1' })

      expect(a.user?.emailVerified).toBe(false)
      expect(b.user?.emailVerified).toBe(true)
    })

    it.each([
      ['without email_verified', { sub: 'u', email: 'fox@example.com' }],
      ['with email_verified neither true nor false', { ...foxClaims, email_verified: 'yes' }],
      ['without sub', { email: 'fox@example.com', email_verified: 'true' }],
    ])('refuses an ID token %s', async (_, claims) => {
      const { sut } = createSut({
        InitiateAuth: { body: authenticationResult({ IdToken: idToken(claims) }) },
      })

      const error = await rejection(sut.signIn({ email: 'fox@example.com', password: 'password1' }))

      expect(error).toBeInstanceOf(UnexpectedError)
    })

    it('refuses an ID token that is not a JWT', async () => {
      const { sut } = createSut({ InitiateAuth: { body: authenticationResult({ IdToken: 'not-a-jwt' }) } })

      expect(await rejection(sut.signIn({ email: 'fox@example.com', password: 'p' }))).toBeInstanceOf(
        UnexpectedError,
      )
    })

    it.each(['bearer', 'MAC', undefined])('accepts only the Bearer token type, not %s', async (tokenType) => {
      const { sut } = createSut({ InitiateAuth: { body: authenticationResult({ TokenType: tokenType }) } })

      const error = await rejection(sut.signIn({ email: 'fox@example.com', password: 'password1' }))

      expect(error).toBeInstanceOf(UnexpectedError)
      expect((error as UnexpectedError).unexpected).toBe(true)
    })

    it('raises NEW_PASSWORD_REQUIRED as NewPasswordRequiredError carrying the e-mail and session', async () => {
      const { sut } = createSut({
        InitiateAuth: { body: { ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 'challenge-session' } },
      })

      const error = await rejection(sut.signIn({ email: 'Admin@Example.com', password: 'initial' }))

      expect(error).toBeInstanceOf(NewPasswordRequiredError)
      expect(error).toMatchObject({ email: 'admin@example.com', session: 'challenge-session' })
    })

    it('refuses a challenge it does not handle', async () => {
      const { sut } = createSut({ InitiateAuth: { body: { ChallengeName: 'SMS_MFA', Session: 's' } } })

      expect(await rejection(sut.signIn({ email: 'fox@example.com', password: 'p' }))).toBeInstanceOf(
        UnexpectedError,
      )
    })

    it('answers the new-password challenge with new auth info', async () => {
      const { sut } = createSut({ RespondToAuthChallenge: { body: authenticationResult() } })

      const result = await sut.respondToNewPasswordChallenge({
        email: 'admin@example.com',
        newPassword: 'password2',
        session: 'challenge-session',
      })

      expect(result.authInfo).toEqual({
        accessToken: 'access-token',
        tokenType: 'Bearer',
        expiresAt: now + 3_600_000,
      })
    })
  })

  it('refreshes: new auth info, no new refresh token unless Cognito rotates it', async () => {
    const { sut } = createSut({
      InitiateAuth: { body: authenticationResult({ RefreshToken: undefined, ExpiresIn: 300 }) },
    })

    const result = await sut.refreshAccessToken({ refreshToken: 'refresh-token' })

    expect(result.authInfo.expiresAt).toBe(now + 300_000)
    expect(result.refreshToken).toBeUndefined()
  })

  it('reads the user attributes, ignoring names other than email, email_verified and sub', async () => {
    const { sut } = createSut({
      GetUser: getUserAnswer({
        sub: 'user-1',
        email: 'fox@example.com',
        email_verified: 'false',
        'custom:nickname': 'Foxy',
      }),
    })

    expect(await sut.getUser({ accessToken: 'access' })).toEqual({
      email: 'fox@example.com',
      emailVerified: false,
      sub: 'user-1',
    })
  })

  it('refuses user attributes without email_verified', async () => {
    const { sut } = createSut({
      GetUser: getUserAnswer({ email: 'fox@example.com' }),
    })

    expect(await rejection(sut.getUser({ accessToken: 'access' }))).toBeInstanceOf(UnexpectedError)
  })

  describe('errors from the catalogue', () => {
    it('maps a Cognito error by name to the catalogue', async () => {
      const { sut } = createSut({
        InitiateAuth: {
          status: 400,
          body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
        },
      })

      const error = await rejection(sut.signIn({ email: 'fox@example.com', password: 'wrong' }))

      expect(error).toBeInstanceOf(CognitoError)
      expect(error).toMatchObject({
        code: 'NotAuthorizedException',
        key: 'cognito.NotAuthorizedException',
        message: 'Incorrect username or password.',
        unexpected: false,
      })
    })

    it('keeps the reasonCode of InvalidParameterException', async () => {
      const { sut } = createSut({
        SignUp: {
          status: 400,
          body: {
            __type: 'InvalidParameterException',
            message: 'Invalid email',
            reasonCode: 'INVALID_EMAIL',
          },
        },
      })

      const error = await rejection(sut.signUp({ email: 'x', password: 'password1' }))

      expect(error).toMatchObject({ code: 'InvalidParameterException', reasonCode: 'INVALID_EMAIL' })
    })

    it('turns an unknown Cognito error into the generic error carrying its code', async () => {
      const { sut } = createSut({
        SignUp: { status: 400, body: { __type: 'BrandNewException', message: 'Something new' } },
      })

      const error = await rejection(sut.signUp({ email: 'fox@example.com', password: 'password1' }))

      expect(error).toBeInstanceOf(CognitoError)
      expect(error).toMatchObject({
        code: 'BrandNewException',
        key: 'general.cognitoUnknown',
        values: { code: 'BrandNewException' },
        unexpected: true,
      })
    })

    it('turns a request that never got an answer into a NetworkError', async () => {
      const { sut } = createSut({ SignUp: new TypeError('Failed to fetch') })

      const error = await rejection(sut.signUp({ email: 'fox@example.com', password: 'password1' }))

      expect(error).toBeInstanceOf(NetworkError)
    })
  })

  it('imports the SDK only lazily, so public pages never download it', () => {
    const folders = ['../auth/', '../machines/'].map((folder) => new URL(folder, import.meta.url))
    const sources = folders.flatMap((folder) =>
      readdirSync(folder)
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
        .map((name) => readFileSync(new URL(name, folder), 'utf8')),
    )
    // One match per import statement: the part before `from` cannot contain a quote.
    const sdkImports = sources
      .flatMap((source) => [...source.matchAll(/^import\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm)])
      .filter((match) => match[2]?.startsWith('@aws-sdk/'))

    expect(sdkImports.length).toBeGreaterThan(0)
    expect(sdkImports.filter((match) => match[1] === undefined)).toEqual([])
    expect(sources.join('\n')).toContain("import('@aws-sdk/client-cognito-identity-provider')")
  })
})
