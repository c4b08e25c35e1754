import type { FeatureFlags } from '../domain/feature-flags.ts'
import type { FeatureFlagsWire } from './flags.ts'
import { toClientNames } from './wire-names.ts'
import { matchesWireShape, type WireShape } from './wire-shape.ts'

/* The feature flags' wire form and its renaming, without zod, so the public pages that follow a flag read GET
 * /features by a plain fetch (docs/decisions/202-feature-flags-by-plain-fetch.md); the codec in flags.ts renames
 * with the same function. */

export function featureFlagsFromWire(wire: FeatureFlagsWire): FeatureFlags {
  return toClientNames(wire)
}

/**
 * GET /features' answer as a page gets it: its types checked against `shape` (`wireShapeOf` of
 * `featureFlagsWireSchema`), then renamed. Undefined when the answer is not of that shape.
 */
export function featureFlagsFromJson(shape: WireShape, json: unknown): FeatureFlags | undefined {
  if (!matchesWireShape(shape, json)) return undefined
  return featureFlagsFromWire(json as FeatureFlagsWire)
}
