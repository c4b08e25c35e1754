import {
  featureFlagsCodec,
  type InventoryItem,
  inventoryCodec,
  profileCodec,
  profileListCodec,
  profileRequestCodec,
  type Registration,
  type RegistrationCheckout,
  registrationAdditionalInfoCodec,
  registrationAdditionalInfoRequestCodec,
  registrationCheckoutCodec,
  registrationCodeCodec,
  registrationCodec,
  registrationRequestCodec,
  type Venue,
  venueCodec,
  type WaitingListAccept,
  type WaitingListEntry,
  waitingListAcceptCodec,
  waitingListEntryCodec,
  waitingListJoinCodec,
} from '../contract/codecs.ts'
import { apiRoutes } from '../contract/routes.ts'
import type { FeatureFlags } from '../domain/feature-flags.ts'
import type {
  Profile,
  RegistrationAdditionalInfo,
  RegistrationRequest,
  WaitingListJoinRequest,
} from '../validation/forms.ts'
import {
  type ApiClientOptions,
  type CallOptions,
  createTransport,
  decodeResponse,
  encodeRequest,
} from './transport.ts'

/** The participant site's client of the product API (decision 013), in the client's camelCase shapes. */
export interface MemberApiClient {
  getFeatures(options?: CallOptions): Promise<FeatureFlags>
  getPublicProfiles(options?: CallOptions): Promise<Profile[]>
  /** null when the user has no profile (404). */
  getProfile(options?: CallOptions): Promise<Profile | null>
  putProfile(profile: Profile, options?: CallOptions): Promise<Profile>
  /** null when the user has given no additional info (404). */
  getRegistrationAdditionalInfo(options?: CallOptions): Promise<RegistrationAdditionalInfo | null>
  putRegistrationAdditionalInfo(
    info: RegistrationAdditionalInfo,
    options?: CallOptions,
  ): Promise<RegistrationAdditionalInfo>
  getInventory(options?: CallOptions): Promise<InventoryItem[]>
  /** null when the user has not registered (404). */
  getRegistration(options?: CallOptions): Promise<Registration | null>
  postRegistration(request: RegistrationRequest, options?: CallOptions): Promise<RegistrationCheckout>
  deleteRegistration(options?: CallOptions): Promise<Registration>
  /** The registration code (a token). */
  getRegistrationJwt(options?: CallOptions): Promise<string>
  /** The member's waiting-list entry (decision 115); null when they never joined one (404). */
  getWaitingList(options?: CallOptions): Promise<WaitingListEntry | null>
  joinWaitingList(request: WaitingListJoinRequest, options?: CallOptions): Promise<WaitingListEntry>
  /** Leaves the list, or declines the open offer. */
  leaveWaitingList(options?: CallOptions): Promise<WaitingListEntry>
  /** Accepts the open offer: the Checkout page of the held spot. */
  acceptWaitingListOffer(accept: WaitingListAccept, options?: CallOptions): Promise<RegistrationCheckout>
  /** null without a paid registration, or before the venue is announced (404). */
  getVenue(options?: CallOptions): Promise<Venue | null>
}

export function createMemberApiClient(options: ApiClientOptions): MemberApiClient {
  const transport = createTransport(options, 'member')
  return {
    async getFeatures(callOptions) {
      return decodeResponse(featureFlagsCodec, await transport.call(apiRoutes.getFeatures, {}, callOptions))
    },
    async getPublicProfiles(callOptions) {
      return decodeResponse(
        profileListCodec,
        await transport.call(apiRoutes.getPublicProfiles, {}, callOptions),
      )
    },
    async getProfile(callOptions) {
      const wire = await transport.call(apiRoutes.getProfile, {}, callOptions)
      return wire === null ? null : decodeResponse(profileCodec, wire)
    },
    async putProfile(profile, callOptions) {
      const body = encodeRequest(profileRequestCodec, profile, 'PUT /profile')
      return decodeResponse(profileCodec, await transport.call(apiRoutes.putProfile, { body }, callOptions))
    },
    async getRegistrationAdditionalInfo(callOptions) {
      const wire = await transport.call(apiRoutes.getRegistrationAdditionalInfo, {}, callOptions)
      return wire === null ? null : decodeResponse(registrationAdditionalInfoCodec, wire)
    },
    async putRegistrationAdditionalInfo(info, callOptions) {
      const body = encodeRequest(registrationAdditionalInfoRequestCodec, info, 'PUT /registration/additional')
      const wire = await transport.call(apiRoutes.putRegistrationAdditionalInfo, { body }, callOptions)
      return decodeResponse(registrationAdditionalInfoCodec, wire)
    },
    async getInventory(callOptions) {
      return decodeResponse(inventoryCodec, await transport.call(apiRoutes.getInventory, {}, callOptions))
    },
    async getRegistration(callOptions) {
      const wire = await transport.call(apiRoutes.getRegistration, {}, callOptions)
      return wire === null ? null : decodeResponse(registrationCodec, wire)
    },
    async postRegistration(request, callOptions) {
      const body = encodeRequest(registrationRequestCodec, request, 'POST /registration')
      const wire = await transport.call(apiRoutes.postRegistration, { body }, callOptions)
      return decodeResponse(registrationCheckoutCodec, wire)
    },
    async deleteRegistration(callOptions) {
      return decodeResponse(
        registrationCodec,
        await transport.call(apiRoutes.deleteRegistration, {}, callOptions),
      )
    },
    async getRegistrationJwt(callOptions) {
      return decodeResponse(
        registrationCodeCodec,
        await transport.call(apiRoutes.getRegistrationJwt, {}, callOptions),
      )
    },
    async getWaitingList(callOptions) {
      const wire = await transport.call(apiRoutes.getWaitingList, {}, callOptions)
      return wire === null ? null : decodeResponse(waitingListEntryCodec, wire)
    },
    async joinWaitingList(request, callOptions) {
      const body = encodeRequest(waitingListJoinCodec, request, 'POST /waiting-list')
      const wire = await transport.call(apiRoutes.postWaitingList, { body }, callOptions)
      return decodeResponse(waitingListEntryCodec, wire)
    },
    async leaveWaitingList(callOptions) {
      return decodeResponse(
        waitingListEntryCodec,
        await transport.call(apiRoutes.deleteWaitingList, {}, callOptions),
      )
    },
    async acceptWaitingListOffer(accept, callOptions) {
      const body = encodeRequest(waitingListAcceptCodec, accept, 'POST /waiting-list/accept')
      const wire = await transport.call(apiRoutes.postWaitingListAccept, { body }, callOptions)
      return decodeResponse(registrationCheckoutCodec, wire)
    },
    async getVenue(callOptions) {
      const wire = await transport.call(apiRoutes.getVenue, {}, callOptions)
      return wire === null ? null : decodeResponse(venueCodec, wire)
    },
  }
}
