import { describe, expect, it } from 'vitest'
import { defaultFeatureFlags } from './feature-flags.ts'
import {
  changingRoomTypes,
  inventoryStatuses,
  inventoryStatusOf,
  isPaymentUrlExpired,
  isTierOpenForRegistration,
  paymentStatuses,
  profilePrivacies,
  tShirtMeasurements,
  tShirtSizes,
  tShirtSizeTableCm,
} from './registration.ts'

describe('registration enumerations', () => {
  it('has the payment statuses, changing rooms, inventory statuses and profile privacies of the spec', () => {
    expect(paymentStatuses).toEqual(['paid', 'pending', 'expired', 'canceled'])
    expect(changingRoomTypes).toEqual(['male', 'female'])
    expect(inventoryStatuses).toEqual(['available', 'few_left', 'sold_out'])
    expect(profilePrivacies).toEqual(['public', 'private'])
  })

  it('has the T-shirt size table in cm', () => {
    expect(tShirtSizes).toEqual(['S', 'M', 'L', 'XL', 'XXL', 'XXXL'])
    expect(tShirtMeasurements).toEqual(['height', 'length', 'width', 'shoulder', 'sleeve'])
    const rows = tShirtSizes.map((size) => [
      size,
      ...tShirtMeasurements.map((m) => tShirtSizeTableCm[size][m]),
    ])
    expect(rows).toEqual([
      ['S', 163, 66, 49, 19, 44],
      ['M', 170, 70, 52, 20, 47],
      ['L', 179, 74, 55, 22, 50],
      ['XL', 181, 78, 58, 24, 53],
      ['XXL', 183, 82, 61, 26, 56],
      ['XXXL', 186, 84, 64, 26, 59],
    ])
  })
})

describe('inventoryStatusOf', () => {
  it('says few left once at most a tenth of the spots remains, and sold out when none does', () => {
    expect(inventoryStatusOf(300, 269)).toBe('available')
    expect(inventoryStatusOf(300, 270)).toBe('few_left')
    expect(inventoryStatusOf(300, 299)).toBe('few_left')
    expect(inventoryStatusOf(300, 300)).toBe('sold_out')
    expect(inventoryStatusOf(50, 45)).toBe('few_left')
    expect(inventoryStatusOf(50, 44)).toBe('available')
    // More held than spots (capacity lowered by configuration) is still sold out.
    expect(inventoryStatusOf(50, 60)).toBe('sold_out')
  })

  it('never says few left for a tier of fewer than ten spots', () => {
    expect(inventoryStatusOf(9, 8)).toBe('available')
    expect(inventoryStatusOf(1, 0)).toBe('available')
    expect(inventoryStatusOf(1, 1)).toBe('sold_out')
  })
})

describe('isPaymentUrlExpired', () => {
  const expiresAt = Date.parse('2025-03-01T12:00:00Z')

  it('is false until the current time passes the expiry, then true', () => {
    const pending = { paymentStatus: 'pending' as const, expiresAt }
    expect(isPaymentUrlExpired(pending, () => expiresAt - 1)).toBe(false)
    expect(isPaymentUrlExpired(pending, () => expiresAt)).toBe(false)
    expect(isPaymentUrlExpired(pending, () => expiresAt + 1)).toBe(true)
  })

  it('is false for registrations that are not pending', () => {
    for (const paymentStatus of ['paid', 'expired', 'canceled'] as const) {
      expect(isPaymentUrlExpired({ paymentStatus }, () => expiresAt + 1)).toBe(false)
    }
  })
})

describe('isTierOpenForRegistration', () => {
  const inventory = [
    { registrationTier: 'member' as const, status: 'available' as const },
    { registrationTier: 'sponsor' as const, status: 'sold_out' as const },
  ]

  it('is open when the flag is on and the tier is available', () => {
    expect(isTierOpenForRegistration('member', defaultFeatureFlags, inventory)).toBe(true)
  })

  it('is closed when the tier is sold out or missing from the inventory', () => {
    expect(isTierOpenForRegistration('sponsor', defaultFeatureFlags, inventory)).toBe(false)
    expect(isTierOpenForRegistration('fursuiter', defaultFeatureFlags, inventory)).toBe(false)
  })

  it('is closed for every tier when the registration flag is off', () => {
    expect(isTierOpenForRegistration('member', { isRegistrationAvailable: false }, inventory)).toBe(false)
  })
})
