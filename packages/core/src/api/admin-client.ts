import {
  type AdminWaitingListEntry,
  adminWaitingListCodec,
  type CheckInItem,
  type CheckInPage,
  type CheckInResult,
  checkInPageCodec,
  checkInUploadCodec,
  checkInUploadResultCodec,
  featureFlagsCodec,
  type Participant,
  participantListCodec,
  registrationCodeKeySetCodec,
} from '../contract/codecs.ts'
import { type Dashboard, dashboardCodec } from '../contract/dashboard.ts'
import {
  type EventCancellationDryRunWire,
  type EventCancellationRunWire,
  type Refund,
  type RefundQuote,
  type RefundRequest,
  refundCodec,
  refundQuoteCodec,
  refundRequestCodec,
} from '../contract/refunds.ts'
import { apiRoutes } from '../contract/routes.ts'
import type { RegistrationCodeKeySetWire } from '../contract/schemas.ts'
import type { FeatureFlags } from '../domain/feature-flags.ts'
import { UnexpectedError } from '../errors/app-errors.ts'
import {
  type ApiClientOptions,
  type CallOptions,
  createTransport,
  decodeResponse,
  encodeRequest,
} from './transport.ts'

/**
 * The reception app's client for admins. It is distinct from the member client: it reads the admin auth info
 * and can only call admin routes (and public ones), so a member token is never sent to an admin route.
 */
export interface AdminApiClient {
  getFeatures(options?: CallOptions): Promise<FeatureFlags>
  /** Replaces the three flags; answers the flags now in force. */
  setFeatures(flags: FeatureFlags, options?: CallOptions): Promise<FeatureFlags>
  listParticipants(options?: CallOptions): Promise<Participant[]>
  /** Every tier's waiting list and offers (decision 115), open entries first in list order. */
  listWaitingList(options?: CallOptions): Promise<AdminWaitingListEntry[]>
  /** The committee's figures, computed by the API now (decision 130). */
  getDashboard(options?: CallOptions): Promise<Dashboard>
  /** Uploads check-ins (at most `maxCheckInUploadItems`); one result per item, in order. */
  uploadCheckIns(items: readonly CheckInItem[], options?: CallOptions): Promise<CheckInResult[]>
  /** The check-in records stored after `since` (a previous page's nextCursor), from the first without it. */
  listCheckIns(since?: string, options?: CallOptions): Promise<CheckInPage>
  /** The public keys registration codes are signed with, as a JWK Set. */
  getRegistrationCodeKeys(options?: CallOptions): Promise<RegistrationCodeKeySetWire>
  /** What canceling the registration refunds today by the published policy, and any refund made. */
  getRefundQuote(registrationId: string, options?: CallOptions): Promise<RefundQuote>
  /**
   * Cancels a paid registration and refunds it. Send the same idempotencyKey again (a retry after a network
   * error) to get the same refund: the registration is refunded once whatever happens.
   */
  refundRegistration(registrationId: string, request: RefundRequest, options?: CallOptions): Promise<Refund>
  /** Totals of an event-cancelled refund with these per-person expenses; refunds nothing. */
  dryRunEventCancellation(
    expensesPerPersonJpy: number,
    options?: CallOptions,
  ): Promise<EventCancellationDryRunWire>
  /** Starts the event-cancelled refund (or answers the run in progress). */
  startEventCancellation(
    expensesPerPersonJpy: number,
    options?: CallOptions,
  ): Promise<EventCancellationRunWire>
  /** The latest event-cancelled run with its progress, or null before any. */
  getEventCancellation(options?: CallOptions): Promise<EventCancellationRunWire | null>
}

export function createAdminApiClient(options: ApiClientOptions): AdminApiClient {
  const transport = createTransport(options, 'admin')
  return {
    async getFeatures(callOptions) {
      return decodeResponse(featureFlagsCodec, await transport.call(apiRoutes.getFeatures, {}, callOptions))
    },
    async setFeatures(flags, callOptions) {
      const body = encodeRequest(featureFlagsCodec, flags, 'PUT /admin/features')
      const wire = await transport.call(apiRoutes.putAdminFeatures, { body }, callOptions)
      return decodeResponse(featureFlagsCodec, wire)
    },
    async listParticipants(callOptions) {
      const wire = await transport.call(apiRoutes.getAdminParticipants, {}, callOptions)
      return decodeResponse(participantListCodec, wire)
    },
    async listWaitingList(callOptions) {
      const wire = await transport.call(apiRoutes.getAdminWaitingList, {}, callOptions)
      return decodeResponse(adminWaitingListCodec, wire)
    },
    async getDashboard(callOptions) {
      const wire = await transport.call(apiRoutes.getAdminDashboard, {}, callOptions)
      return decodeResponse(dashboardCodec, wire)
    },
    async uploadCheckIns(items, callOptions) {
      const body = encodeRequest(checkInUploadCodec, [...items], 'POST /admin/check-ins')
      const wire = await transport.call(apiRoutes.postAdminCheckIns, { body }, callOptions)
      const results = decodeResponse(checkInUploadResultCodec, wire)
      // The queue marks items by these answers: an answer that does not match the items would lose one.
      const answered = new Set(results.map((result) => result.id))
      if (results.length !== items.length || items.some((item) => !answered.has(item.id))) {
        throw new UnexpectedError('POST /admin/check-ins did not answer exactly one result per item')
      }
      return results
    },
    async listCheckIns(since, callOptions) {
      const wire = await transport.call(
        apiRoutes.getAdminCheckIns,
        { query: { since: since || undefined } },
        callOptions,
      )
      return decodeResponse(checkInPageCodec, wire)
    },
    async getRefundQuote(registrationId, callOptions) {
      const wire = await transport.call(
        apiRoutes.getAdminRegistrationRefund,
        { params: { registration_id: registrationId } },
        callOptions,
      )
      return decodeResponse(refundQuoteCodec, wire)
    },
    async refundRegistration(registrationId, request, callOptions) {
      const path = 'POST /admin/registrations/{registration_id}/refund'
      const body = encodeRequest(refundRequestCodec, request, path)
      const wire = await transport.call(
        apiRoutes.postAdminRegistrationRefund,
        { params: { registration_id: registrationId }, body },
        callOptions,
      )
      return decodeResponse(refundCodec, wire)
    },
    async dryRunEventCancellation(expensesPerPersonJpy, callOptions) {
      return transport.call(
        apiRoutes.postAdminEventCancellationDryRun,
        { body: { expenses_per_person_jpy: expensesPerPersonJpy } },
        callOptions,
      )
    },
    async startEventCancellation(expensesPerPersonJpy, callOptions) {
      return transport.call(
        apiRoutes.postAdminEventCancellation,
        { body: { expenses_per_person_jpy: expensesPerPersonJpy } },
        callOptions,
      )
    },
    async getEventCancellation(callOptions) {
      return transport.call(apiRoutes.getAdminEventCancellation, {}, callOptions)
    },
    async getRegistrationCodeKeys(callOptions) {
      const wire = await transport.call(apiRoutes.getRegistrationCodeKeys, {}, callOptions)
      return decodeResponse(registrationCodeKeySetCodec, wire)
    },
  }
}
