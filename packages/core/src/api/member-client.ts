import { type Addon, type AddonCheckout, addonCheckoutCodec, addonListCodec } from '../contract/addons.ts'
import { featureFlagsCodec } from '../contract/flags.ts'
import {
  type Guardian,
  type GuardianRequest,
  guardianCodec,
  guardianDecisionCodec,
  guardianRequestCodec,
  type Ward,
  wardCodec,
  wardListCodec,
} from '../contract/guardians.ts'
import { profileCodec, profileListCodec, profileRequestCodec } from '../contract/profile.ts'
import {
  type ParticipantCancelRequest,
  participantCancelRequestCodec,
  type Refund,
  type RefundQuote,
  refundCodec,
  refundQuoteCodec,
} from '../contract/refunds.ts'
import {
  type InventoryItem,
  inventoryCodec,
  type Registration,
  type RegistrationCheckout,
  type RegistrationDetails,
  type RegistrationHistoryItem,
  registrationAdditionalInfoCodec,
  registrationAdditionalInfoRequestCodec,
  registrationCheckoutCodec,
  registrationCodeCodec,
  registrationCodec,
  registrationDetailsRequestCodec,
  registrationHistoryCodec,
  registrationRequestCodec,
  type Venue,
  venueCodec,
} from '../contract/registration.ts'
import { registrationTimelineCodec, type TimelineEntry } from '../contract/registration-timeline.ts'
import { apiRoutes } from '../contract/routes.ts'
import {
  type TierChange,
  type TierChangeQuote,
  type TierChangeRequest,
  tierChangeCodec,
  tierChangeQuoteCodec,
  tierChangeRequestCodec,
} from '../contract/tier-change.ts'
import {
  type WaitingListAccept,
  type WaitingListEntry,
  waitingListAcceptCodec,
  waitingListEntryCodec,
  waitingListJoinCodec,
} from '../contract/waiting-list.ts'
import type { FeatureFlags } from '../domain/feature-flags.ts'
import type {
  Profile,
  RegistrationAdditionalInfo,
  RegistrationRequest,
  WaitingListJoinRequest,
} from '../validation/forms.ts'
import { type ApiClientOptions, type CallOptions, createTransport } from './transport.ts'

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
  /** The registrations in past editions, latest first; empty when none. */
  getRegistrationHistory(options?: CallOptions): Promise<RegistrationHistoryItem[]>
  /** What happened to the registration in the current edition, oldest first; null without one (decision 171). */
  getRegistrationTimeline(options?: CallOptions): Promise<TimelineEntry[] | null>
  postRegistration(request: RegistrationRequest, options?: CallOptions): Promise<RegistrationCheckout>
  deleteRegistration(options?: CallOptions): Promise<Registration>
  /** Changes the paid registration's badge name, size or room (decision 166); answers it as it now is. */
  putRegistrationDetails(details: RegistrationDetails, options?: CallOptions): Promise<Registration>
  /** What cancelling the registration refunds today (decision 165); null without a registration (404). */
  getRegistrationCancellation(options?: CallOptions): Promise<RefundQuote | null>
  /** Cancels the paid registration with the refund confirmed (decision 165). */
  cancelRegistration(request: ParticipantCancelRequest, options?: CallOptions): Promise<Refund>
  /** The tiers the paid registration may move to, with their amounts today (decision 167); null without one (404). */
  getRegistrationTierChange(options?: CallOptions): Promise<TierChangeQuote | null>
  /** Moves the paid registration to another tier as confirmed (decision 167). */
  changeRegistrationTier(request: TierChangeRequest, options?: CallOptions): Promise<TierChange>
  /** The registration code (a token). */
  getRegistrationCode(options?: CallOptions): Promise<string>
  /** The member's waiting-list entry (decision 115); null when they never joined one (404). */
  getWaitingList(options?: CallOptions): Promise<WaitingListEntry | null>
  joinWaitingList(request: WaitingListJoinRequest, options?: CallOptions): Promise<WaitingListEntry>
  /** Leaves the list, or declines the open offer. */
  leaveWaitingList(options?: CallOptions): Promise<WaitingListEntry>
  /** Accepts the open offer: the Checkout page of the held spot. */
  acceptWaitingListOffer(accept: WaitingListAccept, options?: CallOptions): Promise<RegistrationCheckout>
  /** null without a paid registration, or before the venue is announced (404). */
  getVenue(options?: CallOptions): Promise<Venue | null>
  /** The current edition's add-ons with the member's purchase of each (decision 178). */
  getAddons(options?: CallOptions): Promise<Addon[]>
  /** Buys one add-on: the Checkout page to pay on. */
  buyAddon(code: string, checkout: AddonCheckout, options?: CallOptions): Promise<RegistrationCheckout>
  /** The guardian the member named as a minor (decision 184); null when none (404). */
  getGuardian(options?: CallOptions): Promise<Guardian | null>
  nameGuardian(request: GuardianRequest, options?: CallOptions): Promise<Guardian>
  /** The minors who named the member as their guardian. */
  getGuardianRequests(options?: CallOptions): Promise<Ward[]>
  answerGuardianRequest(minorUserId: string, confirm: boolean, options?: CallOptions): Promise<Ward>
}

export function createMemberApiClient(options: ApiClientOptions): MemberApiClient {
  const { reader, sender } = createTransport(options, 'member')
  const buyAddon = sender(apiRoutes.postRegistrationAddon, addonCheckoutCodec, registrationCheckoutCodec)
  const answerGuardian = sender(apiRoutes.postRegistrationGuardianRequest, guardianDecisionCodec, wardCodec)
  return {
    getFeatures: reader(apiRoutes.getFeatures, featureFlagsCodec),
    getPublicProfiles: reader(apiRoutes.getPublicProfiles, profileListCodec),
    getProfile: reader(apiRoutes.getProfile, profileCodec),
    putProfile: sender(apiRoutes.putProfile, profileRequestCodec, profileCodec),
    getRegistrationAdditionalInfo: reader(
      apiRoutes.getRegistrationAdditionalInfo,
      registrationAdditionalInfoCodec,
    ),
    putRegistrationAdditionalInfo: sender(
      apiRoutes.putRegistrationAdditionalInfo,
      registrationAdditionalInfoRequestCodec,
      registrationAdditionalInfoCodec,
    ),
    getInventory: reader(apiRoutes.getInventory, inventoryCodec),
    getRegistration: reader(apiRoutes.getRegistration, registrationCodec),
    getRegistrationHistory: reader(apiRoutes.getRegistrationHistory, registrationHistoryCodec),
    getRegistrationTimeline: reader(apiRoutes.getRegistrationTimeline, registrationTimelineCodec),
    postRegistration: sender(apiRoutes.postRegistration, registrationRequestCodec, registrationCheckoutCodec),
    deleteRegistration: reader(apiRoutes.deleteRegistration, registrationCodec),
    putRegistrationDetails: sender(
      apiRoutes.putRegistrationDetails,
      registrationDetailsRequestCodec,
      registrationCodec,
    ),
    getRegistrationCancellation: reader(apiRoutes.getRegistrationCancellation, refundQuoteCodec),
    cancelRegistration: sender(
      apiRoutes.postRegistrationCancellation,
      participantCancelRequestCodec,
      refundCodec,
    ),
    getRegistrationTierChange: reader(apiRoutes.getRegistrationTierChange, tierChangeQuoteCodec),
    changeRegistrationTier: sender(
      apiRoutes.postRegistrationTierChange,
      tierChangeRequestCodec,
      tierChangeCodec,
    ),
    getRegistrationCode: reader(apiRoutes.getRegistrationCode, registrationCodeCodec),
    getWaitingList: reader(apiRoutes.getWaitingList, waitingListEntryCodec),
    joinWaitingList: sender(apiRoutes.postWaitingList, waitingListJoinCodec, waitingListEntryCodec),
    leaveWaitingList: reader(apiRoutes.deleteWaitingList, waitingListEntryCodec),
    acceptWaitingListOffer: sender(
      apiRoutes.postWaitingListAccept,
      waitingListAcceptCodec,
      registrationCheckoutCodec,
    ),
    getVenue: reader(apiRoutes.getVenue, venueCodec),
    getAddons: reader(apiRoutes.getRegistrationAddons, addonListCodec),
    buyAddon: (code, checkout, callOptions) => buyAddon(checkout, callOptions, { params: { code } }),
    getGuardian: reader(apiRoutes.getRegistrationGuardian, guardianCodec),
    nameGuardian: sender(apiRoutes.putRegistrationGuardian, guardianRequestCodec, guardianCodec),
    getGuardianRequests: reader(apiRoutes.getRegistrationGuardianRequests, wardListCodec),
    answerGuardianRequest: (minorUserId, confirm, callOptions) =>
      answerGuardian({ confirm }, callOptions, { params: { minor_user_id: minorUserId } }),
  }
}
