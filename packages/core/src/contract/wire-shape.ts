import type { z } from 'zod'
import { isCalendarDate } from '../domain/date.ts'

/**
 * The types of a wire schema as plain data: `'string'`, `'date'` (a day, `2025-05-10`), `'number'`, `'boolean'`, a
 * list of allowed values, an object of fields, or a list of items (`{ '[]': item }`); a trailing `?` marks an
 * optional field. The build derives it from the contract's zod schema
 * (`wireShapeOf`), so a public page can check an answer's types with a few lines instead of loading zod, which
 * the top page's script budget has no room for (docs/decisions/041-prerendered-public-pages.md).
 */
export type WireShape = string | readonly string[] | { readonly [field: string]: WireShape }

interface ZodInternals {
  _zod: {
    def: {
      type: string
      format?: string
      shape?: Record<string, z.ZodType>
      innerType?: z.ZodType
      element?: z.ZodType
      entries?: Record<string, string>
    }
  }
}

/** The field that marks a list's shape: `{ '[]': shape of each item }`. */
const listItem = '[]'

/** The shape of a zod schema made of objects, lists, strings, numbers, booleans, enums and optional scalars. */
export function wireShapeOf(schema: z.ZodType): WireShape {
  const { def } = (schema as unknown as ZodInternals)._zod
  switch (def.type) {
    case 'string':
      return def.format === 'date' ? 'date' : 'string'
    case 'number':
    case 'boolean':
      return def.type
    case 'enum':
      return Object.values(def.entries ?? {})
    case 'optional': {
      const inner = wireShapeOf(def.innerType as z.ZodType)
      if (typeof inner !== 'string') throw new Error('Only a scalar field can be optional in a wire shape')
      return `${inner}?`
    }
    case 'array':
      return { [listItem]: wireShapeOf(def.element as z.ZodType) }
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([field, inner]) => [field, wireShapeOf(inner)]),
      )
    default:
      throw new Error(`A wire shape cannot describe a ${def.type} schema`)
  }
}

/** Whether `value` has the types `shape` names (extra fields are allowed, as zod's objects allow them). */
export function matchesWireShape(shape: WireShape, value: unknown): boolean {
  if (Array.isArray(shape)) return shape.includes(value as string)
  if (typeof shape === 'string') {
    const optional = shape.endsWith('?')
    if (optional && value === undefined) return true
    const type = optional ? shape.slice(0, -1) : shape
    return type === 'date' ? typeof value === 'string' && isCalendarDate(value) : typeof value === type
  }
  const item = (shape as { readonly [listItem]?: WireShape })[listItem]
  if (item !== undefined)
    return Array.isArray(value) && value.every((element) => matchesWireShape(item, element))
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return Object.entries(shape).every(([field, inner]) => matchesWireShape(inner, record[field]))
}
