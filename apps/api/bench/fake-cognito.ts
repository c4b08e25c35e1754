import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'

/*
 * The two user pools for the benchmark: JWKS per pool, GetUser and AdminListGroupsForUser, on a loopback port. Tokens are minted
 * here directly (signing up thousands of users through an emulator would measure the emulator). The API is
 * configured exactly as in production: COGNITO_ENDPOINT and the pool and client ids.
 */

const benchPools = {
  members: { poolId: 'ap-northeast-1_BenchMbr1', clientId: 'bench-members-client' },
  admins: { poolId: 'ap-northeast-1_BenchAdm1', clientId: 'bench-admins-client' },
} as const

export interface FakeCognito {
  endpoint: string
  env: Record<string, string>
  mint(sub: string, pool?: keyof typeof benchPools): Promise<string>
  /** GetUser calls answered so far (the API's e-mail reads and token checks). */
  getUserCalls(): number
  close(): Promise<void>
}

export async function startFakeCognito(): Promise<FakeCognito> {
  const keys = { members: await generateKeyPair('RS256'), admins: await generateKeyPair('RS256') }
  const jwks = {
    members: {
      keys: [{ ...(await exportJWK(keys.members.publicKey)), kid: 'members', alg: 'RS256', use: 'sig' }],
    },
    admins: {
      keys: [{ ...(await exportJWK(keys.admins.publicKey)), kid: 'admins', alg: 'RS256', use: 'sig' }],
    },
  }
  let getUserCalls = 0
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      for (const pool of ['members', 'admins'] as const) {
        if (request.url === `/${benchPools[pool].poolId}/.well-known/jwks.json`) {
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks[pool]))
          return
        }
      }
      if (
        request.method === 'POST' &&
        request.headers['x-amz-target'] === 'AWSCognitoIdentityProviderService.GetUser'
      ) {
        getUserCalls++
        const token = JSON.parse(Buffer.concat(chunks).toString('utf8')).AccessToken as string
        const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
        const sub = String(payload.sub)
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(
          JSON.stringify({
            Username: sub,
            UserAttributes: [
              { Name: 'sub', Value: sub },
              { Name: 'email', Value: `${sub.slice(0, 8)}@bench.example` },
              { Name: 'email_verified', Value: 'true' },
            ],
          }),
        )
        return
      }
      // Every staff account here is a committee member (decision 156), as the tokens minted below say.
      if (
        request.method === 'POST' &&
        request.headers['x-amz-target'] === 'AWSCognitoIdentityProviderService.AdminListGroupsForUser'
      ) {
        response
          .writeHead(200, { 'content-type': 'application/x-amz-json-1.1' })
          .end(JSON.stringify({ Groups: [{ GroupName: 'committee', UserPoolId: benchPools.admins.poolId }] }))
        return
      }
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"__type":"NotImplemented"}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    endpoint,
    env: {
      COGNITO_ENDPOINT: endpoint,
      COGNITO_MEMBERS_POOL_ID: benchPools.members.poolId,
      COGNITO_MEMBERS_CLIENT_ID: benchPools.members.clientId,
      COGNITO_ADMINS_POOL_ID: benchPools.admins.poolId,
      COGNITO_ADMINS_CLIENT_ID: benchPools.admins.clientId,
    },
    getUserCalls: () => getUserCalls,
    mint(sub, pool = 'members') {
      const groups = pool === 'admins' ? { 'cognito:groups': ['committee'] } : {}
      return new SignJWT({
        token_use: 'access',
        client_id: benchPools[pool].clientId,
        jti: randomUUID(),
        ...groups,
      })
        .setProtectedHeader({ alg: 'RS256', kid: pool })
        .setIssuer(`${endpoint}/${benchPools[pool].poolId}`)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(keys[pool].privateKey)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
