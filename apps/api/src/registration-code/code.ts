import {
  type Clock,
  type RegistrationCodeClaims,
  type RegistrationTier,
  registrationCodeAlgorithm,
  registrationCodeClaimsSchema,
  registrationCodeType,
} from '@furfes/core'
import { SignJWT } from 'jose'
import type { SigningKeySet } from './keys.ts'

export interface RegistrationCodeSigner {
  sign(registration: {
    registrationId: string
    userId: string
    registrationTier: RegistrationTier
    badgeName: string
  }): Promise<string>
}

export function createRegistrationCodeSigner(options: {
  keys: () => Promise<SigningKeySet>
  issuer: string
  lifetimeSeconds: number
  clock: Clock
}): RegistrationCodeSigner {
  return {
    async sign(registration) {
      const { active } = await options.keys()
      const iat = Math.floor(options.clock() / 1000)
      // Exactly the claims reception reads (packages/core registration-code.ts), checked before signing.
      const claims: RegistrationCodeClaims = registrationCodeClaimsSchema.parse({
        iss: options.issuer,
        sub: registration.userId,
        jti: registration.registrationId,
        registration_id: registration.registrationId,
        registration_tier: registration.registrationTier,
        badge_name: registration.badgeName,
        iat,
        exp: iat + options.lifetimeSeconds,
      })
      return new SignJWT(claims)
        .setProtectedHeader({ alg: registrationCodeAlgorithm, kid: active.kid, typ: registrationCodeType })
        .sign(active.privateKey)
    },
  }
}
