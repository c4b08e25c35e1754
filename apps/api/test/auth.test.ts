import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccessTokenRefusedError, createCognitoIdentityProvider } from '../src/auth/identity.ts'
import { bearerToken, createTokenVerifier, poolIssuer, remotePoolKeys } from '../src/auth/tokens.ts'
import { createTestApi, databaseKinds, memberRoutes, useTestApi } from './support/harness.ts'
import { mintAccessToken, poolJwks, testPools } from './support/tokens.ts'

const profile = { privacy: 'public', handle_name: 'Kemono Taro', urls: [] }

describe.each(databaseKinds)('authentication on %s', (kind) => {
  const sut = useTestApi(kind)

  async function status(method: string, path: string, authorization: string | undefined) {
    const response = await sut.request(method, path, {
      ...(authorization === undefined ? {} : { headers: { authorization } }),
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
    })
    return { status: response.status, body: response.body }
  }

  it('answers 401 Unauthorized on every member route without a valid member access token', async () => {
    const userId = randomUUID()
    const now = sut.clock()
    const forged = {
      missing: undefined,
      'not bearer': `Basic ${Buffer.from('a:b').toString('base64')}`,
      garbage: 'Bearer not.a.token',
      expired: `Bearer ${await mintAccessToken(userId, now - 2 * 3600_000)}`,
      'wrong issuer': `Bearer ${await mintAccessToken(userId, now, { claims: { iss: 'https://evil.example/pool' } })}`,
      'wrong client': `Bearer ${await mintAccessToken(userId, now, { claims: { client_id: 'other-client' } })}`,
      'id token': `Bearer ${await mintAccessToken(userId, now, { claims: { token_use: 'id' } })}`,
      'no token_use': `Bearer ${await mintAccessToken(userId, now, { claims: { token_use: undefined } })}`,
      'signed by another key': `Bearer ${await mintAccessToken(userId, now, { signWith: 'admins' })}`,
      'admin token': `Bearer ${await sut.adminToken(userId)}`,
      'sub not a uuid': `Bearer ${await mintAccessToken('not-a-uuid', now)}`,
      'alg none': `Bearer ${await new SignJWT({ token_use: 'access', client_id: testPools.members.clientId })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(poolIssuer(testPools.members))
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(32)))
        .then((token) => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`)}`,
    }
    for (const [method, path] of memberRoutes) {
      for (const [name, authorization] of Object.entries(forged)) {
        expect({ name, method, path, ...(await status(method, path, authorization)) }).toEqual({
          name,
          method,
          path,
          status: 401,
          body: { message: 'Unauthorized' },
        })
      }
    }
    // Nobody was created by any of these calls.
    const participants = await sut.request('GET', '/admin/participants', { token: await sut.adminToken() })
    expect(participants.body).toEqual({ items: [] })
  })

  it('asks Cognito once per request even when no confirmation is remembered, and refuses a signed-out member', async () => {
    const strict = await createTestApi(sut.database, { overrides: { tokenRecheckMs: 0 } })
    const userId = randomUUID()
    const token = await strict.memberToken(userId)
    const before = strict.identity.calls

    expect((await strict.request('PUT', '/profile', { token, body: profile })).status).toBe(200)
    expect(strict.identity.calls - before).toBe(1)
    strict.identity.signOut(userId)
    expect(await strict.request('PUT', '/profile', { token, body: profile })).toMatchObject({
      status: 401,
      body: { message: 'Unauthorized' },
    })
    expect(strict.identity.calls - before).toBe(2)
  })

  it('stops accepting a remembered token once it expires', async () => {
    const token = await sut.memberToken()
    expect((await sut.request('GET', '/inventory', { token })).status).toBe(200)
    sut.clock.advance(3600_000)
    expect(await sut.request('GET', '/inventory', { token })).toMatchObject({
      status: 401,
      body: { message: 'Unauthorized' },
    })
  })

  it('answers admin routes 401 without a token and 403 forbidden for a member token', async () => {
    expect(await status('GET', '/admin/participants', undefined)).toEqual({
      status: 401,
      body: { message: 'Unauthorized' },
    })
    expect(await status('GET', '/admin/participants', `Bearer ${await sut.memberToken()}`)).toEqual({
      status: 403,
      body: { message: 'forbidden' },
    })
    expect(
      await status(
        'GET',
        '/admin/participants',
        `Bearer ${await mintAccessToken(randomUUID(), sut.clock(), { pool: 'admins', claims: { client_id: 'members-client-id' } })}`,
      ),
    ).toEqual({ status: 401, body: { message: 'Unauthorized' } })
  })
})

describe('Cognito wiring', () => {
  let server: Server
  let endpoint: string
  const jwksRequests: string[] = []
  const getUserBodies: unknown[] = []
  const rejected = 'rejected-token'
  const throttled = 'throttled-token'

  beforeAll(async () => {
    const publicJwks = await poolJwks('members')
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        if (request.method === 'GET') {
          jwksRequests.push(request.url ?? '')
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(publicJwks))
          return
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { AccessToken: string }
        getUserBodies.push({ target: request.headers['x-amz-target'], body })
        if (body.AccessToken === throttled) {
          response
            .writeHead(400, { 'content-type': 'application/x-amz-json-1.1' })
            .end('{"__type":"TooManyRequestsException","message":"Rate exceeded"}')
          return
        }
        if (body.AccessToken === rejected) {
          response
            .writeHead(400, { 'content-type': 'application/x-amz-json-1.1' })
            .end('{"__type":"NotAuthorizedException","message":"Invalid Access Token"}')
          return
        }
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(
          JSON.stringify({
            Username: 'u',
            UserAttributes: [
              { Name: 'sub', Value: 'c0ffee00-0000-4000-8000-000000000001' },
              { Name: 'email', Value: 'member@example.com' },
              { Name: 'email_verified', Value: 'true' },
              { Name: 'custom:other', Value: 'ignored' },
            ],
          }),
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  it('verifies member tokens against the JWKS at the pool issuer', async () => {
    const pool = { endpoint, poolId: testPools.members.poolId, clientId: testPools.members.clientId }
    const clock = () => Date.now()
    const verifier = createTokenVerifier({
      issuer: poolIssuer(pool),
      clientId: pool.clientId,
      keys: remotePoolKeys(pool),
      clock,
    })
    const userId = randomUUID()
    const token = await mintAccessToken(userId, clock(), { claims: { iss: poolIssuer(pool) } })
    expect(await verifier.verify(token)).toMatchObject({ sub: userId, token, groups: [] })
    expect(jwksRequests).toEqual([`/${testPools.members.poolId}/.well-known/jwks.json`])
    // The groups Cognito puts in a token come through as they are; a malformed claim is no valid token.
    const grouped = await mintAccessToken(userId, clock(), {
      claims: { iss: poolIssuer(pool), 'cognito:groups': ['desk', 'door'] },
    })
    expect(await verifier.verify(grouped)).toMatchObject({ sub: userId, groups: ['desk', 'door'] })
    const malformed = await mintAccessToken(userId, clock(), {
      claims: { iss: poolIssuer(pool), 'cognito:groups': 'committee' },
    })
    expect(await verifier.verify(malformed)).toBeUndefined()
  })

  it('reads the e-mail with GetUser and the member token, and fails on a Cognito error', async () => {
    const identity = createCognitoIdentityProvider({ endpoint })
    expect(await identity.getUser('member-token')).toEqual({
      sub: 'c0ffee00-0000-4000-8000-000000000001',
      email: 'member@example.com',
      emailVerified: true,
    })
    expect(getUserBodies[0]).toEqual({
      target: 'AWSCognitoIdentityProviderService.GetUser',
      body: { AccessToken: 'member-token' },
    })
    // Cognito refusing the token itself is told apart from Cognito failing to answer.
    await expect(identity.getUser(rejected)).rejects.toBeInstanceOf(AccessTokenRefusedError)
    await expect(identity.getUser(rejected)).rejects.toMatchObject({ type: 'NotAuthorizedException' })
    await expect(identity.getUser(throttled)).rejects.toThrow(/400 TooManyRequestsException/)
    await expect(identity.getUser(throttled)).rejects.not.toBeInstanceOf(AccessTokenRefusedError)
  })

  it('reads only well-formed bearer headers', () => {
    expect(bearerToken('Bearer a.b.c')).toBe('a.b.c')
    expect(bearerToken('bearer a.b.c')).toBeUndefined()
    expect(bearerToken('Bearer a.b')).toBeUndefined()
    expect(bearerToken('Bearer  a.b.c')).toBeUndefined()
    expect(bearerToken(undefined)).toBeUndefined()
  })
})
