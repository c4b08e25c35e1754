import { z } from 'zod'
import type { ProductErrorKey, unauthorizedMessage } from '../errors/catalogue.ts'
import { issueMessage } from '../validation/issues.ts'

/*
 * What every feature of the contract shares. A feature's wire shapes (snake_case, exactly what goes over HTTP),
 * its client shapes, the codecs between them and its routes live together in contract/<feature>.ts; each wire
 * shape is a named component of the OpenAPI document. The API validates requests and the clients validate
 * responses with them.
 *
 * Free text has two shapes (decision 015): what is written (a `…Request`, a check-in upload) applies the
 * field's rule; what is answered takes the text as stored (`storedTextSchema`), so a text written under an
 * earlier rule can still be read. Each shape is written once; the other one replaces only its text fields.
 */

interface ComponentMeta {
  id: string
  description: string
}

/** The named schemas of the contract; the OpenAPI document lists each under components.schemas. */
export const contractRegistry = z.registry<ComponentMeta>()

/** Names a schema as a component. The description also goes to the global registry, which JSON Schema reads. */
export function component<T extends z.ZodType>(schema: T, meta: ComponentMeta): T {
  const described = schema.describe(meta.description) as T
  contractRegistry.add(described, meta)
  return described
}

/** A list answer, `{ "items": [...] }`, named as a component. */
export function listComponent<T extends z.ZodType>(item: T, meta: ComponentMeta) {
  return component(z.object({ items: z.array(item) }), meta)
}

/** Every error answer: `{ "message": … }`, plus the failing fields when the request was not valid. */
export const errorBodyWireSchema = component(
  z.object({
    message: z.string().describe('A product error key (errors:product.*), or Unauthorized with status 401'),
    issues: z
      .array(
        z.object({
          path: z.array(z.union([z.string(), z.number()])),
          message: z.string().describe('A key of the errors namespace, such as validation.badgeNameEmpty'),
        }),
      )
      .optional()
      .describe('With message invalidRequest: what was wrong with which field'),
  }),
  { id: 'ErrorBody', description: 'The body of every error response' },
)
export type ErrorBodyWire = z.infer<typeof errorBodyWireSchema>

/** The id the registration code carries as `registration_id` (and `jti`). */
export const registrationIdSchema = z.uuid()

/** `{ message }` for a product error key, or Unauthorized with status 401. */
export function errorBody(message: ProductErrorKey | typeof unauthorizedMessage): ErrorBodyWire {
  return { message }
}

/** The 400 answer to a request that failed its schema: invalidRequest with the failing fields. */
export function invalidRequestBody(error: z.ZodError): ErrorBodyWire {
  return {
    message: 'invalidRequest',
    issues: error.issues.map((issue) => ({
      path: issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)),
      message: issueMessage(issue).key,
    })),
  }
}
