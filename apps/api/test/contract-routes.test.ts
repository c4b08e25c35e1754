import { randomUUID } from 'node:crypto'
import { apiRoutes, errorBody, fillPath, type RouteDefinition, toColonPath } from '@furfes/core'
import { beforeEach, describe, expect, it } from 'vitest'
import { paymentWebhookPath } from '../src/payments/webhooks.ts'
import { createTestApi, databaseKinds, type TestApi, useTestDatabase } from './support/harness.ts'

/*
 * The API serves exactly the contract's route table (packages/core's apiRoutes): every route in it is mounted
 * with its method and path, and nothing else is, but for the few routes that are not API operations.
 */

/**
 * Mounted beside the contract: the load balancer's probe, the generated document, the provider's webhook, and the
 * timetable's calendar feeds, which answer text/calendar rather than JSON (decision 172).
 */
const outsideTheContract = [
  'GET /health',
  'GET /openapi.json',
  `POST ${paymentWebhookPath}`,
  'GET /timetable.ics',
  'GET /timetable.en.ics',
]

const contractRoutes: readonly RouteDefinition[] = Object.values(apiRoutes)

const operation = (method: string, path: string) => `${method.toUpperCase()} ${path}`

/** A path the route matches: its parameters filled with well-formed values. */
function samplePath(route: RouteDefinition): string {
  const params = Object.fromEntries(
    Object.keys(route.request?.params?.shape ?? {}).map((name) => [name, randomUUID()]),
  )
  return fillPath(route.path, params)
}

describe.each(databaseKinds)('contract routes (%s)', (kind) => {
  const database = useTestDatabase(kind)
  let sut: TestApi

  beforeEach(async () => {
    sut = await createTestApi(database().database)
  })

  it('mounts every route of the contract and nothing else but the probe, the document, the webhook and the calendar feeds', () => {
    // Hono lists its middleware as handlers of every method on every path; the routes are the rest.
    const mounted = new Set(
      sut.api.app.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => operation(route.method, route.path)),
    )
    const expected = new Set([
      ...contractRoutes.map((route) => operation(route.method, toColonPath(route.path))),
      ...outsideTheContract,
    ])
    expect([...mounted].sort()).toEqual([...expected].sort())
  })

  it.each(contractRoutes.map((route) => [operation(route.method, route.path), route] as const))(
    'answers %s with its handler, not the 404 of an unknown route',
    async (_name, route) => {
      const response = await sut.request(route.method.toUpperCase(), samplePath(route))
      // Without a token a member or admin route refuses the caller, and a public one answers (refusing the missing
      // body of a write, answering a delete with no content): either way the route's handler chain ran, which an
      // unknown path never reaches.
      expect(response.body).not.toEqual(errorBody('notFound'))
      const publicStatus = route.request?.body ? 400 : route.method === 'delete' ? 204 : 200
      expect(response.status).toBe(route.auth === 'none' ? publicStatus : 401)
    },
  )

  it('answers a path outside the contract with the 404 of an unknown route', async () => {
    const response = await sut.request('GET', '/no-such-route')
    expect(response.status).toBe(404)
    expect(response.body).toEqual(errorBody('notFound'))
  })
})
