import {
  type Clock,
  type RegistrationCodeClaims,
  type RegistrationCodeKeySetWire,
  registrationCodeAlgorithm,
  registrationCodeClaimsSchema,
  registrationCodeType,
} from '@furfes/core'
import { type CryptoKey, errors, importJWK, type JWK, jwtVerify } from 'jose'

/** Why a code is not a valid registration code, before the participant list is consulted. */
export type CodeProblem = 'malformed' | 'unknownKey' | 'badSignature' | 'expired' | 'notYetValid' | 'noKeys'

export type CodeCheck = { ok: true; claims: RegistrationCodeClaims } | { ok: false; problem: CodeProblem }

export interface CodeVerifier {
  verify(token: string): Promise<CodeCheck>
  /** Prepares the current keys ahead of the first scan. */
  warm(): void
}

/**
 * Device clocks at a venue drift; a code that expired a minute ago on a tablet whose clock runs fast should
 * still pass, while one that expired an hour ago should not.
 */
const clockToleranceSeconds = 120

/**
 * Verifies registration codes offline: the ES256 signature against the cached JWK Set (looked up by `kid`),
 * the `typ` header, the expiry, and the claims' shape. The key set is read on every call, so a sync that
 * brings new keys takes effect at once; the imported keys are cached per key set.
 */
export function createCodeVerifier(options: {
  keys: () => RegistrationCodeKeySetWire | undefined
  clock: Clock
}): CodeVerifier {
  let cachedFor: RegistrationCodeKeySetWire | undefined
  let imported = new Map<string, Promise<CryptoKey>>()

  /** Imports every key of a new key set at once, so the first scan does not pay for WebCrypto's import. */
  function currentKeys(): Map<string, Promise<CryptoKey>> | undefined {
    const keys = options.keys()
    if (!keys || keys.keys.length === 0) return undefined
    if (keys !== cachedFor) {
      cachedFor = keys
      imported = new Map(
        keys.keys.map((jwk) => [
          jwk.kid,
          importJWK(jwk as JWK, registrationCodeAlgorithm) as Promise<CryptoKey>,
        ]),
      )
      for (const key of imported.values()) key.catch(() => undefined)
    }
    return imported
  }

  return {
    warm() {
      currentKeys()
    },
    async verify(token) {
      const trimmed = token.trim()
      if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(trimmed)) return { ok: false, problem: 'malformed' }
      const keys = currentKeys()
      if (!keys) return { ok: false, problem: 'noKeys' }
      try {
        const { payload } = await jwtVerify(
          trimmed,
          (header) => {
            const key = header.kid === undefined ? undefined : keys.get(header.kid)
            if (!key) throw new errors.JWKSNoMatchingKey()
            return key
          },
          {
            algorithms: [registrationCodeAlgorithm],
            typ: registrationCodeType,
            currentDate: new Date(options.clock()),
            clockTolerance: clockToleranceSeconds,
            requiredClaims: ['exp', 'iat', 'sub'],
          },
        )
        const claims = registrationCodeClaimsSchema.safeParse(payload)
        return claims.success ? { ok: true, claims: claims.data } : { ok: false, problem: 'malformed' }
      } catch (error) {
        return { ok: false, problem: problemOf(error) }
      }
    },
  }
}

function problemOf(error: unknown): CodeProblem {
  if (error instanceof errors.JWTExpired) return 'expired'
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') return 'notYetValid'
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'iat') return 'notYetValid'
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return 'unknownKey'
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'badSignature'
  return 'malformed'
}
