import { featureFlagsCodec, type Participant, participantListCodec } from '../contract/codecs.ts'
import { apiRoutes } from '../contract/routes.ts'
import type { FeatureFlags } from '../domain/feature-flags.ts'
import { type ApiClientOptions, type CallOptions, createTransport, decodeResponse } from './transport.ts'

/**
 * The reception app's client for admins. It is distinct from the member client: it reads the admin auth info
 * and can only call admin routes (and public ones), so a member token is never sent to an admin route.
 */
export interface AdminApiClient {
  getFeatures(options?: CallOptions): Promise<FeatureFlags>
  listParticipants(options?: CallOptions): Promise<Participant[]>
}

export function createAdminApiClient(options: ApiClientOptions): AdminApiClient {
  const transport = createTransport(options, 'admin')
  return {
    async getFeatures(callOptions) {
      return decodeResponse(featureFlagsCodec, await transport.call(apiRoutes.getFeatures, {}, callOptions))
    },
    async listParticipants(callOptions) {
      const wire = await transport.call(apiRoutes.getAdminParticipants, {}, callOptions)
      return decodeResponse(participantListCodec, wire)
    },
  }
}
