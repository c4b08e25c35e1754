import { z } from 'zod'
import { rolesAllowedTo, type StaffAction } from '../domain/staff-roles.ts'
import type { RouteDefinition } from './route.ts'
import { apiRoutes } from './routes.ts'
import { contractRegistry } from './schemas.ts'

/** Version of the HTTP contract, raised when it changes incompatibly. */
export const apiVersion = '1.0.0'

/** Where the generated document is committed, relative to the repository root. */
export const openApiDocumentPath = 'docs/api/openapi.json'

type JsonSchema = Record<string, unknown>

export interface OpenApiDocument {
  openapi: '3.1.1'
  jsonSchemaDialect: string
  info: { title: string; version: string; description: string }
  servers: { url: string; description: string }[]
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, unknown>>
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> }
}

const jsonSchemaDialect = 'https://json-schema.org/draft/2020-12/schema'
const componentRef = (id: string) => `#/components/schemas/${id}`

const tagDescriptions: Record<string, string> = {
  features: 'Product-wide feature flags',
  profile: 'Participant profiles',
  registration: 'Registration, payment and the registration code',
  admin: 'Admin operations (admins user pool)',
}

const securitySchemes = {
  memberBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Access token of the members user pool: `Authorization: Bearer <token>`',
  },
  adminBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Access token of the admins user pool: `Authorization: Bearer <token>`',
  },
}

/**
 * The contract's components, with references between them, by name. `$schema` and `$id` are dropped: the
 * document's dialect applies. The registry lists them in the order their modules were first imported, which
 * depends on who imported the contract first (a test file sharing the worker, decision 199); by name the
 * document is the same whatever the import order.
 */
function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(contractRegistry, {
    target: 'draft-2020-12',
    io: 'input',
    uri: componentRef,
    unrepresentable: 'throw',
  })
  const components: Record<string, JsonSchema> = {}
  const byName = Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  for (const [id, schema] of byName) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema
    components[id] = rest
  }
  return components
}

/** Every schema a route refers to must be a named component, so the document references instead of copying. */
function refTo(schema: z.ZodType, where: string): JsonSchema {
  const meta = contractRegistry.get(schema)
  if (!meta) throw new Error(`${where}: the schema is not registered in contractRegistry (use component())`)
  return { $ref: componentRef(meta.id) }
}

function inlineSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' })
  return rest
}

function parameters(route: RouteDefinition): unknown[] {
  const list: unknown[] = []
  for (const [location, object] of [
    ['path', route.request?.params],
    ['query', route.request?.query],
  ] as const) {
    if (!object) continue
    const json = inlineSchema(object) as { properties?: Record<string, JsonSchema>; required?: string[] }
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      list.push({
        name,
        in: location,
        required: location === 'path' || (json.required ?? []).includes(name),
        schema,
      })
    }
  }
  return list
}

const errorContent = { 'application/json': { schema: { $ref: componentRef('ErrorBody') } } }

function errorResponse(description: string) {
  return { description, content: errorContent }
}

/** Who may call an admin route, as its description says it (docs/decisions/156-staff-roles.md). */
function staffSentence(action: StaffAction): string {
  const roles = rolesAllowedTo(action)
  return (
    `Staff action ${action}: admitted to the staff roles ${roles.join(', ')} (the \`cognito:groups\` of the ` +
    'admin token, as Cognito lists them now); 403 forbidden to any other staff member.'
  )
}

function operation(name: string, route: RouteDefinition) {
  const where = `${route.method.toUpperCase()} ${route.path}`
  const responses: Record<string, unknown> = {}
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = response.schema
      ? {
          description: response.description,
          content: { 'application/json': { schema: refTo(response.schema, `${where} ${status}`) } },
        }
      : { description: response.description }
  }
  const hasInput = Boolean(route.request?.body || route.request?.params || route.request?.query)
  if (hasInput) responses['400'] ??= errorResponse('invalidRequest: the request failed its schema')
  if (route.auth !== 'none') responses['401'] ??= errorResponse('Unauthorized: no valid access token')
  if (route.auth === 'admin') {
    responses['403'] ??= errorResponse(
      "forbidden: the token is not an admin token, or the staff member's roles do not grant the route's action",
    )
  }
  if (route.noneOn404) responses['404'] ??= errorResponse(`None: ${route.noneOn404.description}`)
  responses.default = errorResponse('Any other error: a product error key in message')

  const params = parameters(route)
  const description = [route.description, route.staff && staffSentence(route.staff)].filter(Boolean).join(' ')
  return {
    operationId: route.operationId ?? name,
    summary: route.summary,
    ...(description ? { description } : {}),
    ...(route.staff ? { 'x-staff-action': route.staff, 'x-staff-roles': rolesAllowedTo(route.staff) } : {}),
    tags: [route.tag],
    security:
      route.auth === 'none' ? [] : [{ [route.auth === 'admin' ? 'adminBearer' : 'memberBearer']: [] }],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(route.request?.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: refTo(route.request.body, `${where} request body`) } },
          },
        }
      : {}),
    responses,
  }
}

/** Builds the OpenAPI 3.1 document of a route table (by default the product's). */
export function createOpenApiDocument(
  routeTable: Readonly<Record<string, RouteDefinition>> = apiRoutes,
): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {}
  const tags = new Set<string>()
  for (const [name, route] of Object.entries(routeTable)) {
    const item = paths[route.path] ?? {}
    paths[route.path] = item
    if (item[route.method]) throw new Error(`Two routes for ${route.method.toUpperCase()} ${route.path}`)
    item[route.method] = operation(name, route)
    tags.add(route.tag)
  }
  return {
    openapi: '3.1.1',
    jsonSchemaDialect,
    info: {
      title: '東京ふぁーりーフェス API',
      version: apiVersion,
      description:
        'Product and admin API of the convention platform. Generated from the zod contract in packages/core ' +
        '(`pnpm --filter @furfes/core openapi`); do not edit by hand. Names on the wire are snake_case. ' +
        'Errors are `{ "message": … }`: a 401 with Unauthorized means sign in again; other messages are keys ' +
        'of the errors:product translations.',
    },
    servers: [{ url: 'http://localhost:8787', description: 'Local development (npm start)' }],
    tags: [...tags].map((name) => ({ name, description: tagDescriptions[name] ?? name })),
    paths,
    components: { schemas: componentSchemas(), securitySchemes },
  }
}

/** The document as committed: two-space JSON with a final newline. */
export function serializeOpenApiDocument(document: OpenApiDocument = createOpenApiDocument()): string {
  return `${JSON.stringify(document, null, 2)}\n`
}
