import type { RouteDefinition } from '@furfes/core'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { HttpError } from './errors.ts'
import { createRouteMounter, decode } from './route.ts'

/*
 * A request body is checked against its wire schema once: by the mounter. The handler's decode then runs only
 * the codec's mapping and its client schema, unless the body did not come through the mounter's check.
 */

function countingCodec() {
  const checks = { wire: 0, client: 0 }
  const wire = z.object({
    badge_name: z.string().refine(() => {
      checks.wire += 1
      return true
    }),
  })
  const client = z.object({
    badgeName: z.string().refine((value) => {
      checks.client += 1
      return value !== 'refused by the client schema'
    }, 'validation.invalidInput'),
  })
  const codec = z.codec(wire, client, {
    decode: (body) => ({ badgeName: body.badge_name }),
    encode: (value) => ({ badge_name: value.badgeName }),
  })
  return { checks, wire, codec }
}

async function post(body: unknown) {
  const { checks, wire, codec } = countingCodec()
  const app = new Hono()
  app.onError((error, context) =>
    error instanceof HttpError ? context.json(error.body, error.status as 400) : context.json({}, 500),
  )
  const route = {
    method: 'post',
    path: '/names',
    auth: 'none',
    summary: 'A name',
    tag: 'test',
    request: { body: wire },
    responses: { 200: { description: 'The name', schema: z.object({ badge_name: z.string() }) } },
  } as const satisfies RouteDefinition
  createRouteMounter(app, {
    authenticate: () => Promise.reject(new Error('no authentication here')),
    validateResponses: true,
    onInvalidResponse: () => undefined,
  }).mount(route, async ({ body }) => {
    const { badgeName } = decode(codec, body)
    return { status: 200, body: { badge_name: badgeName } }
  })
  const response = await app.request('/names', { method: 'POST', body: JSON.stringify(body) })
  return { response, checks }
}

describe('decoding a request body', () => {
  it('checks the wire rules once, in the mounter, and the client rules once, in decode', async () => {
    const { response, checks } = await post({ badge_name: 'コン' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ badge_name: 'コン' })
    expect(checks).toEqual({ wire: 1, client: 1 })
  })

  it('answers 400 with the field when the client schema refuses what the wire schema let through', async () => {
    const { response } = await post({ badge_name: 'refused by the client schema' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      message: 'invalidRequest',
      issues: [{ path: ['badgeName'], message: 'validation.invalidInput' }],
    })
  })

  it('checks a body that did not come through the mounter against the wire schema too', () => {
    const { checks, codec } = countingCodec()
    expect(decode(codec, { badge_name: 'コン' })).toEqual({ badgeName: 'コン' })
    expect(checks).toEqual({ wire: 1, client: 1 })
    expect(() => decode(codec, { badge_name: 7 } as unknown as { badge_name: string })).toThrow(HttpError)
  })
})
