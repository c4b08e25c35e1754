import { describe, expect, it } from 'vitest'
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

  it('lists every invalid variable', () => {
    let message = ''
    try {
      readEnv({ TIER_CAPACITIES: 'vip=3', DATABASE_URL: 'mysql://x', CHECKOUT_SESSION_MINUTES: '5' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/^Invalid API configuration/)
    for (const name of ['TIER_CAPACITIES', 'DATABASE_URL', 'CHECKOUT_SESSION_MINUTES'])
      expect(message).toContain(name)
  })
})
