import { invalidRequestBody, type RouteDefinition, toColonPath } from '@furfes/core'
import type { Context, Hono } from 'hono'
import type { z } from 'zod'
import type { VerifiedToken } from '../auth/tokens.ts'
import { HttpError } from './errors.ts'

/*
 * Mounts the contract's routes (packages/core's route table) on Hono: authentication by the route's `auth`,
 * the request body checked with the route's schema (400 invalidRequest with the failing fields), and the
 * answer checked with the schema of its status before it is sent.
 */

type BodyOf<R extends RouteDefinition> = R['request'] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : undefined

interface RouteInput<R extends RouteDefinition> {
  body: BodyOf<R>
  /** The verified token; present on member and admin routes. */
  caller: R['auth'] extends 'none' ? undefined : VerifiedToken
  context: Context
}

interface RouteAnswer {
  status: number
  body?: unknown
  headers?: Record<string, string>
  /** The body was already checked against the route's schema (a cached answer). */
  checked?: boolean
}

type RouteHandler<R extends RouteDefinition> = (input: RouteInput<R>) => Promise<RouteAnswer>

export interface RouteMounter {
  mount<R extends RouteDefinition>(route: R, handler: RouteHandler<R>): void
}

export interface RouteMounterOptions {
  /** Resolves the caller of an authenticated route or throws 401/403/503. */
  authenticate(kind: 'member' | 'admin', context: Context): Promise<VerifiedToken>
  validateResponses: boolean
  /** Called when an answer breaks its schema (a bug): it is logged and answered 500. */
  onInvalidResponse(route: RouteDefinition, error: z.ZodError): void
}

async function readBody(context: Context, schema: z.ZodType): Promise<unknown> {
  let json: unknown
  try {
    const text = await context.req.text()
    json = JSON.parse(text)
  } catch {
    throw new HttpError(400, { message: 'invalidRequest' })
  }
  const result = schema.safeParse(json)
  if (!result.success) throw new HttpError(400, invalidRequestBody(result.error))
  return result.data
}

export function createRouteMounter(app: Hono, options: RouteMounterOptions): RouteMounter {
  return {
    mount(route, handler) {
      app.on(route.method.toUpperCase(), toColonPath(route.path), async (context) => {
        const caller = route.auth === 'none' ? undefined : await options.authenticate(route.auth, context)
        const bodySchema = route.request?.body
        const body = bodySchema ? await readBody(context, bodySchema) : undefined
        const answer = await handler({ body, caller, context } as RouteInput<typeof route>)
        let payload = answer.body
        const schema = route.responses[answer.status]?.schema
        if (options.validateResponses && schema && !answer.checked) {
          const checked = schema.safeParse(answer.body)
          if (!checked.success) {
            options.onInvalidResponse(route, checked.error)
            throw new Error(`Answer of ${route.method.toUpperCase()} ${route.path} breaks its schema`)
          }
          payload = checked.data
        }
        for (const [name, value] of Object.entries(answer.headers ?? {})) context.header(name, value)
        if (payload === undefined) return context.body(null, answer.status as 204)
        return context.json(payload as object, answer.status as 200)
      })
    },
  }
}
