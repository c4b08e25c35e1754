import { invalidParam } from './errors.ts'

/** A decoded Stripe request parameter: Stripe's form encoding nests hashes and arrays with brackets. */
export type Param = string | Param[] | { [key: string]: Param }
export type Params = { [key: string]: Param }

interface Branch {
  children: Map<string, Node>
}
type Node = string | Branch

const keyPattern = /^([^[\]]+)((?:\[[^[\]]*\])*)$/

function pathOf(key: string): string[] {
  const match = keyPattern.exec(key)
  if (!match?.[1]) return [key]
  const segments = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((segment) => segment[1] ?? '')
  return [match[1], ...segments]
}

function place(root: Branch, path: string[], value: string, key: string): void {
  let branch = root
  for (const [index, rawSegment] of path.entries()) {
    // `a[]=x&a[]=y` appends, as `a[0]=x&a[1]=y` does.
    const segment = rawSegment === '' ? String(branch.children.size) : rawSegment
    if (index === path.length - 1) {
      branch.children.set(segment, value)
      return
    }
    const existing = branch.children.get(segment)
    if (typeof existing === 'string') {
      throw invalidParam(key, `Invalid hash: ${key} is given both as a value and as a hash.`)
    }
    const next = existing ?? { children: new Map() }
    branch.children.set(segment, next)
    branch = next
  }
}

const isIndex = (key: string) => /^(0|[1-9]\d*)$/.test(key)

function toParam(node: Node): Param {
  if (typeof node === 'string') return node
  const entries = [...node.children.entries()]
  if (entries.length > 0 && entries.every(([key]) => isIndex(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => toParam(child))
  }
  // Object.fromEntries defines own properties, so a key such as `__proto__` stays data, never a prototype.
  return Object.fromEntries(entries.map(([key, child]) => [key, toParam(child)]))
}

/**
 * Decodes `application/x-www-form-urlencoded` the way Stripe reads it: `line_items[0][price_data][currency]=jpy`
 * becomes `{ line_items: [{ price_data: { currency: 'jpy' } }] }`. Hashes whose keys are all indices are arrays.
 */
export function parseStripeForm(encoded: string | URLSearchParams): Params {
  const root: Branch = { children: new Map() }
  const pairs = typeof encoded === 'string' ? new URLSearchParams(encoded) : encoded
  for (const [key, value] of pairs) place(root, pathOf(key), value, key)
  return Object.fromEntries([...root.children.entries()].map(([key, child]) => [key, toParam(child)]))
}
