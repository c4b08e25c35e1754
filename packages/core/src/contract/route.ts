import type { z } from 'zod'
import type { StaffAction } from '../domain/staff-roles.ts'

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const
export type HttpMethod = (typeof httpMethods)[number]

/** Who may call a route: anyone, a signed-in member (members pool token), or an admin (admins pool token). */
export const routeAuthKinds = ['none', 'member', 'admin'] as const
export type RouteAuth = (typeof routeAuthKinds)[number]

export interface RouteResponse {
  description: string
  /** The JSON body; absent for an empty body (204). */
  schema?: z.ZodType
}

/**
 * One operation of the API. The API registers a handler per route and validates with its schemas; the
 * clients call routes and parse answers with them; the OpenAPI document is generated from them.
 */
export interface RouteDefinition {
  method: HttpMethod
  /** OpenAPI-style template: `/admin/check-ins/{id}`. */
  path: string
  auth: RouteAuth
  /** The staff action an admin route performs (decision 156). */
  staff?: StaffAction
  summary: string
  description?: string
  tag: string
  request?: {
    params?: z.ZodObject
    query?: z.ZodObject
    body?: z.ZodType
  }
  /** The documented successful answers by status. Error answers are `ErrorBody` (see openapi.ts). */
  responses: Readonly<Record<number, RouteResponse>>
  /** A 404 means "there is none" (no profile, not registered), which clients return as null. */
  noneOn404?: { description: string }
  /** The operation's name in the OpenAPI document when it is not the route's name in code. */
  operationId?: string
}

/** What a route states besides its method, path, caller kind and tag. */
type RouteSpec = Omit<RouteDefinition, 'method' | 'path' | 'auth' | 'tag'>

/** Flattens an intersection, so a built route's type reads as the one object it is. */
type Flat<T> = { [K in keyof T]: T[K] } & {}

/**
 * The routes of one caller kind under one OpenAPI tag. Each method builder takes the path and the rest of
 * the definition, so the table below states only what differs from route to route, and every route keeps
 * its literal type (the API handlers and the clients read their bodies from it).
 */
export function routeGroup<const A extends RouteAuth, const T extends string>(auth: A, tag: T) {
  const builder =
    <const M extends HttpMethod>(method: M) =>
    <const P extends string, const S extends RouteSpec>(
      path: P,
      spec: S,
    ): Flat<{ readonly method: M; readonly path: P; readonly auth: A; readonly tag: T } & S> => ({
      method,
      path,
      auth,
      tag,
      ...spec,
    })
  return { get: builder('get'), post: builder('post'), put: builder('put'), delete: builder('delete') }
}
