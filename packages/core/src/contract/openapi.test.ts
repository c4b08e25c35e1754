import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createOpenApiDocument, openApiDocumentPath, serializeOpenApiDocument } from './openapi.ts'
import { profileWireSchema } from './profile.ts'
import { apiRoutes } from './routes.ts'

const committedPath = new URL(`../../../../${openApiDocumentPath}`, import.meta.url)

function readCommitted(): string {
  try {
    return readFileSync(committedPath, 'utf8')
  } catch {
    return ''
  }
}

/** Every `$ref` in a JSON value. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn)
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, child]) => (key === '$ref' ? [String(child)] : refsIn(child)))
}

describe('OpenAPI document', () => {
  it('is committed exactly as generated from the contract', () => {
    expect(
      readCommitted(),
      `${openApiDocumentPath} has drifted from the zod contract: run \`pnpm --filter @furfes/core openapi\` and commit it`,
    ).toBe(serializeOpenApiDocument())
  })

  const sut = createOpenApiDocument()

  it('is OpenAPI 3.1 with JSON Schema 2020-12', () => {
    expect(sut.openapi).toBe('3.1.1')
    expect(sut.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(sut.info.version).toBe('1.0.0')
  })

  it('has an operation for every route, named after it', () => {
    const operations = Object.entries(sut.paths).flatMap(([path, item]) =>
      Object.entries(item).map(
        ([method, op]) => `${method} ${path} ${(op as { operationId: string }).operationId}`,
      ),
    )
    expect(operations.sort()).toEqual(
      Object.entries(apiRoutes)
        .map(
          ([name, route]) =>
            `${route.method} ${route.path} ${'operationId' in route ? route.operationId : name}`,
        )
        .sort(),
    )
  })

  it('lists the components by name, whichever contract module was imported first (decision 199)', () => {
    const names = Object.keys(sut.components.schemas)
    expect(names.length).toBeGreaterThan(5)
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  it('resolves every reference to a component', () => {
    const refs = new Set(refsIn(sut))
    expect(refs.size).toBeGreaterThan(5)
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//)
      expect(sut.components.schemas, ref).toHaveProperty([ref.replace('#/components/schemas/', '')])
    }
  })

  it('uses snake_case on the wire', () => {
    const propertyNames = Object.values(sut.components.schemas).flatMap((schema) => {
      const names: string[] = []
      const visit = (node: unknown) => {
        if (node === null || typeof node !== 'object') return
        const properties = (node as { properties?: Record<string, unknown> }).properties
        if (properties) names.push(...Object.keys(properties))
        for (const child of Object.values(node)) visit(child)
      }
      visit(schema)
      return names
    })
    expect(propertyNames).toContain('handle_name')
    expect(propertyNames.filter((name) => !/^[a-z][a-z0-9_]*$/.test(name))).toEqual([])
  })

  it('secures member and admin routes with their own bearer schemes and answers 401/403', () => {
    interface Operation {
      security: unknown
      responses: Record<string, unknown>
      requestBody: { content: Record<string, { schema: unknown }> }
    }
    const op = (path: string, method: string) => sut.paths[path]?.[method] as Operation
    expect(op('/features', 'get').security).toEqual([])
    expect(op('/profile', 'get').security).toEqual([{ memberBearer: [] }])
    expect(op('/admin/participants', 'get').security).toEqual([{ adminBearer: [] }])
    expect(Object.keys(op('/profile', 'get').responses)).toEqual(['200', '401', '404', 'default'])
    // Its `edition` query is checked: 400 when it is not an edition id.
    expect(Object.keys(op('/admin/participants', 'get').responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      'default',
    ])
    expect(Object.keys(op('/registration', 'post').responses)).toEqual(['201', '400', '401', 'default'])
    expect(op('/registration', 'post').requestBody.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/RegistrationRequest',
    })
    expect(sut.components.securitySchemes).toMatchObject({
      memberBearer: { type: 'http', scheme: 'bearer' },
      adminBearer: { type: 'http', scheme: 'bearer' },
    })
  })

  it("shows on each admin route the staff roles it admits, from the route's action", () => {
    const operations = Object.values(sut.paths).flatMap((item) => Object.values(item)) as {
      security: unknown
      description?: string
      'x-staff-roles'?: unknown
    }[]
    const isAdmin = (op: { security: unknown }) => JSON.stringify(op.security) === '[{"adminBearer":[]}]'
    const admin = operations.filter(isAdmin)
    expect(admin.length).toBe(Object.values(apiRoutes).filter((route) => route.auth === 'admin').length)
    for (const op of admin) expect(op['x-staff-roles']).toEqual(expect.arrayContaining(['committee']))
    expect(operations.filter((op) => !isAdmin(op) && 'x-staff-roles' in op)).toEqual([])

    expect(sut.paths['/admin/check-ins']?.post).toMatchObject({
      'x-staff-action': 'checkIn',
      'x-staff-roles': ['door', 'desk', 'committee'],
    })
    expect(sut.paths['/admin/participants']?.get).toMatchObject({
      'x-staff-action': 'search',
      'x-staff-roles': ['door', 'desk', 'committee'],
    })
    const flags = sut.paths['/admin/features']?.put as { description: string; 'x-staff-roles': unknown }
    expect(flags['x-staff-roles']).toEqual(['committee'])
    expect(flags.description).toContain(
      'Staff action switchFlags: admitted to the staff roles committee (the `cognito:groups`',
    )
    expect(flags.description).toContain('403 forbidden to any other staff member.')
  })

  it('describes the schemas with their limits: requests with the rules, answers with the text as stored', () => {
    type Properties = { properties: Record<string, Record<string, unknown>> }
    const request = sut.components.schemas.ProfileRequest as Properties
    // JSON Schema counts code points; the 100 characters of a handle name are grapheme clusters of at most 10
    // code points each (decision 015).
    expect(request.properties.handle_name).toMatchObject({ type: 'string', minLength: 1, maxLength: 1000 })
    expect(request.properties.handle_name?.description).toContain('grapheme clusters')
    const profile = sut.components.schemas.Profile as Properties
    expect(profile.properties.handle_name).toEqual({ type: 'string', description: expect.any(String) })
    expect(sut.paths['/profile']?.put).toMatchObject({
      requestBody: {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ProfileRequest' } } },
      },
    })
    const info = sut.components.schemas.RegistrationAdditionalInfoRequest as Properties
    expect(info.properties.club_activity_x_username).toMatchObject({ pattern: '^[A-Za-z0-9_-]{1,15}$' })
    expect(sut.components.schemas.ErrorBody).toMatchObject({ required: ['message'] })
  })

  it('documents path and query parameters of routes that have them', () => {
    const document = createOpenApiDocument({
      getCheckIn: {
        method: 'get',
        path: '/admin/check-ins/{id}',
        auth: 'admin',
        tag: 'admin',
        summary: 'A check-in',
        request: {
          params: z.object({ id: z.uuid() }),
          query: z.object({ since: z.string().optional(), limit: z.string() }),
        },
        responses: { 200: { description: 'ok', schema: profileWireSchema } },
      },
    })
    const op = document.paths['/admin/check-ins/{id}']?.get as {
      parameters: unknown[]
      responses: Record<string, unknown>
    }
    expect(op.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'string', format: 'uuid' }),
      },
      { name: 'since', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'limit', in: 'query', required: true, schema: { type: 'string' } },
    ])
    expect(Object.keys(op.responses)).toEqual(['200', '400', '401', '403', 'default'])
  })

  it('refuses a route whose schema is not a named component, or two routes on one operation', () => {
    const unnamed = { method: 'get', path: '/x', auth: 'none', tag: 't', summary: 's' } as const
    expect(() =>
      createOpenApiDocument({
        x: { ...unnamed, responses: { 200: { description: 'x', schema: z.object({}) } } },
      }),
    ).toThrow('GET /x 200: the schema is not registered')
    expect(() => createOpenApiDocument({ a: apiRoutes.getFeatures, b: apiRoutes.getFeatures })).toThrow(
      'Two routes for GET /features',
    )
  })
})
