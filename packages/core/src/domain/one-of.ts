/**
 * Whether a value is one of a list of literals, narrowing it to them. A literal list's own `includes` takes only
 * its members, so checking an unknown value against it needs this one widening.
 */
export function isOneOf<const T>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value)
}
