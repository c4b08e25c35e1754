import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readEnv } from './env.ts'

describe('readEnv', () => {
  it('falls back to the shared development defaults', () => {
    expect(readEnv({})).toEqual({
      port: 12111,
      host: '127.0.0.1',
      secretKey: 'sk_test_furfes_local_development_key',
      webhookSecret: 'whsec_furfes_local_development_secret',
      webhookUrl: null,
      publicUrl: 'http://localhost:12111',
      stateDir: null,
    })
  })

  it('reads what scripts/services.mjs passes, treating an empty webhook URL as none', () => {
    const sut = readEnv({
      PORT: '22111',
      HOST: '127.0.0.1',
      STRIPE_API_URL: 'http://localhost:22111/',
      STRIPE_SECRET_KEY: 'sk_test_other',
      STRIPE_WEBHOOK_SECRET: 'whsec_other',
      STRIPE_WEBHOOK_URL: '',
      DATA_DIR: '/tmp/furfes-data',
    })

    expect(sut).toMatchObject({
      port: 22111,
      publicUrl: 'http://localhost:22111',
      secretKey: 'sk_test_other',
      webhookSecret: 'whsec_other',
      webhookUrl: null,
      stateDir: join('/tmp/furfes-data', 'stripe'),
    })
    expect(readEnv({ PORT: '22111' }).publicUrl).toBe('http://localhost:22111')
  })

  it('stops with a message naming a bad variable', () => {
    expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => readEnv({ STRIPE_WEBHOOK_URL: 'not a url' })).toThrow(/STRIPE_WEBHOOK_URL/)
  })
})
