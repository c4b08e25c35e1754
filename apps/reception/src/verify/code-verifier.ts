import {
  type Clock,
  compactRegistrationCodeVerifies,
  parseCompactRegistrationCode,
  type RegistrationCodeKeySetWire,
  type RegistrationTier,
  registrationCodeAlgorithm,
  registrationCodeClaimsSchema,
  registrationCodeKeyHint,
  registrationCodeType,
} from '@furfes/core'
import { type CryptoKey, errors, importJWK, type JWK, jwtVerify } from 'jose'

/**
 * Why a code is not a valid registration code, before the participant list is consulted. `otherEdition`: the
 * code is signed but names another edition than the current one (decision 159).
 */
export type CodeProblem =
  | 'malformed'
  | 'unknownKey'
  | 'badSignature'
  | 'expired'
  | 'notYetValid'
  | 'noKeys'
  | 'otherEdition'

/**
 * What a verified code vouches for. A compact code (decision 120) carries only the registration id; the
 * person, badge name and tier come from the snapshot. Codes issued before it (JWS) also carry those.
 */
interface VerifiedCode {
  registrationId: string
  /** The compact code as scanned, which its check-in carries to the API (decision 159); not kept for a JWS. */
  scannedCode?: string
  userId?: string
  badgeName?: string
  registrationTier?: RegistrationTier
}

export type CodeCheck =
  | { ok: true; code: VerifiedCode }
  /** `editionId`: with `otherEdition`, the edition the code names. */
  | { ok: false; problem: CodeProblem; editionId?: string }

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

interface ImportedKey {
  key: Promise<CryptoKey>
  /** The four bytes compact codes name this key by. */
  hint: Promise<string>
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

/**
 * Verifies registration codes offline against the cached JWK Set: compact codes (the key found by its hint,
 * the raw ES256 signature, the expiry) and the JWS codes issued before them (signature by `kid`, `typ`, expiry,
 * claims' shape), until those expire. The key set is read on every call, so a sync that brings new keys takes
 * effect at once; the imported keys are cached per key set. A compact code that names an edition must name the
 * current one as last synced (decision 159); that is judged before the expiry, so last year's code, expired as
 * well, is refused for what it is.
 */
export function createCodeVerifier(options: {
  keys: () => RegistrationCodeKeySetWire | undefined
  /** The id of the current edition as last synced; undefined before the first sync (no edition is refused). */
  editionId: () => string | undefined
  clock: Clock
}): CodeVerifier {
  let cachedFor: RegistrationCodeKeySetWire | undefined
  let imported = new Map<string, ImportedKey>()

  /** Imports every key of a new key set at once, so the first scan does not pay for WebCrypto's import. */
  function currentKeys(): Map<string, ImportedKey> | undefined {
    const keys = options.keys()
    if (!keys || keys.keys.length === 0) return undefined
    if (keys !== cachedFor) {
      cachedFor = keys
      imported = new Map(
        keys.keys.map((jwk) => [
          jwk.kid,
          {
            key: importJWK(jwk as JWK, registrationCodeAlgorithm) as Promise<CryptoKey>,
            hint: registrationCodeKeyHint(jwk.kid).then(hex),
          },
        ]),
      )
      for (const entry of imported.values()) entry.key.catch(() => undefined)
    }
    return imported
  }

  async function verifyCompact(text: string, keys: Map<string, ImportedKey>): Promise<CodeCheck> {
    const code = parseCompactRegistrationCode(text)
    if (!code) return { ok: false, problem: 'malformed' }
    const wanted = hex(code.keyHint)
    let key: CryptoKey | undefined
    for (const entry of keys.values()) {
      if ((await entry.hint) === wanted) {
        key = await entry.key.catch(() => undefined)
        break
      }
    }
    if (!key) return { ok: false, problem: 'unknownKey' }
    if (!(await compactRegistrationCodeVerifies(code, key))) return { ok: false, problem: 'badSignature' }
    const current = options.editionId()
    if (code.editionId !== undefined && current !== undefined && code.editionId !== current) {
      return { ok: false, problem: 'otherEdition', editionId: code.editionId }
    }
    if (code.exp + clockToleranceSeconds < options.clock() / 1000) return { ok: false, problem: 'expired' }
    return { ok: true, code: { registrationId: code.registrationId, scannedCode: text } }
  }

  async function verifyJws(token: string, keys: Map<string, ImportedKey>): Promise<CodeCheck> {
    if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return { ok: false, problem: 'malformed' }
    try {
      const { payload } = await jwtVerify(
        token,
        (header) => {
          const entry = header.kid === undefined ? undefined : keys.get(header.kid)
          if (!entry) throw new errors.JWKSNoMatchingKey()
          return entry.key
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
      if (!claims.success) return { ok: false, problem: 'malformed' }
      return {
        ok: true,
        code: {
          registrationId: claims.data.registration_id,
          userId: claims.data.sub,
          badgeName: claims.data.badge_name,
          registrationTier: claims.data.registration_tier,
        },
      }
    } catch (error) {
      return { ok: false, problem: problemOf(error) }
    }
  }

  return {
    warm() {
      currentKeys()
    },
    async verify(token) {
      // A compact code neither begins nor ends with a space (decision 120), so trimming is safe for both.
      const text = token.trim()
      const keys = currentKeys()
      const compact = parseCompactRegistrationCode(text) !== undefined
      if (!compact && !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(text)) return { ok: false, problem: 'malformed' }
      if (!keys) return { ok: false, problem: 'noKeys' }
      return compact ? verifyCompact(text, keys) : verifyJws(text, keys)
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
