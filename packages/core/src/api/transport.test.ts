import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { RouteDefinition } from '../contract/routes.ts'
import { profileWireSchema } from '../contract/schemas.ts'
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

describe('transport', () => {
  it('fills path parameters and adds query parameters, keeping the base path', async () => {
    const route = {
      method: 'get',
      path: '/admin/check-ins/{id}',
      auth: 'admin',
      tag: 'admin',
      summary: 'One check-in',
      request: { params: z.object({ id: z.string() }), query: z.object({ since: z.string().optional() }) },
      responses: { 200: { description: 'ok', schema: profileWireSchema } },
    } as const satisfies RouteDefinition
    const { fetch, seen } = recordingFetch(200, { privacy: 'public', handle_name: 'Fox', urls: [] })
    const sut = createTransport(
      { baseUrl: 'https://api.furfes.example/v1/', fetch, getAuthInfo: () => adminAuth },
      'admin',
    )
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
    const route = {
      method: 'delete',
      path: '/admin/check-ins/{id}',
      auth: 'admin',
      tag: 'admin',
      summary: 'Undo',
      responses: { 204: { description: 'Undone' } },
    } as const satisfies RouteDefinition
    const { fetch } = recordingFetch(204)
    const sut = createTransport(
      { baseUrl: 'https://api.furfes.example', fetch, getAuthInfo: () => adminAuth },
      'admin',
    )
    expect(await sut.call(route, { params: { id: '1' } })).toBeUndefined()
  })

  it('refuses to send a token to a route of the other auth kind', async () => {
    const route = {
      method: 'get',
      path: '/profile',
      auth: 'member',
      tag: 'profile',
      summary: 'x',
      responses: { 200: { description: 'ok', schema: profileWireSchema } },
    } as const satisfies RouteDefinition
    const { fetch, seen } = recordingFetch(200, {})
    const sut = createTransport(
      { baseUrl: 'https://api.furfes.example', fetch, getAuthInfo: () => adminAuth },
      'admin',
    )
    await expect(sut.call(route, {})).rejects.toThrow('The admin client cannot call GET /profile')
    expect(seen).toEqual([])
  })
})
