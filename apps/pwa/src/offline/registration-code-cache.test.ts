import { beforeEach, describe, expect, it } from 'vitest'
import { currentSlot, pwaDatabase } from './database.ts'
import {
  type CachedRegistrationCode,
  clearRegistrationCode,
  loadRegistrationCode,
  saveRegistrationCode,
} from './registration-code-cache.ts'

const code: CachedRegistrationCode = {
  text: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln',
  badgeName: 'ふわふわ',
  tier: 'fursuiter',
  expiresAt: Date.UTC(2026, 9, 12),
  savedAt: Date.UTC(2026, 9, 1),
}

describe('registration-code cache', () => {
  beforeEach(async () => {
    await clearRegistrationCode()
  })

  it('has nothing before a code is saved', async () => {
    await expect(loadRegistrationCode()).resolves.toBeUndefined()
  })

  it('returns exactly the saved code', async () => {
    await saveRegistrationCode(code)
    await expect(loadRegistrationCode()).resolves.toEqual(code)
  })

  it('reads a copy saved by an earlier version, whose row names the text `token`', async () => {
    const { text, ...rest } = code
    await pwaDatabase().registrationCode.put({ slot: currentSlot, token: text, ...rest })

    await expect(loadRegistrationCode()).resolves.toEqual(code)
  })

  it('keeps one code: a later save replaces the earlier one', async () => {
    await saveRegistrationCode(code)
    const renewed = { ...code, text: 'a.b.c', tier: 'sponsor' as const, savedAt: code.savedAt + 1 }
    await saveRegistrationCode(renewed)
    await expect(loadRegistrationCode()).resolves.toEqual(renewed)
  })

  it('does not store fields beyond the interface', async () => {
    await saveRegistrationCode({ ...code, extra: 'x' } as CachedRegistrationCode)
    await expect(loadRegistrationCode()).resolves.toEqual(code)
  })

  it('forgets the code when cleared', async () => {
    await saveRegistrationCode(code)
    await clearRegistrationCode()
    await expect(loadRegistrationCode()).resolves.toBeUndefined()
  })
})
