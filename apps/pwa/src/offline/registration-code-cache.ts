import { type CachedRegistrationCode, currentSlot, pwaDatabase } from './database.ts'

export type { CachedRegistrationCode } from './database.ts'

/** Keeps the signed-in person's registration code for the QR page with no network; replaces any earlier one. */
export async function saveRegistrationCode(code: CachedRegistrationCode): Promise<void> {
  const { text, badgeName, tier, expiresAt, savedAt } = code
  await pwaDatabase().registrationCode.put({
    slot: currentSlot,
    token: text,
    badgeName,
    tier,
    expiresAt,
    savedAt,
  })
}

/** The kept registration code, if any (an expired one included: the caller decides what to show). */
export async function loadRegistrationCode(): Promise<CachedRegistrationCode | undefined> {
  const row = await pwaDatabase().registrationCode.get(currentSlot)
  if (row === undefined) return undefined
  const { token, badgeName, tier, expiresAt, savedAt } = row
  return { text: token, badgeName, tier, expiresAt, savedAt }
}

/** Forgets the kept registration code (on sign-out, or when the account has none). */
export async function clearRegistrationCode(): Promise<void> {
  await pwaDatabase().registrationCode.delete(currentSlot)
}
