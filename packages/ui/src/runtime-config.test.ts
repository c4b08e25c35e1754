import { afterEach, describe, expect, it } from 'vitest'
import { loadRuntimeConfig } from './runtime-config.ts'
import { runtimeConfigFromEnv } from './vite.ts'

const env = {
  API_URL: 'http://localhost:18787',
  PWA_URL: 'http://localhost:15173',
  RECEPTION_URL: 'http://localhost:15174',
  COGNITO_ENDPOINT: 'http://localhost:19229',
  COGNITO_MEMBERS_POOL_ID: 'ap-northeast-1_members',
  COGNITO_MEMBERS_CLIENT_ID: 'members-client',
  COGNITO_ADMINS_POOL_ID: 'ap-northeast-1_admins',
  COGNITO_ADMINS_CLIENT_ID: 'admins-client',
}

describe('runtime config', () => {
  const saved = { ...process.env }
  afterEach(() => {
    process.env = { ...saved }
  })

  it('is built from the environment the start script sets', () => {
    Object.assign(process.env, env)
    const sut = runtimeConfigFromEnv()
    expect(sut.apiUrl).toBe('http://localhost:18787')
    expect(sut.cognito).toEqual({
      region: 'ap-northeast-1',
      endpoint: 'http://localhost:19229',
      members: { userPoolId: 'ap-northeast-1_members', clientId: 'members-client' },
      admins: { userPoolId: 'ap-northeast-1_admins', clientId: 'admins-client' },
    })
  })

  it('takes the request timeout and the reception idle limit when they are set, and refuses nonsense', () => {
    Object.assign(process.env, env)
    expect(runtimeConfigFromEnv()).toMatchObject({ apiTimeoutMs: undefined, reception: {} })
    Object.assign(process.env, { API_TIMEOUT_MS: '15000', RECEPTION_IDLE_WIPE_HOURS: '0.5' })
    expect(runtimeConfigFromEnv()).toMatchObject({ apiTimeoutMs: 15_000, reception: { idleWipeHours: 0.5 } })
    process.env.RECEPTION_IDLE_WIPE_HOURS = 'twelve'
    expect(() => runtimeConfigFromEnv()).toThrow()
    process.env.RECEPTION_IDLE_WIPE_HOURS = '-1'
    expect(() => runtimeConfigFromEnv()).toThrow()
  })

  it('names the missing variable instead of serving a half config', () => {
    Object.assign(process.env, env)
    delete process.env.COGNITO_ADMINS_CLIENT_ID
    expect(() => runtimeConfigFromEnv()).toThrow('COGNITO_ADMINS_CLIENT_ID is not set')
  })

  it('loads and validates /config.json in the browser', async () => {
    Object.assign(process.env, env)
    const served = runtimeConfigFromEnv()
    const fetchConfig = (async () => new Response(JSON.stringify(served))) as typeof fetch
    expect(await loadRuntimeConfig(fetchConfig)).toEqual(served)
    const broken = (async () => new Response(JSON.stringify({ apiUrl: 'not a url' }))) as typeof fetch
    await expect(loadRuntimeConfig(broken)).rejects.toThrow()
  })
})
