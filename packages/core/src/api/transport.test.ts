import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { profileWireSchema } from '../contract/profile.ts'
import { routeGroup } from '../contract/route.ts'
import type { FetchLike } from './transport.ts'
import { createTransport } from './transport.ts'

const adminAuth = { accessToken: 'admin', tokenType: 'Bearer' as const, expiresAt: 0 }

function recordingFetch(status: number, body?: unknown) {
  const seen: { url: string; method?: string }[] = []
  const fetch: FetchLike = async (url, init) => {
    seen.push({ url, method: init.method })
    return new Response(body === undefined ? null : JSON.stringify(body), { status })
  }
  return { fetch, seen }
}

/** A transport of the admin client, signed in, on the given base URL. */
function adminTransport(fetch: FetchLike, baseUrl = 'https://api.furfes.example') {
  return createTransport({ baseUrl, fetch, getAuthInfo: () => adminAuth }, 'admin')
}

describe('transport', () => {
  it('fills path parameters and adds query parameters, keeping the base path', async () => {
    const route = routeGroup('admin', 'admin').get('/admin/check-ins/{id}', {
      summary: 'One check-in',
      request: { params: z.object({ id: z.string() }), query: z.object({ since: z.string().optional() }) },
      responses: { 200: { description: 'ok', schema: profileWireSchema } },
    })
    const { fetch, seen } = recordingFetch(200, { privacy: 'public', handle_name: 'Fox', urls: [] })
    const sut = adminTransport(fetch, 'https://api.furfes.example/v1/')
    const result = await sut.call(route, {
      params: { id: 'a/b' },
      query: { since: '2025-05-10', limit: undefined },
    })
    expect(result).toEqual({ privacy: 'public', handle_name: 'Fox', urls: [] })
    expect(seen).toEqual([
      { url: 'https://api.furfes.example/v1/admin/check-ins/a%2Fb?since=2025-05-10', method: 'GET' },
    ])
  })

  it('returns nothing for a declared empty answer', async () => {
    const route = routeGroup('admin', 'admin').delete('/admin/check-ins/{id}', {
      summary: 'Undo',
      responses: { 204: { description: 'Undone' } },
    })
    const { fetch } = recordingFetch(204)
    const sut = adminTransport(fetch)
    expect(await sut.call(route, { params: { id: '1' } })).toBeUndefined()
  })

  it('refuses to send a token to a route of the other auth kind', async () => {
    const route = routeGroup('member', 'profile').get('/profile', {
      summary: 'x',
      responses: { 200: { description: 'ok', schema: profileWireSchema } },
    })
    const { fetch, seen } = recordingFetch(200, {})
    const sut = adminTransport(fetch)
    await expect(sut.call(route, {})).rejects.toThrow('The admin client cannot call GET /profile')
    expect(seen).toEqual([])
  })
})
