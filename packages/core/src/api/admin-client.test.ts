import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { AuthInfo } from '../domain/auth-info.ts'
import { NotAuthenticatedError } from '../errors/app-errors.ts'
import { createAdminApiClient } from './admin-client.ts'
import { adminToken, createFakeApi } from './fake-api.ts'
import { createMemberApiClient } from './member-client.ts'

const adminAuth: AuthInfo = {
  accessToken: adminToken,
  tokenType: 'Bearer',
  expiresAt: Date.parse('2030-01-01T00:00:00Z'),
}
const userId = '0f8fad5b-d9cb-469f-a165-70867728950e'
const participantsWire = {
  items: [
    {
      user: { user_id: userId, email: 'fox@example.com' },
      registration: { payment_status: 'paid', registration_tier: 'member', badge_name: 'Fox' },
    },
  ],
}

describe('admin API client', () => {
  it('lists participants with the admin token, in client names', async () => {
    const api = createFakeApi({ 'GET /admin/participants': () => ({ status: 200, body: participantsWire }) })
    const sut = createAdminApiClient({
      baseUrl: 'https://api.furfes.example',
      fetch: api.fetch,
      getAuthInfo: () => adminAuth,
    })
    expect(await sut.listParticipants()).toEqual([
      {
        user: { userId, email: 'fox@example.com' },
        registration: { paymentStatus: 'paid', registrationTier: 'member', badgeName: 'Fox' },
      },
    ])
    expect(api.requests.map((request) => [request.url, request.authorization])).toEqual([
      ['https://api.furfes.example/admin/participants', `Bearer ${adminToken}`],
    ])
  })

  it('raises NotAuthenticatedError without admin auth info, before calling', async () => {
    const api = createFakeApi({})
    const sut = createAdminApiClient({
      baseUrl: 'https://api.furfes.example',
      fetch: api.fetch,
      getAuthInfo: async () => null,
    })
    await expect(sut.listParticipants()).rejects.toBeInstanceOf(NotAuthenticatedError)
    expect(api.requests).toEqual([])
  })

  it('is distinct from the member client, which has no admin calls', () => {
    const member = createMemberApiClient({
      baseUrl: 'https://api.furfes.example',
      getAuthInfo: () => undefined,
    })
    const admin = createAdminApiClient({
      baseUrl: 'https://api.furfes.example',
      getAuthInfo: () => undefined,
    })
    expect('listParticipants' in member).toBe(false)
    expect(Object.keys(admin).sort()).toEqual(['getFeatures', 'listParticipants'])
  })
})

describe('API clients over real HTTP', () => {
  let server: Server | undefined

  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    server = undefined
  })

  it('talk to an HTTP server with the global fetch', async () => {
    const seen: { method?: string; url?: string; authorization?: string }[] = []
    server = createServer((request, response) => {
      seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization })
      response.setHeader('Content-Type', 'application/json')
      if (request.headers.authorization !== `Bearer ${adminToken}`) {
        response.statusCode = 401
        response.end(JSON.stringify({ message: 'Unauthorized' }))
        return
      }
      response.end(JSON.stringify(participantsWire))
    })
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const baseUrl = `http://127.0.0.1:${port}`

    const sut = createAdminApiClient({ baseUrl, getAuthInfo: () => adminAuth })
    expect(await sut.listParticipants()).toHaveLength(1)
    const wrongToken = createAdminApiClient({
      baseUrl,
      getAuthInfo: () => ({ ...adminAuth, accessToken: 'member' }),
    })
    await expect(wrongToken.listParticipants()).rejects.toMatchObject({ name: 'AuthenticationError' })
    expect(seen).toEqual([
      { method: 'GET', url: '/admin/participants', authorization: `Bearer ${adminToken}` },
      { method: 'GET', url: '/admin/participants', authorization: 'Bearer member' },
    ])
  })
})
