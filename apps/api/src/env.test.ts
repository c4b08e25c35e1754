import { describe, expect, it } from 'vitest'
import { testVenue as venue } from '../test/support/venue.ts'
import { defaultTierCapacities, readEnv } from './env.ts'

describe('readEnv', () => {
  it('has a working default for everything, PGlite in the data folder', () => {
    const env = readEnv({})
    expect(env).toMatchObject({ PORT: 8787, HOST: '127.0.0.1', TIER_CAPACITIES: defaultTierCapacities })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.DATA_DIR).toMatch(/\.data$/)
  })

  it('reads tier capacities, keeping defaults for tiers not named, and treats empty values as unset', () => {
    const env = readEnv({ TIER_CAPACITIES: 'member=500, sponsor_fursuiter=0', DATABASE_URL: '' })
    expect(env.TIER_CAPACITIES).toEqual({ ...defaultTierCapacities, member: 500, sponsor_fursuiter: 0 })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it("uses Stripe, with the edition's hold and offer durations unless they are set", () => {
    const env = readEnv({})
    expect(env).toMatchObject({ PAYMENT_GATEWAY: 'stripe' })
    expect([env.CHECKOUT_SESSION_SECONDS, env.WAITING_LIST_OFFER_SECONDS]).toEqual([undefined, undefined])
    expect(readEnv({ CHECKOUT_SESSION_SECONDS: '60', WAITING_LIST_OFFER_SECONDS: '120' })).toMatchObject({
      CHECKOUT_SESSION_SECONDS: 60,
      WAITING_LIST_OFFER_SECONDS: 120,
    })
    expect(env.STRIPE_API_URL).toBeUndefined()
    expect(() => readEnv({ PAYMENT_GATEWAY: 'stub' })).toThrow(/PAYMENT_GATEWAY/)
  })

  it('frees the spot of a crashed registration within a minute by default: claim plus one sweep interval', () => {
    const env = readEnv({})
    expect(env).toMatchObject({ CHECKOUT_CLAIM_SECONDS: 30, EXPIRY_SWEEP_INTERVAL_SECONDS: 15 })
    expect(env.CHECKOUT_CLAIM_SECONDS + env.EXPIRY_SWEEP_INTERVAL_SECONDS).toBeLessThanOrEqual(60)
    expect(() => readEnv({ CHECKOUT_CLAIM_SECONDS: '0' })).toThrow(/CHECKOUT_CLAIM_SECONDS/)
  })

  it('reads the venue as one JSON object, unset by default, and refuses a broken one', () => {
    expect(readEnv({}).VENUE).toBeUndefined()
    expect(readEnv({ VENUE: JSON.stringify(venue) }).VENUE).toEqual(venue)
    expect(() => readEnv({ VENUE: '{name:' })).toThrow(/VENUE: expected the venue as one JSON object/)
    expect(() => readEnv({ VENUE: JSON.stringify({ ...venue, entry_time: '9.30' }) })).toThrow(
      /VENUE\.entry_time/,
    )
  })

  it('seeds the first edition unless told to seed a development one', () => {
    expect(readEnv({}).EDITION_SEED).toBe('first')
    expect(readEnv({ EDITION_SEED: 'development' }).EDITION_SEED).toBe('development')
    expect(() => readEnv({ EDITION_SEED: 'next' })).toThrow(/EDITION_SEED/)
  })

  it('reads the refund policy as two cut-off days, the published one by default', () => {
    expect(readEnv({}).REFUND_POLICY).toBeUndefined()
    expect(readEnv({ REFUND_POLICY: '2026-12-24,2027-01-23' }).REFUND_POLICY).toEqual({
      earlyUntil: '2026-12-24',
      lateUntil: '2027-01-23',
    })
    expect(() => readEnv({ REFUND_POLICY: '2027-01-23,2026-12-24' })).toThrow(
      /REFUND_POLICY: .*after the late one/,
    )
  })

  it('lists every invalid variable', () => {
    let message = ''
    try {
      readEnv({ TIER_CAPACITIES: 'vip=3', DATABASE_URL: 'mysql://x', CHECKOUT_SESSION_SECONDS: '5' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/^Invalid API configuration/)
    for (const name of ['TIER_CAPACITIES', 'DATABASE_URL', 'CHECKOUT_SESSION_SECONDS'])
      expect(message).toContain(name)
  })
})
