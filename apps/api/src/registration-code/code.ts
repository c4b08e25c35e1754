import { type CalendarDate, type Clock, endOfDayInTokyo, signCompactRegistrationCode } from '@furfes/core'
import type { SigningKeySet } from './keys.ts'

export interface RegistrationCodeSigner {
  sign(registration: { registrationId: string }): Promise<string>
}

/**
 * Signs compact registration codes (decision 120): the registration id, the expiry and the key's hint under a
 * raw ES256 signature. A code stays valid to the end of the event day in Japan, and never for less than
 * `lifetimeSeconds` from now, so a code fetched after the event date (tests, rehearsals) still works.
 */
export function createRegistrationCodeSigner(options: {
  keys: () => Promise<SigningKeySet>
  lifetimeSeconds: number
  eventDate: CalendarDate
  clock: Clock
}): RegistrationCodeSigner {
  return {
    async sign(registration) {
      const { active } = await options.keys()
      const now = Math.floor(options.clock() / 1000)
      const endOfEventDay = Math.floor(endOfDayInTokyo(options.eventDate) / 1000)
      return signCompactRegistrationCode({
        registrationId: registration.registrationId,
        exp: Math.max(endOfEventDay, now + options.lifetimeSeconds),
        kid: active.kid,
        privateKey: active.privateKey,
      })
    },
  }
}
