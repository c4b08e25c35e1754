import { createHash } from 'node:crypto'
import { invalidRequestBody, type RouteDefinition, staffMay, toColonPath } from '@furfes/core'
import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type { VerifiedToken } from '../auth/tokens.ts'
import { HttpError, notFound, productError } from './errors.ts'

/*
 * Mounts the contract's routes (packages/core's route table) on Hono: authentication by the route's `auth`,
 * an admin route's staff action granted by the caller's roles (403 forbidden otherwise), the request body checked with the route's schema (400 invalidRequest with the failing fields), the path
 * parameters (404 notFound: no such resource) and the query (400 invalidRequest) parsed with theirs, and the
 * answer checked with the schema of its status before it is sent. A handler answers one of the route's
 * documented statuses with that status's wire body, so a wrong answer does not compile; it builds the body
 * from its domain value with core's codec (`encode`), the same codec the clients decode with.
 */

type BodyOf<R extends RouteDefinition> = R['request'] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : undefined

type ParamsOf<R extends RouteDefinition> = R['request'] extends { params: infer P extends z.ZodType }
  ? z.output<P>
  : undefined

type QueryOf<R extends RouteDefinition> = R['request'] extends { query: infer Q extends z.ZodType }
  ? z.output<Q>
  : undefined

interface RouteInput<R extends RouteDefinition> {
  body: BodyOf<R>
  /** The path parameters, parsed with the route's schema. */
  params: ParamsOf<R>
  /** The query, parsed with the route's schema. */
  query: QueryOf<R>
  /** The verified token; present on member and admin routes. */
  caller: R['auth'] extends 'none' ? undefined : VerifiedToken
}

type SuccessStatus = 200 | 201 | 202 | 204

/** One of the route's documented answers: its status and the wire body its schema takes. */
type RouteAnswer<R extends RouteDefinition> = {
  [S in Extract<keyof R['responses'], SuccessStatus>]: {
    status: S
    body: R['responses'][S] extends { schema: infer T extends z.ZodType } ? z.input<T> : undefined
    headers?: Record<string, string>
  }
}[Extract<keyof R['responses'], SuccessStatus>]

type RouteHandler<R extends RouteDefinition> = (input: RouteInput<R>) => Promise<RouteAnswer<R>>

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

/** A domain value its codec refused to encode: the answer would break the route's schema. */
class InvalidAnswerError extends Error {
  readonly zodError: z.ZodError
  constructor(zodError: z.ZodError) {
    super('An answer breaks its schema')
    this.zodError = zodError
  }
}

/** Request bodies the mounter checked, with the wire schema it checked each against. */
const checkedBodies = new WeakMap<object, z.ZodType>()

/** Bodies `encode` built: the codec checked them against the wire schema already. */
const encodedBodies = new WeakSet<object>()

/**
 * The wire body of a domain value, by core's codec: the codec checks both shapes, so the answer is not checked
 * a second time (which also lets an answer kept in memory be sent again without a check).
 */
export function encode<C extends z.ZodCodec>(codec: C, value: z.output<C>): z.input<C> {
  const result = z.safeEncode(codec, value)
  if (!result.success) throw new InvalidAnswerError(result.error)
  if (typeof result.data === 'object' && result.data !== null) encodedBodies.add(result.data)
  return result.data
}

/**
 * The client shape of a request body the mounter already checked against the wire schema, by core's codec: a
 * body the client schema refuses answers 400 invalidRequest with the failing fields, as a wire refusal does.
 */
export function decode<C extends z.ZodCodec>(codec: C, body: z.input<C>): z.output<C> {
  // A body the mounter checked against this codec's wire schema is not checked against it again: only the
  // codec's mapping and its client schema run. Checking the wire rules twice cost a registration rush a third of
  // its text checks (grapheme segmentation; docs/benchmarks.md).
  if (checkedBodies.get(body as object) !== codec.in) {
    const full = z.safeDecode(codec, body)
    if (!full.success) throw new HttpError(400, invalidRequestBody(full.error))
    return full.data
  }
  const client: unknown = codec.def.transform(body, { value: body, issues: [] })
  if (client instanceof Promise) throw new Error('A request codec must decode synchronously')
  const result = z.safeParse(codec.out, client)
  if (!result.success) throw new HttpError(400, invalidRequestBody(result.error))
  return result.data as z.output<C>
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
  if (typeof result.data === 'object' && result.data !== null) checkedBodies.set(result.data, schema)
  return result.data
}

/** Path parameters that break their schema name no resource: the same 404 as an unknown one. */
function readParams(context: Context, schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined
  const result = schema.safeParse(context.req.param())
  if (!result.success) throw notFound()
  return result.data
}

function readQuery(context: Context, schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined
  const result = schema.safeParse(context.req.query())
  if (!result.success) throw productError(400, 'invalidRequest')
  return result.data
}

/**
 * An admin route admits the staff whose roles grant its action (docs/decisions/156-staff-roles.md). A route that
 * declares no action admits nobody: a forgotten declaration must not open a route to every staff member.
 */
function admitStaff(route: RouteDefinition, caller: VerifiedToken | undefined): void {
  if (route.staff === undefined || !staffMay(caller?.groups, route.staff))
    throw productError(403, 'forbidden')
}

/** A strong ETag over a JSON answer: the same body always has the same tag. */
export function strongEtag(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url')}"`
}

/**
 * True when a GET answered with an ETag the client already holds (`If-None-Match`): the answer is then 304
 * without a body, its headers kept. If-None-Match compares weakly (RFC 9110), so `W/` on either side matches.
 */
function notModified(
  context: Context,
  route: RouteDefinition,
  headers: Readonly<Record<string, string>> | undefined,
): boolean {
  const etag = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'etag')?.[1]
  const ifNoneMatch = context.req.header('If-None-Match')
  if (route.method !== 'get' || etag === undefined || ifNoneMatch === undefined) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag))
}

export function createRouteMounter(app: Hono, options: RouteMounterOptions): RouteMounter {
  function invalidAnswer(route: RouteDefinition, error: z.ZodError): Error {
    options.onInvalidResponse(route, error)
    return new Error(`Answer of ${route.method.toUpperCase()} ${route.path} breaks its schema`)
  }

  return {
    mount(route, handler) {
      app.on(route.method.toUpperCase(), toColonPath(route.path), async (context) => {
        const caller = route.auth === 'none' ? undefined : await options.authenticate(route.auth, context)
        if (route.auth === 'admin') admitStaff(route, caller)
        const bodySchema = route.request?.body
        const body = bodySchema ? await readBody(context, bodySchema) : undefined
        const params = readParams(context, route.request?.params)
        const query = readQuery(context, route.request?.query)
        let answer: { status: number; body?: unknown; headers?: Record<string, string> }
        try {
          answer = await handler({ body, params, query, caller } as RouteInput<typeof route>)
        } catch (error) {
          if (error instanceof InvalidAnswerError) throw invalidAnswer(route, error.zodError)
          throw error
        }
        let payload = answer.body
        const schema = route.responses[answer.status]?.schema
        const encoded = typeof payload === 'object' && payload !== null && encodedBodies.has(payload)
        if (options.validateResponses && schema && !encoded) {
          const checked = schema.safeParse(answer.body)
          if (!checked.success) throw invalidAnswer(route, checked.error)
          payload = checked.data
        }
        for (const [name, value] of Object.entries(answer.headers ?? {})) context.header(name, value)
        if (notModified(context, route, answer.headers)) return context.body(null, 304)
        if (payload === undefined) return context.body(null, answer.status as 204)
        return context.json(payload as object, answer.status as 200)
      })
    },
  }
}
