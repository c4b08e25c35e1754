import type { FetchLike } from './transport.ts'

/**
 * A stand-in for the product API in client tests: it answers like the real one would, records each request
 * it received, and lets a test script the next answer.
 */
export interface FakeApi {
  fetch: FetchLike
  requests: { method: string; url: string; authorization: string | null; body: unknown }[]
  /** Answers the next request with this status and body (a string is sent as-is). */
  answerNext(status: number, body?: unknown): void
  failNext(error: Error): void
}

export const memberToken = 'member-access-token'
export const adminToken = 'admin-access-token'

export function createFakeApi(
  routes: Record<string, (body: unknown) => { status: number; body?: unknown }>,
  options: { basePath?: string } = {},
): FakeApi {
  const requests: FakeApi['requests'] = []
  const scripted: ({ status: number; body?: unknown } | Error)[] = []

  const fetch: FetchLike = async (input, init) => {
    const headers = new Headers(init.headers)
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    requests.push({
      method: init.method ?? 'GET',
      url: input,
      authorization: headers.get('Authorization'),
      body,
    })
    const next = scripted.shift()
    if (next instanceof Error) throw next
    const answer = next ?? answerRoute(`${init.method} ${routePath(input)}`, headers, body)
    const text =
      answer.body === undefined
        ? null
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body)
    return new Response(text, { status: answer.status, headers: { 'Content-Type': 'application/json' } })
  }

  function routePath(input: string): string {
    const { pathname } = new URL(input)
    const basePath = options.basePath ?? ''
    return pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname
  }

  function answerRoute(key: string, headers: Headers, body: unknown): { status: number; body?: unknown } {
    const handler = routes[key]
    if (!handler) return { status: 404, body: { message: 'notFound' } }
    const path = key.split(' ')[1] ?? ''
    const isPublic = ['/features', '/public-profile', '/.well-known/jwks.json', '/edition'].includes(path)
    const expected = path.startsWith('/admin/') ? adminToken : memberToken
    if (!isPublic && headers.get('Authorization') !== `Bearer ${expected}`) {
      return { status: 401, body: { message: 'Unauthorized' } }
    }
    return handler(body)
  }

  return {
    fetch,
    requests,
    answerNext: (status, body) => {
      scripted.push({ status, body })
    },
    failNext: (error) => {
      scripted.push(error)
    },
  }
}
