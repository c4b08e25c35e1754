import { z } from 'zod'
import type { RouteAuth, RouteDefinition } from '../contract/route.ts'
import { fillPath, type RouteRequestBody, type RouteSuccessBody } from '../contract/routes.ts'
import { errorBodyWireSchema } from '../contract/schemas.ts'
import { type AuthInfo, authorizationHeader } from '../domain/auth-info.ts'
import {
  errorFromAnswer,
  NetworkError,
  NotAuthenticatedError,
  UnexpectedError,
} from '../errors/app-errors.ts'

/** The part of `fetch` the clients use, so tests and other runtimes can pass their own. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/** Where a client reads the current auth info; undefined or null means nobody is signed in. */
export type AuthInfoSource = () => AuthInfo | null | undefined | Promise<AuthInfo | null | undefined>

export interface ApiClientOptions {
  /** The API's base URL; a path in it is kept (`https://example.com/api` → `https://example.com/api/profile`). */
  baseUrl: string | URL
  /** Defaults to the global fetch. */
  fetch?: FetchLike
  getAuthInfo: AuthInfoSource
  /**
   * How long a call may take, answer body included, before it is given up as a network error (decision
   * 016). Defaults to `defaultRequestTimeoutMs`; 0 or less turns the limit off.
   */
  timeoutMs?: number
}

/**
 * Long enough for a 100-item check-in upload or a full participant list over slow venue Wi-Fi, short enough
 * that a request the network swallowed does not hold up what waits behind it (decision 016).
 */
export const defaultRequestTimeoutMs = 20_000

/** The reason a call is aborted with when it runs out of time (fetch rejects with it). */
export class RequestTimeoutError extends Error {
  readonly timeoutMs: number

  constructor(timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms`)
    this.name = 'TimeoutError'
    this.timeoutMs = timeoutMs
  }
}

export interface CallOptions {
  signal?: AbortSignal
}

export type CallInput<R extends RouteDefinition> = {
  params?: Readonly<Record<string, string | number>>
  query?: Readonly<Record<string, string | number | boolean | undefined>>
} & (RouteRequestBody<R> extends undefined ? { body?: undefined } : { body: RouteRequestBody<R> })

/** null where the route reads a 404 as none, else nothing. */
type NoneOn404<R extends RouteDefinition> = R['noneOn404'] extends { description: string } ? null : never

export type CallResult<R extends RouteDefinition> = RouteSuccessBody<R> | NoneOn404<R>

/** Where a call goes besides its route: the path parameters and the query. */
export type CallPlace = Pick<CallInput<RouteDefinition>, 'params' | 'query'>

/** A codec whose wire side takes what the route answers (a codec of another route does not compile). */
export type AnswerCodec<R extends RouteDefinition, C extends z.ZodCodec> = C &
  ([RouteSuccessBody<R>] extends [z.input<C>] ? unknown : "this codec does not decode the route's answer")

/** A codec whose wire side is the body the route takes. */
export type BodyCodec<R extends RouteDefinition, Q extends z.ZodCodec> = Q &
  ([z.input<Q>] extends [RouteRequestBody<R>] ? unknown : 'this codec does not encode the body of the route')

/** A client method that reads a route: it calls the route and decodes its answer. */
export type RouteReader<R extends RouteDefinition, C extends z.ZodCodec> = (
  options?: CallOptions,
  place?: CallPlace,
) => Promise<z.output<C> | NoneOn404<R>>

/** A client method that writes to a route: it encodes the value as the body, calls and decodes the answer. */
export type RouteSender<R extends RouteDefinition, Q extends z.ZodCodec, C extends z.ZodCodec> = (
  value: z.output<Q>,
  options?: CallOptions,
  place?: CallPlace,
) => Promise<z.output<C> | NoneOn404<R>>

/**
 * Calls routes of one auth kind: members' routes with member tokens, admins' with admin tokens. A client's
 * methods are built with `reader` and `sender`, which keep the client shapes on the app's side of the
 * codecs (null where the route reads a 404 as none); `call` answers the wire body.
 */
export interface Transport {
  call<R extends RouteDefinition>(
    route: R,
    input: CallInput<R>,
    options?: CallOptions,
  ): Promise<CallResult<R>>
  /** The method that reads a route which takes no body. */
  reader<R extends RouteDefinition, C extends z.ZodCodec>(
    route: R,
    answer: AnswerCodec<R, C>,
  ): RouteReader<R, C>
  /** The method that sends a value, encoded by `request`, as the route's body. */
  sender<R extends RouteDefinition, Q extends z.ZodCodec, C extends z.ZodCodec>(
    route: R,
    request: BodyCodec<R, Q>,
    answer: AnswerCodec<R, C>,
  ): RouteSender<R, Q, C>
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  return text === '' ? undefined : JSON.parse(text)
}

/**
 * The fetch wrapper both clients are built on. It sends the bearer header for authenticated routes (raising
 * NotAuthenticatedError first when there is no auth info), parses every answer with the route's schema, and
 * maps errors as decision 014 says.
 */
export function createTransport(
  options: ApiClientOptions,
  allowedAuth: Exclude<RouteAuth, 'none'>,
): Transport {
  const base = new URL(options.baseUrl)
  if (!base.pathname.endsWith('/')) base.pathname = `${base.pathname}/`
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const timeoutMs = options.timeoutMs ?? defaultRequestTimeoutMs

  async function headersFor(route: RouteDefinition, hasBody: boolean): Promise<Headers> {
    const headers = new Headers({ Accept: 'application/json' })
    if (hasBody) headers.set('Content-Type', 'application/json')
    if (route.auth === 'none') return headers
    if (route.auth !== allowedAuth) {
      throw new Error(`The ${allowedAuth} client cannot call ${route.method.toUpperCase()} ${route.path}`)
    }
    const authInfo = await options.getAuthInfo()
    if (!authInfo) throw new NotAuthenticatedError()
    headers.set('Authorization', authorizationHeader(authInfo))
    return headers
  }

  function urlFor(route: RouteDefinition, input: { params?: unknown; query?: unknown }): URL {
    const url = new URL(fillPath(route.path, input.params as Record<string, string>).replace(/^\//, ''), base)
    for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) url.searchParams.set(name, String(value))
    }
    return url
  }

  async function call<R extends RouteDefinition>(
    route: R,
    input: CallInput<R>,
    callOptions: CallOptions = {},
  ): Promise<CallResult<R>> {
    const where = `${route.method.toUpperCase()} ${route.path}`
    const body = input.body === undefined ? undefined : JSON.stringify(input.body)
    const deadline = startDeadline(timeoutMs, callOptions.signal)
    const init: RequestInit = {
      method: route.method.toUpperCase(),
      headers: await headersFor(route, body !== undefined),
      ...(body === undefined ? {} : { body }),
      signal: deadline.signal,
    }

    try {
      let response: Response
      try {
        response = await fetchImpl(urlFor(route, input).href, init)
      } catch (error) {
        throw deadline.timedOut()
          ? new NetworkError(deadline.reason())
          : isAbort(error)
            ? error
            : new NetworkError(error)
      }
      // The body is read under the same deadline: a server may send its headers and then stall.
      try {
        if (response.ok) return (await successBody(route, response, where)) as CallResult<R>
        if (response.status === 404 && route.noneOn404) return null as CallResult<R>
        throw await failure(response, where)
      } catch (error) {
        throw deadline.timedOut() ? new NetworkError(deadline.reason()) : error
      }
    } finally {
      deadline.clear()
    }
  }

  async function decoded<R extends RouteDefinition, C extends z.ZodCodec>(
    route: R,
    answer: C,
    input: CallInput<R>,
    callOptions: CallOptions | undefined,
  ): Promise<z.output<C> | NoneOn404<R>> {
    const wire = await call(route, input, callOptions)
    return wire === null ? (null as NoneOn404<R>) : decodeResponse<C>(answer, wire as z.input<C>)
  }

  return {
    call,
    reader:
      (route, answer) =>
      (callOptions, place = {}) =>
        decoded(route, answer, place as CallInput<typeof route>, callOptions),
    sender:
      (route, request, answer) =>
      // Encoding inside the async call, so a value that breaks the contract rejects like any failed call.
      async (value, callOptions, place = {}) => {
        const body = encodeRequest(request, value, `${route.method.toUpperCase()} ${route.path}`)
        return decoded(route, answer, { ...place, body } as CallInput<typeof route>, callOptions)
      },
  }
}

interface Deadline {
  signal: AbortSignal
  timedOut(): boolean
  reason(): unknown
  clear(): void
}

/**
 * One signal for a call: aborted by the caller's signal, or by the timer when the call runs out of time. A
 * plain timer rather than `AbortSignal.timeout`/`any`, so that tablets on older Safari have it too and tests
 * can move the clock.
 */
function startDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined): Deadline {
  const controller = new AbortController()
  let expired = false
  const onCallerAbort = () => controller.abort(callerSignal?.reason)
  if (callerSignal?.aborted) onCallerAbort()
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          expired = true
          controller.abort(new RequestTimeoutError(timeoutMs))
        }, timeoutMs)
      : undefined
  return {
    signal: controller.signal,
    timedOut: () => expired,
    reason: () => controller.signal.reason,
    clear() {
      clearTimeout(timer)
      callerSignal?.removeEventListener('abort', onCallerAbort)
    },
  }
}

async function successBody(route: RouteDefinition, response: Response, where: string): Promise<unknown> {
  const declared = route.responses[response.status]
  if (!declared) {
    throw new UnexpectedError(`${where} answered ${response.status}, which the contract does not declare`, {
      status: response.status,
    })
  }
  if (!declared.schema) return undefined
  let json: unknown
  try {
    json = await readJson(response)
  } catch (cause) {
    throw new UnexpectedError(`${where} answered ${response.status} with a body that is not JSON`, {
      status: response.status,
      cause,
    })
  }
  const parsed = declared.schema.safeParse(json)
  if (!parsed.success) {
    throw new UnexpectedError(
      `${where} answered ${response.status} with a body that breaks the contract: ${z.prettifyError(parsed.error)}`,
      { status: response.status, cause: parsed.error },
    )
  }
  return parsed.data
}

/** 401 Unauthorized → sign in again; a known key → product error; anything else → unexpected (decision 014). */
async function failure(response: Response, where: string): Promise<Error> {
  const json = await readJson(response).catch(() => undefined)
  const parsed = errorBodyWireSchema.safeParse(json)
  return errorFromAnswer(response.status, parsed.success ? parsed.data.message : undefined, where)
}

/**
 * Encodes what the app passes. Forms validate with the same schemas first, so a failure here is a bug in the
 * caller and is reported as unexpected.
 */
export function encodeRequest<C extends z.ZodCodec>(codec: C, value: z.output<C>, where: string): z.input<C> {
  const result = codec.safeEncode(value)
  if (!result.success) {
    throw new UnexpectedError(`${where}: the request breaks the contract: ${z.prettifyError(result.error)}`, {
      cause: result.error,
    })
  }
  return result.data
}

/** Decodes a wire body the transport already validated into the client shape. */
export function decodeResponse<C extends z.ZodCodec>(codec: C, wire: z.input<C>): z.output<C> {
  const result = codec.safeDecode(wire)
  if (!result.success) {
    throw new UnexpectedError(`The answer breaks the client contract: ${z.prettifyError(result.error)}`, {
      cause: result.error,
    })
  }
  return result.data
}
