/*
 * The wire speaks snake_case and the clients camelCase; where a shape differs only by its names, a codec
 * renames the keys with these two instead of listing every field twice (once per direction). Fields that
 * change their value too (an instant as text on the wire, epoch ms in the client) are written after the
 * renamed ones, which they replace.
 */

/** `revenue_net_jpy` → `revenueNetJpy`. */
type ClientName<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<ClientName<Tail>>}`
  : S

/** `revenueNetJpy` → `revenue_net_jpy`. */
type WireName<S extends string> = S extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `_${Lowercase<First>}`}${WireName<Rest>}`
  : S

/** The shape with each key in its client name, optional keys staying optional. */
export type ClientNames<T> = { [K in keyof T as ClientName<K & string>]: T[K] }

/** The shape with each key in its wire name, optional keys staying optional. */
export type WireNames<T> = { [K in keyof T as WireName<K & string>]: T[K] }

/** How many names each direction remembers; the shapes' fields are far fewer, so it never fills in use. */
const maxRememberedNames = 1024

/**
 * A renaming that remembers its answers: every request and answer renames the same few field names, and the
 * API renames on its hottest path (docs/benchmarks.md).
 */
function rememberedRenaming(rename: (key: string) => string): (key: string) => string {
  const names = new Map<string, string>()
  return (key) => {
    let name = names.get(key)
    if (name === undefined) {
      if (names.size >= maxRememberedNames) names.clear()
      name = rename(key)
      names.set(key, name)
    }
    return name
  }
}

const clientName = rememberedRenaming((key) =>
  key.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase()),
)
const wireName = rememberedRenaming((key) => key.replace(/[A-Z]/g, (capital) => `_${capital.toLowerCase()}`))

function renamed(value: object, rename: (key: string) => string): Record<string, unknown> {
  // An absent optional field stays absent rather than becoming a key holding undefined.
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .map(([key, field]) => [rename(key), field]),
  )
}

/** The same fields under their client names. */
export function toClientNames<T extends object>(wire: T): ClientNames<T> {
  return renamed(wire, clientName) as ClientNames<T>
}

/** The same fields under their wire names. */
export function toWireNames<T extends object>(value: T): WireNames<T> {
  return renamed(value, wireName) as WireNames<T>
}
