import { z } from 'zod'
import type { FeatureFlags } from '../domain/feature-flags.ts'
import { featureFlagsFromWire } from './flags-wire.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component } from './schemas.ts'
import { toWireNames } from './wire-names.ts'

/* The product-wide feature flags (decision 033): anyone reads them, staff switch them. */

export const featureFlagsWireSchema = component(
  z.object({
    is_new_club_activity_establishment_available: z.boolean(),
    is_registration_available: z.boolean(),
    is_under_maintenance: z.boolean(),
    is_event_cancelled: z
      .boolean()
      .optional()
      .describe(
        'Read-only: true once the event-cancelled refund run has started (registration then stays off); ignored in PUT',
      ),
  }),
  { id: 'FeatureFlags', description: 'Product-wide feature flags' },
)
export type FeatureFlagsWire = z.infer<typeof featureFlagsWireSchema>

export const featureFlagsSchema = z.object({
  isNewClubActivityEstablishmentAvailable: z.boolean(),
  isRegistrationAvailable: z.boolean(),
  isUnderMaintenance: z.boolean(),
  isEventCancelled: z.boolean().optional(),
}) satisfies z.ZodType<FeatureFlags>

export function featureFlagsToWire(flags: FeatureFlags): FeatureFlagsWire {
  return toWireNames(flags)
}

export const featureFlagsCodec = z.codec(featureFlagsWireSchema, featureFlagsSchema, {
  decode: featureFlagsFromWire,
  encode: featureFlagsToWire,
})

const openFeatures = routeGroup('none', 'features')
const admin = routeGroup('admin', 'admin')

/** The feature flags' routes. */
export const flagRoutes = {
  getFeatures: openFeatures.get('/features', {
    summary: 'Read the product-wide feature flags',
    responses: { 200: { description: 'The three flags', schema: featureFlagsWireSchema } },
  }),
  putAdminFeatures: admin.put('/admin/features', {
    staff: 'switchFlags',
    summary: 'Set the product-wide feature flags',
    description:
      'Replaces the three flags (is_event_cancelled is read-only and ignored). Every API instance sees the ' +
      'change within FEATURE_FLAGS_CACHE_MS. Once an event-cancelled run exists, registration stays off: ' +
      'switching it on answers 409 eventCancelled.',
    request: { body: featureFlagsWireSchema },
    responses: { 200: { description: 'The flags now in force', schema: featureFlagsWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>
