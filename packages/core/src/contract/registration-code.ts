import { z } from 'zod'
import { registrationTierSchema, userIdSchema } from '../validation/fields.ts'
import { registrationIdSchema } from './schemas.ts'

/*
 * The registration code (DESIGN "Registration code"): a compact JWS the API signs and reception verifies
 * offline against the cached JWK Set. The API signs exactly these claims; reception reads them.
 */

/** ECDSA P-256: short signatures, so the QR code stays small, and WebCrypto verifies it everywhere. */
export const registrationCodeAlgorithm = 'ES256'

/** The JWS `typ` header, so no other token signed with the same key can pass for a registration code. */
export const registrationCodeType = 'furfes-registration-code+jwt'

/** Where the API publishes the key set, relative to its base URL. */
export const registrationCodeKeySetPath = '/.well-known/jwks.json'

export const registrationCodeClaimsSchema = z.object({
  /** The API's base URL. */
  iss: z.string().min(1),
  /** The user id. */
  sub: userIdSchema,
  /** The registration id again, as the standard token id. */
  jti: registrationIdSchema,
  registration_id: registrationIdSchema,
  registration_tier: registrationTierSchema,
  badge_name: z.string(),
  /** Seconds since the epoch. */
  iat: z.number().int(),
  exp: z.number().int(),
})
export type RegistrationCodeClaims = z.infer<typeof registrationCodeClaimsSchema>
