import { type FeatureFlags, featureFlagsFromJson, type WireShape } from '@furfes/core'
import type { ErrorReporter } from '@furfes/ui'
import { readPublic } from './public-read.ts'

/*
 * GET /features by a plain fetch (decision 160): the public pages that follow a flag (about registration, the club
 * form, the cancelled-event notice) do not load zod and the member client for three booleans
 * (docs/decisions/202-feature-flags-by-plain-fetch.md).
 */

/** The answer's shape; a test keeps it equal to `wireShapeOf(featureFlagsWireSchema)`. */
export const featureFlagsShape: WireShape = {
  is_new_club_activity_establishment_available: 'boolean',
  is_registration_available: 'boolean',
  is_under_maintenance: 'boolean',
  is_event_cancelled: 'boolean?',
}

/**
 * The flags, or the error the member client would have raised for the same failure (loaded only then); an
 * unexpected answer (a broken contract, an unknown message) is reported, a network failure is not.
 */
export async function readFeatureFlags(
  fetchPublic: (path: string) => Promise<Response>,
  report: ErrorReporter['report'],
): Promise<FeatureFlags> {
  const read = await readPublic(fetchPublic, 'features', (json) =>
    featureFlagsFromJson(featureFlagsShape, json),
  )
  if (read.ok) return read.value
  const { errorOfPublicRead } = await import('./public-read-error.ts')
  const error = errorOfPublicRead(read.failure, 'GET /features')
  if (error.unexpected) report(error, { where: 'GET /features' })
  throw error
}
