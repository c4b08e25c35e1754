import { apiRoutes, featureFlagsCodec } from '@furfes/core'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import type { Logger } from '../logger.ts'
import { auditActor } from '../services/audit.ts'
import type { FeatureFlagService } from '../services/feature-flags.ts'

/** The product-wide feature flags: anyone reads them, staff switch them. */
export function mountFlagRoutes(
  { mount }: RouteMounter,
  deps: { featureFlags: FeatureFlagService; logger: Logger },
): void {
  const { featureFlags, logger } = deps

  mount(apiRoutes.getFeatures, async () => ({
    status: 200,
    body: encode(featureFlagsCodec, await featureFlags.get()),
  }))

  mount(apiRoutes.putAdminFeatures, async ({ body, caller }) => {
    const flags = await featureFlags.set(decode(featureFlagsCodec, body), auditActor(caller))
    logger.info('Feature flags changed', { adminId: caller.sub, flags })
    return { status: 200, body: encode(featureFlagsCodec, flags) }
  })
}
