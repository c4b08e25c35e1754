import type { Clock } from '@furfes/core'
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose'
import { z } from 'zod'

/** A verified Cognito access token. */
export interface VerifiedToken {
  /** The user id (Cognito `sub`, a UUID). */
  sub: string
  /** The raw token, for calls made on the user's behalf (GetUser). */
  token: string
  /** Identifies this token (Cognito `jti`, else its issue time): the e-mail sync is cached per token. */
  tokenId: string
  /** Expiry in epoch seconds. */
  exp: number
  /** The e-mail address Cognito GetUser gave for this token, when it answered (members and staff). */
  email?: string
  /** The user pool groups the token carries (`cognito:groups`): for staff, their roles (decision 156). */
  groups: string[]
}

export interface TokenVerifier {
  /** Resolves to the token's claims, or undefined when it is not a valid access token of the pool. */
  verify(token: string): Promise<VerifiedToken | undefined>
}

export interface UserPool {
  /** `https://cognito-idp.ap-northeast-1.amazonaws.com` or the emulator's URL. */
  endpoint: string
  poolId: string
  clientId: string
}

/** The issuer of a pool's tokens; its keys are at `${issuer}/.well-known/jwks.json`. */
export function poolIssuer(pool: Pick<UserPool, 'endpoint' | 'poolId'>): string {
  return `${pool.endpoint.replace(/\/+$/, '')}/${pool.poolId}`
}

/** The pool's JWKS, fetched when an unknown key id appears and cached (jose's remote key set). */
export function remotePoolKeys(pool: Pick<UserPool, 'endpoint' | 'poolId'>): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(`${poolIssuer(pool)}/.well-known/jwks.json`), {
    timeoutDuration: 5_000,
    cooldownDuration: 30_000,
    cacheMaxAge: 60 * 60 * 1000,
  })
}

const accessTokenClaims = z.object({
  sub: z.uuid(),
  token_use: z.literal('access'),
  client_id: z.string(),
  exp: z.number(),
  iat: z.number().optional(),
  jti: z.string().optional(),
  // Cognito leaves the claim out for a user in no group.
  'cognito:groups': z.array(z.string()).default([]),
})

/** Bounds the memory of verified tokens; the oldest go first. */
const maxRememberedTokens = 20_000

/**
 * Verifies a pool's access tokens: RS256 signature against the pool's keys, issuer, expiry (against the
 * injected clock), `token_use: access` and the app client id. Cognito access tokens carry no `aud`.
 *
 * A token that verified is remembered until it expires, so a user's next calls with the same token skip the
 * RSA verification (the bulk of the CPU of a cheap request). Only the exact same bytes match, and the expiry is
 * checked again on every use.
 */
export function createTokenVerifier(options: {
  issuer: string
  clientId: string
  keys: JWTVerifyGetKey
  clock: Clock
}): TokenVerifier {
  const verified = new Map<string, VerifiedToken>()
  return {
    async verify(token) {
      const known = verified.get(token)
      if (known) {
        if (known.exp * 1000 > options.clock()) return known
        verified.delete(token)
      }
      const result = await verifySignature(token)
      if (result) {
        if (verified.size >= maxRememberedTokens) {
          const oldest = verified.keys().next()
          if (!oldest.done) verified.delete(oldest.value)
        }
        verified.set(token, result)
      }
      return result
    },
  }

  async function verifySignature(token: string): Promise<VerifiedToken | undefined> {
    try {
      const { payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        algorithms: ['RS256'],
        currentDate: new Date(options.clock()),
        requiredClaims: ['exp', 'sub'],
      })
      const claims = accessTokenClaims.safeParse(payload)
      if (!claims.success || claims.data.client_id !== options.clientId) return undefined
      const { sub, exp, jti, iat, 'cognito:groups': groups } = claims.data
      return { sub, token, exp, tokenId: jti ?? `${sub}:${iat ?? exp}`, groups }
    } catch {
      // Malformed, expired, wrong issuer or signature, or the key set could not be fetched: not authenticated.
      return undefined
    }
  }
}

/** The bearer token of an Authorization header (`Bearer <token>`); anything else is none. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  const match = /^Bearer ([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)$/.exec(header)
  return match?.[1]
}
