import { describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { loadPools } from './config.ts'

describe('cognito emulator', () => {
  const sut = createApp({ baseUrl: 'http://localhost:9229', pools: loadPools().pools })

  it('lists the members and admins pools with ids in ap-northeast-1 and their JWKS URLs', async () => {
    const response = await sut.request('/_emulator/config')
    expect(response.status).toBe(200)
    const body = (await response.json()) as { pools: { name: string; id: string; jwksUrl: string }[] }
    expect(body.pools.map((pool) => pool.name)).toEqual(['members', 'admins'])
    for (const pool of body.pools) {
      expect(pool.id).toMatch(/^ap-northeast-1_[A-Za-z0-9]+$/)
      expect(pool.jwksUrl).toBe(`http://localhost:9229/${pool.id}/.well-known/jwks.json`)
    }
  })

  it('refuses an operation it does not implement with HTTP 400 in Cognito error shape', async () => {
    const response = await sut.request('/', {
      method: 'POST',
      headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.DescribeUserPool' },
      body: '{}',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ __type: 'UnsupportedOperationException' })
  })
})
