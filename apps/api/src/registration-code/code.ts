import {
  type CheckInRefusalReason,
  type Clock,
  compactRegistrationCodeSignedBy,
  type Edition,
  endOfDayInTokyo,
  parseCompactRegistrationCode,
  registrationCodeKeyHint,
  signCompactRegistrationCode,
} from '@furfes/core'
import type { SigningKeySet } from './keys.ts'

export interface RegistrationCodeSigner {
  sign(registration: { registrationId: string }): Promise<string>
}

/**
 * Signs compact registration codes (decisions 120 and 159): the registration id, the expiry, the key's hint and
 * the edition the registration belongs to under a raw ES256 signature. A code stays valid to the end of its
 * edition's event day in Japan, and never for less than `lifetimeSeconds` from now, so a code fetched after the
 * event date (tests, rehearsals) still works.
 */
export function createRegistrationCodeSigner(options: {
  keys: () => Promise<SigningKeySet>
  lifetimeSeconds: number
  clock: Clock
  /** The edition a registration belongs to: the code names it and is valid to the end of its event day. */
  editionOf: (registrationId: string) => Promise<Pick<Edition, 'id' | 'eventDate'>>
}): RegistrationCodeSigner {
  return {
    async sign(registration) {
      const [{ active }, edition] = await Promise.all([
        options.keys(),
        options.editionOf(registration.registrationId),
      ])
      const now = Math.floor(options.clock() / 1000)
      const endOfEventDay = Math.floor(endOfDayInTokyo(edition.eventDate) / 1000)
      return signCompactRegistrationCode({
        registrationId: registration.registrationId,
        exp: Math.max(endOfEventDay, now + options.lifetimeSeconds),
        kid: active.kid,
        editionId: edition.id,
        privateKey: active.privateKey,
      })
    },
  }
}

/** Why a scanned code may not check its registration in, or undefined when it may. */
export type RegistrationCodeCheck = (
  code: string,
  registrationId: string,
) => Promise<CheckInRefusalReason | undefined>

/**
 * Checks again, at upload, a compact code a reception device scanned for a check-in (decision 159): it must be
 * signed by one of the API's keys for that registration (`invalid_code` otherwise) and, when it names an
 * edition, name the current one (`other_edition`). A version 1 code names none and passes on its signature.
 * The expiry is the device's to judge at the door: an upload may come long after the scan.
 */
export function createRegistrationCodeChecker(options: {
  keys: () => Promise<SigningKeySet>
  currentEditionId: () => Promise<string>
}): RegistrationCodeCheck {
  return async (text, registrationId) => {
    const code = parseCompactRegistrationCode(text)
    if (code?.registrationId !== registrationId) return 'invalid_code'
    const { jwks } = await options.keys()
    const wanted = code.keyHint.join()
    let signed = false
    for (const jwk of jwks.keys) {
      if ((await registrationCodeKeyHint(jwk.kid)).join() !== wanted) continue
      signed = await compactRegistrationCodeSignedBy(code, jwk)
      break
    }
    if (!signed) return 'invalid_code'
    if (code.editionId !== undefined && code.editionId !== (await options.currentEditionId())) {
      return 'other_edition'
    }
    return undefined
  }
}
