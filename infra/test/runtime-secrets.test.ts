import { describe, expect, it } from 'vitest'
import {
  databasePasswordSource,
  databaseUrlFromRdsSecret,
  placeholderKey,
  resolveSecretVariables,
} from '../src/runtime/secrets.ts'

const rdsSecret = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    engine: 'postgres',
    username: 'furfes',
    password: 'p@ss/w:rd?#%',
    host: 'furfes.abc123.ap-northeast-1.rds.amazonaws.com',
    port: 5432,
    dbname: 'furfes',
    ...overrides,
  })

function fakeSecrets(values: Record<string, string>) {
  const asked: string[] = []
  return {
    asked,
    fetchSecret: async (secretId: string) => {
      asked.push(secretId)
      const value = values[secretId]
      if (value === undefined) throw new Error(`ResourceNotFoundException: ${secretId}`)
      return value
    },
  }
}

describe('databaseUrlFromRdsSecret', () => {
  it('builds a TLS-verifying PostgreSQL URL without the password, which rotates', () => {
    const url = new URL(databaseUrlFromRdsSecret(rdsSecret({ username: 'furfes@app' })))
    expect(url.protocol).toBe('postgresql:')
    expect(decodeURIComponent(url.username)).toBe('furfes@app')
    expect(url.password).toBe('')
    expect(databaseUrlFromRdsSecret(rdsSecret())).not.toContain('p%40ss')
    expect(url.hostname).toBe('furfes.abc123.ap-northeast-1.rds.amazonaws.com')
    expect(url.port).toBe('5432')
    expect(url.pathname).toBe('/furfes')
    expect(url.searchParams.get('sslmode')).toBe('verify-full')
  })

  it('names what is missing from a secret that is not the RDS one', () => {
    expect(() => databaseUrlFromRdsSecret(rdsSecret({ host: undefined, dbname: '' }))).toThrow(
      'The database secret lacks host, dbname',
    )
    expect(() => databaseUrlFromRdsSecret('postgres://not-json')).toThrow(/not JSON/)
  })
})

describe('databasePasswordSource', () => {
  it('answers the password the secret holds at each call, so a rotation reaches the next connection', async () => {
    const values: Record<string, string> = { 'arn:db': rdsSecret({ password: 'first' }) }
    const { fetchSecret } = fakeSecrets(values)
    const password = databasePasswordSource('arn:db', fetchSecret)
    expect(await password()).toBe('first')
    values['arn:db'] = rdsSecret({ password: 'rotated' })
    expect(await password()).toBe('rotated')
  })

  it('reads the secret once for connections that open together', async () => {
    const { fetchSecret, asked } = fakeSecrets({ 'arn:db': rdsSecret() })
    const password = databasePasswordSource('arn:db', fetchSecret)
    expect(await Promise.all([password(), password(), password()])).toEqual([
      'p@ss/w:rd?#%',
      'p@ss/w:rd?#%',
      'p@ss/w:rd?#%',
    ])
    expect(asked).toEqual(['arn:db'])
  })

  it('fails the connection with the reason when the secret cannot be read or has no password', async () => {
    const { fetchSecret } = fakeSecrets({ 'arn:db': rdsSecret({ password: '' }) })
    await expect(databasePasswordSource('arn:db', fetchSecret)()).rejects.toThrow(
      'The database secret lacks password',
    )
    await expect(databasePasswordSource('arn:gone', fetchSecret)()).rejects.toThrow(
      'ResourceNotFoundException: arn:gone',
    )
  })
})

describe('resolveSecretVariables', () => {
  it('turns every <NAME>_SECRET_ARN into <NAME>, and the database secret into DATABASE_URL', async () => {
    const { fetchSecret, asked } = fakeSecrets({
      'arn:stripe': 'sk_live_123',
      'arn:webhook': 'whsec_456',
      'arn:keys': '{"keys":[{"kty":"EC"}]}',
      'arn:db': rdsSecret(),
    })
    const variables = await resolveSecretVariables(
      {
        STRIPE_SECRET_KEY_SECRET_ARN: 'arn:stripe',
        STRIPE_WEBHOOK_SECRET_SECRET_ARN: 'arn:webhook',
        REGISTRATION_CODE_SIGNING_KEYS_SECRET_ARN: 'arn:keys',
        DATABASE_SECRET_ARN: 'arn:db',
        PWA_URL: 'https://pwa.example',
        EMPTY_SECRET_ARN: '',
      },
      fetchSecret,
    )
    expect(variables).toEqual({
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_456',
      REGISTRATION_CODE_SIGNING_KEYS: '{"keys":[{"kty":"EC"}]}',
      DATABASE_URL: databaseUrlFromRdsSecret(rdsSecret()),
    })
    expect(asked.sort()).toEqual(['arn:db', 'arn:keys', 'arn:stripe', 'arn:webhook'])
  })

  it('refuses to start with a secret that still holds the placeholder the stack created', async () => {
    const { fetchSecret } = fakeSecrets({
      'arn:stripe': JSON.stringify({ [placeholderKey]: 'docs/operations.md#secrets', nonce: 'x' }),
    })
    await expect(
      resolveSecretVariables({ STRIPE_SECRET_KEY_SECRET_ARN: 'arn:stripe' }, fetchSecret),
    ).rejects.toThrow(/STRIPE_SECRET_KEY still holds the placeholder/)
  })

  it('fails as a whole when one secret cannot be read', async () => {
    const { fetchSecret } = fakeSecrets({ 'arn:stripe': 'sk_live_123' })
    await expect(
      resolveSecretVariables(
        { STRIPE_SECRET_KEY_SECRET_ARN: 'arn:stripe', STRIPE_WEBHOOK_SECRET_SECRET_ARN: 'arn:missing' },
        fetchSecret,
      ),
    ).rejects.toThrow('ResourceNotFoundException: arn:missing')
  })

  it('asks for nothing when no secret is named', async () => {
    const { fetchSecret, asked } = fakeSecrets({})
    expect(await resolveSecretVariables({ DATABASE_URL: 'postgres://local/db' }, fetchSecret)).toEqual({})
    expect(asked).toEqual([])
  })
})
