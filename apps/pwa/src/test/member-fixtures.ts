import type { FeatureFlags, Registration, RegistrationTier } from '@furfes/core'
import { saveRegistrationCode } from '../offline/registration-code-cache.ts'
import { createFakeAccount, now } from './fake-account.ts'
import { renderApp } from './render-app.tsx'

/*
 * The arrangements the My Page, registration-code and offline tests share: the signed-in member, the site
 * switches, and the registrations and kept codes they start from.
 */

/** The member the tests sign in as. */
export const email = 'kemo@example.com'

const day = 24 * 3_600_000

/** Every site switch on: registration open, new clubs welcome, no maintenance. */
export const flagsOn: FeatureFlags = {
  isNewClubActivityEstablishmentAvailable: true,
  isRegistrationAvailable: true,
  isUnderMaintenance: false,
}

type FakeAccount = ReturnType<typeof createFakeAccount>

/** Fake account services with the member signed in. */
export function signedIn(options: { password?: string; now?: number } = {}): FakeAccount {
  return createFakeAccount({ signedInAs: email, ...options })
}

/** Renders a page of the app for the fake account, every site switch on. */
export function openPage(path: string, fake: FakeAccount) {
  return renderApp(path, { account: fake.account, flags: flagsOn })
}

/** A paid registration. */
export function paidRegistration(registrationTier: RegistrationTier, badgeName = 'ケモ'): Registration {
  return { registrationTier, badgeName, paymentStatus: 'paid' }
}

/** A pending member registration whose checkout session (`cs_test_…`) can be paid until `expiresAt`. */
export function pendingRegistration(session: string, expiresAt: number): Registration {
  return {
    registrationTier: 'member',
    badgeName: 'ケモ',
    paymentStatus: 'pending',
    paymentUrl: `https://checkout.example.com/c/pay/${session}`,
    expiresAt,
  }
}

/** Marks a tier sold out in the fake API's inventory. */
export function markSoldOut(fake: FakeAccount, tier: RegistrationTier): void {
  fake.backend.state.inventory = fake.backend.state.inventory.map((item) =>
    item.registrationTier === tier ? { ...item, status: 'sold_out' } : item,
  )
}

interface KeptCode {
  text: string
  badgeName: string
  savedAt: number
  expiresAt?: number
  tier?: RegistrationTier
}

/** Opens a page with `code` kept on the device and the API's registration code out of reach (offline). */
export async function openWithKeptCodeOnly(path: string, fake: FakeAccount, code: KeptCode) {
  await keepRegistrationCode(code)
  fake.backend.fail('getRegistrationCode')
  return renderApp(path, { account: fake.account })
}

/** Keeps a registration code on the device as the registration-code page saves it (member tier by default). */
export function keepRegistrationCode(code: KeptCode): Promise<void> {
  return saveRegistrationCode({ tier: 'member', expiresAt: now + 30 * day, ...code })
}
