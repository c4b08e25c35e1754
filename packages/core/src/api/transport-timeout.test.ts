import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { routeGroup } from '../contract/route.ts'
import { NetworkError } from '../errors/app-errors.ts'
import { createTransport, defaultRequestTimeoutMs, type FetchLike, RequestTimeoutError } from './transport.ts'

const route = routeGroup('none', 'features').get('/features', {
  summary: 'x',
  responses: { 200: { description: 'ok', schema: z.object({ ok: z.boolean() }) } },
})

const servers: Server[] = []
/** Responses held open by the servers, ended after each test so the servers can close. */
const held: ServerResponse[] = []

/** A real HTTP server on loopback whose handler decides what (if anything) to answer. */
async function listen(handle: (response: ServerResponse) => void): Promise<string> {
  const server = createServer((_request, response) => {
    held.push(response)
    handle(response)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}

afterEach(async () => {
  vi.useRealTimers()
  for (const response of held.splice(0)) response.destroy()
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(() => resolve(undefined)))),
  )
})

function transportFor(baseUrl: string, options: { timeoutMs?: number; fetch?: FetchLike } = {}) {
  return createTransport({ baseUrl, getAuthInfo: () => undefined, ...options }, 'admin')
}

describe('transport timeout', () => {
  it('gives up on a server that accepts the connection and never answers, as a network error', async () => {
    let received!: () => void
    const reached = new Promise<void>((resolve) => {
      received = resolve
    })
    const baseUrl = await listen(() => {
      // Accept the request and say nothing, like a request swallowed by venue Wi-Fi.
      received()
    })
    // Long enough for the request to reach the server on a busy machine: the timeout must be the one that ends it.
    const answer = transportFor(baseUrl, { timeoutMs: 2_000 })
      .call(route, {})
      .catch((caught: unknown) => caught)
    await reached
    const error = await answer
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).cause).toBeInstanceOf(RequestTimeoutError)
    expect(held).toHaveLength(1)
  })

  it('gives up on a server that sends its headers and then stalls the body', async () => {
    const baseUrl = await listen((response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"ok":')
    })
    const error = await transportFor(baseUrl, { timeoutMs: 50 })
      .call(route, {})
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NetworkError)
  })

  it('still answers normally from a server that answers in time', async () => {
    const baseUrl = await listen((response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{"ok":true}')
    })
    expect(await transportFor(baseUrl, { timeoutMs: 5_000 }).call(route, {})).toEqual({ ok: true })
  })

  it('keeps a caller abort an abort, not a network error', async () => {
    const baseUrl = await listen(() => {})
    const controller = new AbortController()
    const call = transportFor(baseUrl, { timeoutMs: 5_000 }).call(route, {}, { signal: controller.signal })
    controller.abort()
    const error = await call.catch((caught: unknown) => caught)
    expect(error).not.toBeInstanceOf(NetworkError)
    expect((error as Error).name).toBe('AbortError')
  })

  it(`waits ${defaultRequestTimeoutMs} ms by default, and leaves no timer behind after an answer`, async () => {
    vi.useFakeTimers()
    const hanging: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })
    const call = transportFor('https://api.furfes.example', { fetch: hanging })
      .call(route, {})
      .catch((caught: unknown) => caught)
    await vi.advanceTimersByTimeAsync(defaultRequestTimeoutMs - 1)
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(await call).toBeInstanceOf(NetworkError)

    const answering: FetchLike = async () => new Response('{"ok":true}', { status: 200 })
    expect(await transportFor('https://api.furfes.example', { fetch: answering }).call(route, {})).toEqual({
      ok: true,
    })
    expect(vi.getTimerCount()).toBe(0)
  })
})
