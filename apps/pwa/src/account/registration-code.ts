import {
  type RegistrationCodeClaims,
  registrationCodeClaimsSchema,
  registrationCodeSchema,
} from '@furfes/core'
import type { CachedRegistrationCode } from '../offline/registration-code-cache.ts'

function base64UrlJson(segment: string): unknown {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=')
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
  return JSON.parse(new TextDecoder().decode(bytes))
}

/**
 * What the code says about itself: the claims the API signed (badge name, tier, expiry). The signature is the
 * reception app's to verify; here an unreadable code is simply not shown ("Invalid registration code").
 */
export function readRegistrationCode(token: string, savedAt: number): CachedRegistrationCode | undefined {
  if (!registrationCodeSchema.safeParse(token).success) return undefined
  let claims: RegistrationCodeClaims
  try {
    const parsed = registrationCodeClaimsSchema.safeParse(base64UrlJson(token.split('.')[1] ?? ''))
    if (!parsed.success) return undefined
    claims = parsed.data
  } catch {
    return undefined
  }
  return {
    token,
    badgeName: claims.badge_name,
    tier: claims.registration_tier,
    expiresAt: claims.exp * 1000,
    savedAt,
  }
}
