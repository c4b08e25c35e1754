import {
  isSessionExpiredError,
  NetworkError,
  ProductError,
  parseCompactRegistrationCode,
  type RegistrationCodeClaims,
  type RegistrationTier,
  registrationCodeClaimsSchema,
  registrationCodeSchema,
  systemClock,
} from '@furfes/core'
import {
  type CachedRegistrationCode,
  clearRegistrationCode,
  loadRegistrationCode,
  saveRegistrationCode,
} from '../offline/registration-code-cache.ts'
import type { AccountServices } from './account-services.ts'

function base64UrlJson(segment: string): unknown {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=')
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
  return JSON.parse(new TextDecoder().decode(bytes))
}

/**
 * What the code says about itself. A compact code (decision 120) says only its expiry, so the badge name and
 * tier come from the registration; a JWS from before it carries them. The signature is the reception app's
 * to verify; here an unreadable code is simply not shown ("Invalid registration code").
 */
function readRegistrationCode(
  text: string,
  savedAt: number,
  registration?: { badgeName: string; registrationTier: RegistrationTier },
): CachedRegistrationCode | undefined {
  if (!registrationCodeSchema.safeParse(text).success) return undefined
  const compact = parseCompactRegistrationCode(text)
  if (compact) {
    return {
      text,
      badgeName: registration?.badgeName,
      tier: registration?.registrationTier,
      expiresAt: compact.exp * 1000,
      savedAt,
    }
  }
  let claims: RegistrationCodeClaims
  try {
    const parsed = registrationCodeClaimsSchema.safeParse(base64UrlJson(text.split('.')[1] ?? ''))
    if (!parsed.success) return undefined
    claims = parsed.data
  } catch {
    return undefined
  }
  return {
    text,
    badgeName: claims.badge_name,
    tier: claims.registration_tier,
    expiresAt: claims.exp * 1000,
    savedAt,
  }
}

/** The code kept on this device (offline store, else the 7-day storage entry), if it has not expired. */
export async function keptRegistrationCode(
  account: AccountServices | undefined,
  now: number,
): Promise<CachedRegistrationCode | undefined> {
  const cached = await loadRegistrationCode().catch(() => undefined)
  const stored = account?.storage.get('registrationJwtToken')
  const code = cached ?? (stored ? readRegistrationCode(stored, now) : undefined)
  return code && code.expiresAt > now ? code : undefined
}

/**
 * The code kept on this device for a page that may start without the account services: offline on a fresh
 * load their configuration cannot be fetched, and then the device's own copy (read on the system clock) is
 * all there is.
 */
export function findKeptRegistrationCode(
  account: () => Promise<AccountServices>,
): Promise<CachedRegistrationCode | undefined> {
  return account().then(
    (loaded) => keptRegistrationCode(loaded, loaded.clock()),
    () => keptRegistrationCode(undefined, systemClock()),
  )
}

/**
 * Why the API cannot give a fresh code while the kept one is still good to show at the door: no network, or
 * the site under maintenance (member routes answer 503 then; the door works offline and needs the code all
 * the same, docs/decisions/145-door-states-and-the-saved-code.md). Undefined for any other failure.
 */
export function keptCodeReason(error: unknown): 'offline' | 'maintenance' | undefined {
  if (error instanceof NetworkError) return 'offline'
  if (error instanceof ProductError && error.productKey === 'underMaintenance') return 'maintenance'
  return undefined
}

/**
 * Fetches a fresh code with the badge name and tier to show beside it, and keeps it: the 7-day storage entry
 * (registrationJwtToken) and the offline store, both stamped now. Undefined when the account has no paid
 * registration (any more): then nothing may stay on the device to be shown at the desk.
 */
export async function fetchRegistrationCode(
  account: AccountServices,
): Promise<CachedRegistrationCode | undefined> {
  let text: string
  let registration: Awaited<ReturnType<AccountServices['api']['getRegistration']>>
  try {
    ;[text, registration] = await Promise.all([
      account.api.getRegistrationCode(),
      account.api.getRegistration(),
    ])
  } catch (error) {
    if (error instanceof ProductError && error.productKey === 'notFound') {
      account.storage.remove('registrationJwtToken')
      await clearRegistrationCode().catch(() => {})
      return undefined
    }
    throw error
  }
  const now = account.clock()
  const code = readRegistrationCode(text, now, registration ?? undefined)
  if (!code || code.expiresAt <= now) throw new ProductError('registrationCodeInvalid')
  account.storage.set('registrationJwtToken', text)
  await saveRegistrationCode(code).catch(() => {
    // Private browsing may refuse IndexedDB; the 7-day storage entry still keeps the code.
  })
  return code
}

/**
 * Replaces a kept code with a fresh one while the app is open online (decision 121), so the copy on the phone
 * is always recent. Does nothing without a session or without a kept code (someone who never had one);
 * a network failure or an ended session keeps the copy as it is.
 */
export async function refreshKeptRegistrationCode(
  account: AccountServices,
): Promise<CachedRegistrationCode | undefined> {
  const { session } = account
  if (session.getRefreshToken() === undefined) return undefined
  const kept =
    (await loadRegistrationCode().catch(() => undefined)) ?? account.storage.get('registrationJwtToken')
  if (kept === undefined) return undefined
  try {
    return await fetchRegistrationCode(account)
  } catch (error) {
    if (keptCodeReason(error) !== undefined || isSessionExpiredError(error)) return undefined
    throw error
  }
}
