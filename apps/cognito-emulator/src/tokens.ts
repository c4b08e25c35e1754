import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type JsonWebKey,
  type KeyObject,
  randomUUID,
} from 'node:crypto'
import { promisify } from 'node:util'
import { calculateJwkThumbprint, decodeProtectedHeader, errors, type JWK, jwtVerify, SignJWT } from 'jose'
import type { Clock } from './clock.ts'
import { messages, notAuthorized } from './errors.ts'
import type { JsonFile } from './json-file.ts'
import type { UserRecord } from './state.ts'

/** Cognito's default lifetime of access and ID tokens, and the ExpiresIn it answers. */
const tokenLifetimeSeconds = 3600

interface SigningKey {
  kid: string
  privateKey: KeyObject
  publicKey: KeyObject
  publicJwk: JWK
}

export interface KeysFile {
  version: 1
  /** One RSA key pair per pool, as Cognito gives every pool its own JWKS. */
  pools: Record<string, { kid: string; privateJwk: JsonWebKey }>
}

/** Loads each pool's signing key from the keys file, generating (in parallel) and saving the missing ones. */
export async function loadSigningKeys(file: JsonFile<KeysFile>, poolIds: string[]) {
  const stored: KeysFile = file.read() ?? { version: 1, pools: {} }
  const missing = poolIds.filter((poolId) => !stored.pools[poolId])
  const generated = await Promise.all(
    missing.map(async (poolId) => {
      const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
      const privateJwk = privateKey.export({ format: 'jwk' })
      return { poolId, kid: await calculateJwkThumbprint(privateJwk as JWK), privateJwk }
    }),
  )
  for (const { poolId, kid, privateJwk } of generated) stored.pools[poolId] = { kid, privateJwk }
  if (generated.length > 0) file.write(stored)

  const keys = new Map<string, SigningKey>()
  for (const poolId of poolIds) {
    const entry = stored.pools[poolId]
    if (!entry) continue
    const privateKey = createPrivateKey({ key: entry.privateJwk, format: 'jwk' })
    const publicKey = createPublicKey(privateKey)
    const publicJwk = {
      ...(publicKey.export({ format: 'jwk' }) as JWK),
      kid: entry.kid,
      alg: 'RS256',
      use: 'sig',
    }
    keys.set(poolId, { kid: entry.kid, privateKey, publicKey, publicJwk })
  }
  return keys
}

export interface IssuedTokens {
  AccessToken: string
  IdToken: string
  ExpiresIn: number
  TokenType: 'Bearer'
}

export interface AccessTokenClaims {
  poolId: string
  sub: string
  clientId: string
  originJti: string
}

interface IssueInput {
  poolId: string
  clientId: string
  user: UserRecord
  originJti: string
  authTime: number
  /** The user's groups, lowest precedence first: both tokens carry them as `cognito:groups` when there are any. */
  groups: string[]
}

/** Signs access and ID tokens as Cognito does (RS256, kid, its claim set) and checks access tokens. */
export class TokenIssuer {
  readonly #keys: Map<string, SigningKey>
  readonly #baseUrl: string
  readonly #clock: Clock

  constructor(keys: Map<string, SigningKey>, baseUrl: string, clock: Clock) {
    this.#keys = keys
    this.#baseUrl = baseUrl
    this.#clock = clock
  }

  issuer(poolId: string): string {
    return `${this.#baseUrl}/${poolId}`
  }

  jwks(poolId: string): { keys: JWK[] } | undefined {
    const key = this.#keys.get(poolId)
    return key && { keys: [key.publicJwk] }
  }

  async issue({ poolId, clientId, user, originJti, authTime, groups }: IssueInput): Promise<IssuedTokens> {
    const key = this.#keys.get(poolId)
    if (!key) throw new Error(`No signing key for pool ${poolId}`)
    const iat = Math.floor(this.#clock.now() / 1000)
    const common = {
      ...(groups.length > 0 ? { 'cognito:groups': groups } : {}),
      origin_jti: originJti,
      event_id: randomUUID(),
      auth_time: authTime,
    }
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ kid: key.kid, alg: 'RS256' })
        .setSubject(user.sub)
        .setIssuer(this.issuer(poolId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + tokenLifetimeSeconds)
        .setJti(randomUUID())
        .sign(key.privateKey)
    const [AccessToken, IdToken] = await Promise.all([
      sign({
        ...common,
        client_id: clientId,
        token_use: 'access',
        scope: 'aws.cognito.signin.user.admin',
        username: user.sub,
      }),
      sign({
        ...common,
        ...user.attributes,
        aud: clientId,
        token_use: 'id',
        'cognito:username': user.sub,
        email: user.email,
        email_verified: user.emailVerified,
      }),
    ])
    return { AccessToken, IdToken, ExpiresIn: tokenLifetimeSeconds, TokenType: 'Bearer' }
  }

  /** The claims of a valid access token of one of the pools; NotAuthorizedException in Cognito's words otherwise. */
  async verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    let kid: string | undefined
    try {
      kid = decodeProtectedHeader(token).kid
    } catch {
      throw notAuthorized(messages.invalidAccessToken)
    }
    const entry = [...this.#keys].find(([, key]) => key.kid === kid)
    if (!entry) throw notAuthorized(messages.invalidAccessToken)
    const [poolId, key] = entry
    try {
      const { payload } = await jwtVerify(token, key.publicKey, {
        algorithms: ['RS256'],
        issuer: this.issuer(poolId),
        currentDate: new Date(this.#clock.now()),
      })
      const { sub, client_id: clientId, origin_jti: originJti, token_use: tokenUse } = payload
      if (tokenUse !== 'access' || typeof sub !== 'string') throw notAuthorized(messages.invalidAccessToken)
      if (typeof clientId !== 'string' || typeof originJti !== 'string') {
        throw notAuthorized(messages.invalidAccessToken)
      }
      return { poolId, sub, clientId, originJti }
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw notAuthorized(messages.expiredAccessToken)
      if (error instanceof errors.JOSEError) throw notAuthorized(messages.invalidAccessToken)
      throw error
    }
  }
}
