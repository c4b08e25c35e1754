import { describe, expect, it } from 'vitest'
import { defaultFeatureFlags } from './feature-flags.ts'

describe('feature flags', () => {
  it('defaults to registration open, no new club establishment, not under maintenance', () => {
    expect(defaultFeatureFlags).toEqual({
      isNewClubActivityEstablishmentAvailable: false,
      isRegistrationAvailable: true,
      isUnderMaintenance: false,
    })
  })
})
