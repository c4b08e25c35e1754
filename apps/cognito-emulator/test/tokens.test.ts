import {
  ChangePasswordCommand,
  GetUserCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeProtectedHeader,
  type JSONWebKeySet,
  jwtVerify,
} from 'jose'
import { describe, expect, it } from 'vitest'
import { admins, hour, members, useEmulator } from './harness.ts'

const sut = useEmulator()

const jwks = (poolId: string) => createRemoteJWKSet(new URL(`${sut.url}/${poolId}/.well-known/jwks.json`))
const verifyOptions = () => ({ currentDate: new Date(sut.clock.now()), algorithms: ['RS256'] })

describe('tokens', () => {
  it('signs an access token with the Cognito claims, verifiable against the pool JWKS', async () => {
    await sut.createUser('claims@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('claims@example.com', 'correct-horse-1')
    const issuer = `${sut.baseUrl}/${members.id}`

    const { payload, protectedHeader } = await jwtVerify(AccessToken, jwks(members.id), {
      ...verifyOptions(),
      issuer,
    })

    const now = Math.floor(sut.clock.now() / 1000)
    expect(protectedHeader).toEqual({ alg: 'RS256', kid: expect.any(String) })
    expect(payload).toEqual({
      sub: expect.any(String),
      iss: issuer,
      client_id: members.clientId,
      origin_jti: expect.any(String),
      event_id: expect.any(String),
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: now,
      exp: now + 3600,
      iat: now,
      jti: expect.any(String),
      username: payload.sub,
    })
  })

  it('signs an ID token for the client (aud) with e-mail, email_verified as a boolean and cognito:username', async () => {
    await sut.createUser('id@example.com', 'correct-horse-1')
    const { IdToken, AccessToken } = await sut.signIn('id@example.com', 'correct-horse-1')

    const { payload } = await jwtVerify(IdToken, jwks(members.id), {
      ...verifyOptions(),
      issuer: `${sut.baseUrl}/${members.id}`,
      audience: members.clientId,
    })

    const access = await jwtVerify(AccessToken, jwks(members.id), verifyOptions())
    expect(payload).toMatchObject({
      token_use: 'id',
      aud: members.clientId,
      email: 'id@example.com',
      email_verified: true,
      sub: access.payload.sub,
      'cognito:username': access.payload.sub,
      origin_jti: access.payload.origin_jti,
      exp: (payload.iat ?? 0) + 3600,
    })
  })

  it('gives each pool its own key: a members token does not verify against the admins JWKS', async () => {
    await sut.createUser('apart@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('apart@example.com', 'correct-horse-1')
    const membersKeys = (await (
      await fetch(`${sut.url}/${members.id}/.well-known/jwks.json`)
    ).json()) as JSONWebKeySet
    const adminsKeys = (await (
      await fetch(`${sut.url}/${admins.id}/.well-known/jwks.json`)
    ).json()) as JSONWebKeySet

    expect(membersKeys.keys).toEqual([
      {
        kty: 'RSA',
        n: expect.any(String),
        e: 'AQAB',
        kid: decodeProtectedHeader(AccessToken).kid,
        alg: 'RS256',
        use: 'sig',
      },
    ])
    await expect(jwtVerify(AccessToken, createLocalJWKSet(adminsKeys), verifyOptions())).rejects.toThrow()
  })

  it('publishes an OpenID configuration naming the issuer and JWKS', async () => {
    const response = await fetch(`${sut.url}/${members.id}/.well-known/openid-configuration`)

    expect(await response.json()).toMatchObject({
      issuer: `${sut.baseUrl}/${members.id}`,
      jwks_uri: `${sut.baseUrl}/${members.id}/.well-known/jwks.json`,
    })
    expect((await fetch(`${sut.url}/ap-northeast-1_Nope/.well-known/jwks.json`)).status).toBe(404)
  })
})

describe('access token checks', () => {
  const getUser = (AccessToken: string) => sut.client.send(new GetUserCommand({ AccessToken }))

  it('refuses an expired access token with "Access Token has expired"', async () => {
    await sut.createUser('expiry@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('expiry@example.com', 'correct-horse-1')

    sut.clock.advance(hour)

    await expect(getUser(AccessToken)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has expired',
    })
  })

  it('refuses a tampered token, an ID token and garbage with "Invalid Access Token"', async () => {
    await sut.createUser('tamper@example.com', 'correct-horse-1')
    const { AccessToken, IdToken } = await sut.signIn('tamper@example.com', 'correct-horse-1')
    const [header, payload, signature] = AccessToken.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url'),
      signature,
    ].join('.')
    const invalid = { name: 'NotAuthorizedException', message: 'Invalid Access Token' }

    await expect(getUser(forged)).rejects.toMatchObject(invalid)
    await expect(getUser(IdToken)).rejects.toMatchObject(invalid)
    await expect(getUser('abc.def.ghi')).rejects.toMatchObject(invalid)
  })

  it('checks every operation that takes an access token', async () => {
    await sut.createUser('every@example.com', 'correct-horse-1')
    const { AccessToken } = await sut.signIn('every@example.com', 'correct-horse-1')
    sut.clock.advance(hour)
    const expired = { name: 'NotAuthorizedException', message: 'Access Token has expired' }

    await expect(
      sut.client.send(
        new ChangePasswordCommand({
          AccessToken,
          PreviousPassword: 'correct-horse-1',
          ProposedPassword: 'new-horse-22',
        }),
      ),
    ).rejects.toMatchObject(expired)
    await expect(
      sut.client.send(
        new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'name', Value: 'Every' }] }),
      ),
    ).rejects.toMatchObject(expired)
    await expect(
      sut.client.send(
        new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: '123456' }),
      ),
    ).rejects.toMatchObject(expired)
    await expect(sut.globalSignOut(AccessToken)).rejects.toMatchObject(expired)
  })
})

describe('GlobalSignOut', () => {
  it('revokes every refresh token and access token of the user, and only theirs', async () => {
    await sut.createUser('leave@example.com', 'correct-horse-1')
    await sut.createUser('stay@example.com', 'correct-horse-1')
    const phone = await sut.signIn('leave@example.com', 'correct-horse-1')
    const laptop = await sut.signIn('leave@example.com', 'correct-horse-1')
    const other = await sut.signIn('stay@example.com', 'correct-horse-1')

    await expect(sut.globalSignOut(phone.AccessToken)).resolves.toBeDefined()

    for (const session of [phone, laptop]) {
      await expect(
        sut.client.send(new GetUserCommand({ AccessToken: session.AccessToken })),
      ).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      })
      await expect(sut.refresh(session.RefreshToken)).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
      })
    }
    await expect(
      sut.client.send(new GetUserCommand({ AccessToken: other.AccessToken })),
    ).resolves.toBeDefined()
    const again = await sut.signIn('leave@example.com', 'correct-horse-1')
    await expect(
      sut.client.send(new GetUserCommand({ AccessToken: again.AccessToken })),
    ).resolves.toBeDefined()
  })
})

describe('RevokeToken', () => {
  it("revokes that sign-in only: its refresh token and its access tokens, not the same user's other sign-ins", async () => {
    await sut.createUser('tablet@example.com', 'correct-horse-1')
    const tablet = await sut.signIn('tablet@example.com', 'correct-horse-1')
    const otherTablet = await sut.signIn('tablet@example.com', 'correct-horse-1')
    const refreshed = await sut.refresh(tablet.RefreshToken)
    const laterAccessToken = refreshed.AuthenticationResult?.AccessToken ?? ''

    await expect(sut.revokeToken(tablet.RefreshToken)).resolves.toBeDefined()

    for (const AccessToken of [tablet.AccessToken, laterAccessToken]) {
      await expect(sut.client.send(new GetUserCommand({ AccessToken }))).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      })
    }
    await expect(sut.refresh(tablet.RefreshToken)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    })
    const other = await sut.client.send(new GetUserCommand({ AccessToken: otherTablet.AccessToken }))
    expect(other.UserAttributes).toContainEqual({ Name: 'email', Value: 'tablet@example.com' })
    const otherRefreshed = await sut.refresh(otherTablet.RefreshToken)
    expect(otherRefreshed.AuthenticationResult?.AccessToken).toEqual(expect.any(String))
  })

  it('answers an unknown or already revoked refresh token with success, as the revocation endpoint does', async () => {
    await sut.createUser('twice@example.com', 'correct-horse-1')
    const session = await sut.signIn('twice@example.com', 'correct-horse-1')
    await sut.revokeToken(session.RefreshToken)

    await expect(sut.revokeToken(session.RefreshToken)).resolves.toBeDefined()
    await expect(sut.revokeToken('not-a-refresh-token-we-issued')).resolves.toBeDefined()
  })

  it('refuses an access or ID token as an unsupported token type, and revokes nothing', async () => {
    await sut.createUser('wrong-type@example.com', 'correct-horse-1')
    const session = await sut.signIn('wrong-type@example.com', 'correct-horse-1')

    for (const Token of [session.AccessToken, session.IdToken]) {
      await expect(sut.revokeToken(Token)).rejects.toMatchObject({ name: 'UnsupportedTokenTypeException' })
    }
    await expect(
      sut.client.send(new GetUserCommand({ AccessToken: session.AccessToken })),
    ).resolves.toBeDefined()
  })

  it('refuses a refresh token issued to another app client, and an unknown client, and revokes nothing', async () => {
    await sut.createUser('staff@example.com', 'correct-horse-1', admins)
    const session = await sut.signIn('staff@example.com', 'correct-horse-1', admins)

    await expect(sut.revokeToken(session.RefreshToken)).rejects.toMatchObject({
      name: 'UnauthorizedException',
    })
    await expect(sut.revokeToken(session.RefreshToken, 'nosuchclient')).rejects.toMatchObject({
      name: 'UnauthorizedException',
    })
    await expect(sut.refresh(session.RefreshToken, admins)).resolves.toBeDefined()
  })
})
