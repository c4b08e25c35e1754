import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'
import { createTokenVerifier, poolIssuer, type TokenVerifier } from '../../src/auth/tokens.ts'

/*
 * The two user pools as the tests see them: our own RSA keys, a local JWKS per pool, and access tokens shaped
 * like Cognito's (sub, token_use, client_id, jti, no aud).
 */

const testCognitoEndpoint = 'https://cognito-idp.ap-northeast-1.amazonaws.com'

export const testPools = {
  members: {
    endpoint: testCognitoEndpoint,
    poolId: 'ap-northeast-1_Members01',
    clientId: 'members-client-id',
  },
  admins: { endpoint: testCognitoEndpoint, poolId: 'ap-northeast-1_Admins001', clientId: 'admins-client-id' },
} as const

export type PoolName = keyof typeof testPools

const keyPairs = {
  members: await generateKeyPair('RS256'),
  admins: await generateKeyPair('RS256'),
}

/** The public keys of a test pool, as Cognito publishes them. */
export async function poolJwks(pool: PoolName) {
  return {
    keys: [{ ...(await exportJWK(keyPairs[pool].publicKey)), kid: `${pool}-key`, alg: 'RS256', use: 'sig' }],
  }
}

export async function poolVerifier(pool: PoolName, clock: () => number): Promise<TokenVerifier> {
  return createTokenVerifier({
    issuer: poolIssuer(testPools[pool]),
    clientId: testPools[pool].clientId,
    keys: createLocalJWKSet(await poolJwks(pool)),
    clock,
  })
}

export interface MintOptions {
  pool?: PoolName
  /** Seconds since epoch; defaults to the clock's now. */
  issuedAt?: number
  lifetimeSeconds?: number
  /** Override or remove (undefined) claims to forge broken tokens. */
  claims?: Partial<Record<'iss' | 'token_use' | 'client_id' | 'jti', string | undefined>> & {
    /** The user's groups, as Cognito lists them (a string here forges a malformed claim). */
    'cognito:groups'?: string[] | string
  }
  /** Sign with the other pool's key. */
  signWith?: PoolName
}

/** A Cognito-shaped access token for `sub`, valid at `now` (epoch ms). */
export async function mintAccessToken(sub: string, now: number, options: MintOptions = {}): Promise<string> {
  const pool = options.pool ?? 'members'
  const iat = options.issuedAt ?? Math.floor(now / 1000)
  const claims: JWTPayload = {
    iss: poolIssuer(testPools[pool]),
    token_use: 'access',
    client_id: testPools[pool].clientId,
    jti: crypto.randomUUID(),
    scope: 'aws.cognito.signin.user.admin',
    username: sub,
  }
  for (const [name, value] of Object.entries(options.claims ?? {})) {
    if (value === undefined) delete claims[name]
    else claims[name] = value
  }
  const signer = options.signWith ?? pool
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: `${signer}-key` })
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.lifetimeSeconds ?? 3600))
    .sign(keyPairs[signer].privateKey)
}
