import { jwtDecode } from 'jwt-decode'
import { z } from 'zod'
import type { UserAttributes } from '../domain/auth-info.ts'

/**
 * The three ID-token claims the product reads. Other claims (aud, iss, cognito:username, …) are dropped: only
 * these names are accepted. The spec delivers email_verified as the text true or false; real Cognito ID tokens
 * carry a JSON boolean, so both are read, and anything else is rejected.
 */
const idTokenClaimsSchema = z
  .object({
    email: z.string().min(1),
    email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]),
    sub: z.string().min(1),
  })
  .transform(
    ({ email, email_verified, sub }): UserAttributes => ({ email, emailVerified: email_verified, sub }),
  )

/**
 * Reads the signed-in user's e-mail, whether it is verified, and user id from an ID token. The signature is
 * not checked: the token came straight from the identity provider over TLS, and the API verifies the access
 * token on every call. Throws when the token is not a JWT or lacks one of the three claims.
 */
export function decodeIdToken(idToken: string): UserAttributes {
  return idTokenClaimsSchema.parse(jwtDecode(idToken))
}
