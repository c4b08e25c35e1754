import { type AddonPurchase, addonPurchaseCodec } from '../contract/addons.ts'
import {
  type AdminAnnouncement,
  type AnnouncementCorrection,
  type AnnouncementPublication,
  adminAnnouncementCodec,
  adminAnnouncementListCodec,
  announcementCorrectionCodec,
  announcementMailCodec,
  announcementPublicationCodec,
} from '../contract/announcements.ts'
import {
  type BadgePrintItem,
  type BadgePrintResult,
  badgePrintUploadCodec,
  badgePrintUploadResultCodec,
} from '../contract/badge-prints.ts'
import {
  type CheckInItem,
  type CheckInPage,
  type CheckInResult,
  checkInPageCodec,
  checkInUploadCodec,
  checkInUploadResultCodec,
} from '../contract/check-ins.ts'
import { type Dashboard, dashboardCodec } from '../contract/dashboard.ts'
import {
  type EditionChange,
  type EditionQueryWire,
  editionChangeListCodec,
  editionPublishCodec,
  editionSaveCodec,
  type PublicEdition,
  publicEditionCodec,
  type StoredEditionView,
  storedEditionCodec,
  storedEditionListCodec,
} from '../contract/editions.ts'
import { featureFlagsCodec } from '../contract/flags.ts'
import {
  type GoodsTickItem,
  type GoodsTickResult,
  goodsTickUploadCodec,
  goodsTickUploadResultCodec,
} from '../contract/goods.ts'
import {
  type Attention,
  attentionCodec,
  attentionRequestCodec,
  type ComplimentaryRegistrationRequest,
  complimentaryRegistrationRequestCodec,
  type Participant,
  participantListCodec,
  paymentRegistrationCodec,
} from '../contract/participants.ts'
import { type RefundListItem, refundListCodec } from '../contract/refund-list.ts'
import {
  type EventCancellationDryRun,
  type EventCancellationRun,
  eventCancellationDryRunCodec,
  eventCancellationRequestCodec,
  eventCancellationRunCodec,
  type Refund,
  type RefundQuote,
  type RefundRequest,
  refundCodec,
  refundQuoteCodec,
  refundRequestCodec,
} from '../contract/refunds.ts'
import { type AdminRegistration, adminRegistrationCodec } from '../contract/registration.ts'
import {
  type RegistrationCodeKeySetWire,
  registrationCodeKeySetCodec,
} from '../contract/registration-code.ts'
import { apiRoutes } from '../contract/routes.ts'
import {
  type AuditPage,
  type AuditQueryWire,
  auditExportCodec,
  auditPageCodec,
  type StaffInvitation,
  type StaffMember,
  staffInvitationCodec,
  staffListCodec,
  staffMemberCodec,
  staffRoleChangeCodec,
} from '../contract/staff.ts'
import {
  type AdminTimetable,
  adminTimetableCodec,
  timetablePublishCodec,
  timetableSaveCodec,
} from '../contract/timetable.ts'
import { type AdminWaitingListEntry, adminWaitingListCodec } from '../contract/waiting-list.ts'
import type { Edition } from '../domain/edition.ts'
import type { FeatureFlags } from '../domain/feature-flags.ts'
import type { RegistrationTier } from '../domain/registration-tier.ts'
import type { StaffRole } from '../domain/staff-roles.ts'
import type { TimetableSession } from '../domain/timetable.ts'
import { UnexpectedError } from '../errors/app-errors.ts'
import { type ApiClientOptions, type CallOptions, createTransport, encodeRequest } from './transport.ts'

/**
 * The reception app's client for admins. It is distinct from the member client: it reads the admin auth info
 * and can only call admin routes (and public ones), so a member token is never sent to an admin route.
 */
export interface AdminApiClient {
  getFeatures(options?: CallOptions): Promise<FeatureFlags>
  /** Replaces the three flags; answers the flags now in force. */
  setFeatures(flags: FeatureFlags, options?: CallOptions): Promise<FeatureFlags>
  /** Every participant with their registration in the current edition, or the one `query` names (decision 158). */
  listParticipants(options?: CallOptions, query?: EditionQueryWire): Promise<Participant[]>
  /** Sets staff's note for the door and the attention flag on a registration; answers them as stored. */
  setAttention(registrationId: string, attention: Attention, options?: CallOptions): Promise<Attention>
  /** Registers a member without payment (decision 185); answers the registration. */
  registerComplimentary(
    request: ComplimentaryRegistrationRequest,
    options?: CallOptions,
  ): Promise<AdminRegistration>
  /** Sends a paid registration's receipt mail again (decision 191). */
  resendReceipt(registrationId: string, options?: CallOptions): Promise<void>
  /**
   * The registration a Stripe Checkout session (`cs_…`) or payment intent (`pi_…`) paid, in the current edition or
   * the one named; ProductError paymentNotFound when none (decision 191).
   */
  findRegistrationByPayment(paymentId: string, options?: CallOptions, edition?: string): Promise<string>
  /** Every tier's waiting list and offers (decision 115), open entries first in list order. */
  listWaitingList(options?: CallOptions, query?: EditionQueryWire): Promise<AdminWaitingListEntry[]>
  /** The committee's figures, computed by the API now (decision 130), of the current edition or the one named. */
  getDashboard(options?: CallOptions, query?: EditionQueryWire): Promise<Dashboard>
  /** Uploads check-ins (at most `maxCheckInUploadItems`); one result per item, in order. */
  uploadCheckIns(items: readonly CheckInItem[], options?: CallOptions): Promise<CheckInResult[]>
  /**
   * The check-in records stored after `since` (a previous page's nextCursor), from the first without it, of the
   * current edition or the one named.
   */
  listCheckIns(since?: string, options?: CallOptions, edition?: string): Promise<CheckInPage>
  /** Uploads printed badge marks (at most `maxCheckInUploadItems`); one result per item, in order. */
  uploadBadgePrints(items: readonly BadgePrintItem[], options?: CallOptions): Promise<BadgePrintResult[]>
  /** Uploads goods ticks (at most `maxCheckInUploadItems`); one result per item, in order. */
  uploadGoodsTicks(items: readonly GoodsTickItem[], options?: CallOptions): Promise<GoodsTickResult[]>
  /** The public keys registration codes are signed with, as a JWK Set. */
  getRegistrationCodeKeys(options?: CallOptions): Promise<RegistrationCodeKeySetWire>
  /** The current edition as the public site reads it (GET /edition): a door refuses codes of another (decision 159). */
  getEdition(options?: CallOptions): Promise<PublicEdition>
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
  ): Promise<EventCancellationDryRun>
  /** Starts the event-cancelled refund (or answers the run in progress). */
  startEventCancellation(expensesPerPersonJpy: number, options?: CallOptions): Promise<EventCancellationRun>
  /** The latest event-cancelled run with its progress, or null before any. */
  getEventCancellation(options?: CallOptions): Promise<EventCancellationRun | null>
  /** Every edition, the latest event first, with its status, version and whether it is current (decision 155). */
  listEditions(options?: CallOptions): Promise<StoredEditionView[]>
  /** Saves an edition on the version it was read at: ProductError editionChanged when someone saved since. */
  saveEdition(edition: Edition, version: number, options?: CallOptions): Promise<StoredEditionView>
  /** A draft of the next edition, copied from the current one a year later: editionExists when there is one. */
  prepareNextEdition(options?: CallOptions): Promise<StoredEditionView>
  /** Makes an edition current, at the version that was reviewed. */
  publishEdition(editionId: string, version: number, options?: CallOptions): Promise<StoredEditionView>
  /** An edition's recorded changes, oldest first. */
  listEditionChanges(editionId: string, options?: CallOptions): Promise<EditionChange[]>
  /** An edition's timetable draft and its published versions (decision 172). */
  getTimetable(editionId: string, options?: CallOptions): Promise<AdminTimetable>
  /** Saves the whole draft over `revision`: ProductError timetableChanged when someone saved since. */
  saveTimetable(
    editionId: string,
    sessions: readonly TimetableSession[],
    revision: number,
    options?: CallOptions,
  ): Promise<AdminTimetable>
  /** Publishes the draft as previewed at `revision` as the next version. */
  publishTimetable(editionId: string, revision: number, options?: CallOptions): Promise<AdminTimetable>
  /** The current edition's announcements, withdrawn ones included, with their mail progress (decision 173). */
  listAnnouncements(options?: CallOptions): Promise<AdminAnnouncement[]>
  /**
   * Publishes an announcement (and queues its mail when asked). Send the same id again (a retry after a network
   * error) to get the same announcement: it is published once.
   */
  publishAnnouncement(publication: AnnouncementPublication, options?: CallOptions): Promise<AdminAnnouncement>
  /** Corrects an announcement over `revision`: ProductError announcementChanged when someone saved since. */
  correctAnnouncement(
    id: string,
    correction: AnnouncementCorrection,
    options?: CallOptions,
  ): Promise<AdminAnnouncement>
  withdrawAnnouncement(id: string, options?: CallOptions): Promise<AdminAnnouncement>
  /** Mails the announcement to the paid participants of `tiers` (every tier when empty) not mailed it yet. */
  mailAnnouncement(
    id: string,
    tiers: readonly RegistrationTier[],
    options?: CallOptions,
  ): Promise<AdminAnnouncement>
  /** The staff accounts with their roles (decision 157). */
  listStaff(options?: CallOptions): Promise<StaffMember[]>
  /** Invites a staff member: Cognito mails them a temporary password. */
  inviteStaff(invitation: StaffInvitation, options?: CallOptions): Promise<StaffMember>
  /** Refunds a registration's add-on alone (decision 178): the purchase as it then is. */
  refundAddon(registrationId: string, code: string, options?: CallOptions): Promise<AddonPurchase>
  /** Gives the staff member exactly this role. */
  setStaffRole(user: string, role: StaffRole, options?: CallOptions): Promise<StaffMember>
  setStaffEnabled(user: string, enabled: boolean, options?: CallOptions): Promise<StaffMember>
  /** A page of the audit trail, newest first; `cursor` is the previous page's nextCursor. */
  listAudit(query: AuditQueryWire, options?: CallOptions): Promise<AuditPage>
  /** Tells the audit trail that this device downloaded a CSV list of `rows` rows. */
  reportExport(list: 'participants' | 'audit' | 'refunds', rows: number, options?: CallOptions): Promise<void>
  /** The refunds of the current edition or the one named, for the accounts' CSV (decision 191). */
  listRefunds(options?: CallOptions, edition?: string): Promise<RefundListItem[]>
}

export function createAdminApiClient(options: ApiClientOptions): AdminApiClient {
  const { call, reader, sender } = createTransport(options, 'admin')
  const setStaffRole = sender(apiRoutes.putAdminStaffRole, staffRoleChangeCodec, staffMemberCodec)
  const disableStaff = reader(apiRoutes.postAdminStaffDisable, staffMemberCodec)
  const enableStaff = reader(apiRoutes.postAdminStaffEnable, staffMemberCodec)
  const listAudit = reader(apiRoutes.getAdminAudit, auditPageCodec)
  const upload = sender(apiRoutes.postAdminCheckIns, checkInUploadCodec, checkInUploadResultCodec)
  const listCheckIns = reader(apiRoutes.getAdminCheckIns, checkInPageCodec)
  const uploadPrints = sender(
    apiRoutes.postAdminBadgePrints,
    badgePrintUploadCodec,
    badgePrintUploadResultCodec,
  )
  const uploadTicks = sender(apiRoutes.postAdminGoodsTicks, goodsTickUploadCodec, goodsTickUploadResultCodec)
  const listParticipants = reader(apiRoutes.getAdminParticipants, participantListCodec)
  const setAttention = sender(apiRoutes.putAdminRegistrationAttention, attentionRequestCodec, attentionCodec)
  const registerComplimentary = sender(
    apiRoutes.postAdminComplimentaryRegistration,
    complimentaryRegistrationRequestCodec,
    adminRegistrationCodec,
  )
  const listRefunds = reader(apiRoutes.getAdminRefunds, refundListCodec)
  const findByPayment = reader(apiRoutes.getAdminPaymentRegistration, paymentRegistrationCodec)
  const listWaitingList = reader(apiRoutes.getAdminWaitingList, adminWaitingListCodec)
  const getDashboard = reader(apiRoutes.getAdminDashboard, dashboardCodec)
  const getRefundQuote = reader(apiRoutes.getAdminRegistrationRefund, refundQuoteCodec)
  const refund = sender(apiRoutes.postAdminRegistrationRefund, refundRequestCodec, refundCodec)
  const refundAddon = reader(apiRoutes.postAdminRegistrationAddonRefund, addonPurchaseCodec)
  const dryRunCancellation = sender(
    apiRoutes.postAdminEventCancellationDryRun,
    eventCancellationRequestCodec,
    eventCancellationDryRunCodec,
  )
  const startCancellation = sender(
    apiRoutes.postAdminEventCancellation,
    eventCancellationRequestCodec,
    eventCancellationRunCodec,
  )
  const saveEdition = sender(apiRoutes.putAdminEdition, editionSaveCodec, storedEditionCodec)
  const publishEdition = sender(apiRoutes.postAdminEditionPublish, editionPublishCodec, storedEditionCodec)
  const listEditionChanges = reader(apiRoutes.getAdminEditionChanges, editionChangeListCodec)
  const getTimetable = reader(apiRoutes.getAdminTimetable, adminTimetableCodec)
  const saveTimetable = sender(apiRoutes.putAdminTimetable, timetableSaveCodec, adminTimetableCodec)
  const publishTimetable = sender(
    apiRoutes.postAdminTimetablePublish,
    timetablePublishCodec,
    adminTimetableCodec,
  )
  const publishAnnouncement = sender(
    apiRoutes.postAdminAnnouncement,
    announcementPublicationCodec,
    adminAnnouncementCodec,
  )
  const correctAnnouncement = sender(
    apiRoutes.putAdminAnnouncement,
    announcementCorrectionCodec,
    adminAnnouncementCodec,
  )
  const withdrawAnnouncement = reader(apiRoutes.postAdminAnnouncementWithdraw, adminAnnouncementCodec)
  const mailAnnouncement = sender(
    apiRoutes.postAdminAnnouncementMail,
    announcementMailCodec,
    adminAnnouncementCodec,
  )
  return {
    getFeatures: reader(apiRoutes.getFeatures, featureFlagsCodec),
    setFeatures: sender(apiRoutes.putAdminFeatures, featureFlagsCodec, featureFlagsCodec),
    listParticipants: (callOptions, query = {}) => listParticipants(callOptions, { query }),
    setAttention: (registrationId, attention, callOptions) =>
      setAttention(attention, callOptions, { params: { registration_id: registrationId } }),
    registerComplimentary: (request, callOptions) => registerComplimentary(request, callOptions),
    async resendReceipt(registrationId, callOptions) {
      await call(
        apiRoutes.postAdminRegistrationReceipt,
        { params: { registration_id: registrationId } },
        callOptions,
      )
    },
    findRegistrationByPayment: async (paymentId, callOptions, edition) =>
      (await findByPayment(callOptions, { params: { payment_id: paymentId.trim() }, query: { edition } }))
        .registrationId,
    listWaitingList: (callOptions, query = {}) => listWaitingList(callOptions, { query }),
    getDashboard: (callOptions, query = {}) => getDashboard(callOptions, { query }),
    uploadCheckIns: async (items, callOptions) =>
      oneAnswerEach('/admin/check-ins', items, await upload([...items], callOptions)),
    uploadBadgePrints: async (items, callOptions) =>
      oneAnswerEach('/admin/badge-prints', items, await uploadPrints([...items], callOptions)),
    uploadGoodsTicks: async (items, callOptions) =>
      oneAnswerEach('/admin/goods-ticks', items, await uploadTicks([...items], callOptions)),
    listCheckIns: (since, callOptions, edition) =>
      listCheckIns(callOptions, { query: { since: since || undefined, edition } }),
    getRefundQuote: (registrationId, callOptions) =>
      getRefundQuote(callOptions, { params: { registration_id: registrationId } }),
    refundRegistration: (registrationId, request, callOptions) =>
      refund(request, callOptions, { params: { registration_id: registrationId } }),
    refundAddon: (registrationId, code, callOptions) =>
      refundAddon(callOptions, { params: { registration_id: registrationId, code } }),
    dryRunEventCancellation: (expensesPerPersonJpy, callOptions) =>
      dryRunCancellation({ expensesPerPersonJpy }, callOptions),
    startEventCancellation: (expensesPerPersonJpy, callOptions) =>
      startCancellation({ expensesPerPersonJpy }, callOptions),
    getEventCancellation: reader(apiRoutes.getAdminEventCancellation, eventCancellationRunCodec),
    getRegistrationCodeKeys: reader(apiRoutes.getRegistrationCodeKeys, registrationCodeKeySetCodec),
    getEdition: reader(apiRoutes.getEdition, publicEditionCodec),
    listEditions: reader(apiRoutes.getAdminEditions, storedEditionListCodec),
    saveEdition: (edition, version, callOptions) =>
      saveEdition({ edition, version }, callOptions, { params: { edition_id: edition.id } }),
    prepareNextEdition: reader(apiRoutes.postAdminEditionNext, storedEditionCodec),
    publishEdition: (editionId, version, callOptions) =>
      publishEdition({ version }, callOptions, { params: { edition_id: editionId } }),
    listEditionChanges: (editionId, callOptions) =>
      listEditionChanges(callOptions, { params: { edition_id: editionId } }),
    getTimetable: (editionId, callOptions) =>
      getTimetable(callOptions, { params: { edition_id: editionId } }),
    saveTimetable: (editionId, sessions, revision, callOptions) =>
      saveTimetable({ sessions: [...sessions], revision }, callOptions, {
        params: { edition_id: editionId },
      }),
    publishTimetable: (editionId, revision, callOptions) =>
      publishTimetable({ revision }, callOptions, { params: { edition_id: editionId } }),
    listAnnouncements: reader(apiRoutes.getAdminAnnouncements, adminAnnouncementListCodec),
    publishAnnouncement: (publication, callOptions) => publishAnnouncement(publication, callOptions),
    correctAnnouncement: (id, correction, callOptions) =>
      correctAnnouncement(correction, callOptions, { params: { announcement_id: id } }),
    withdrawAnnouncement: (id, callOptions) =>
      withdrawAnnouncement(callOptions, { params: { announcement_id: id } }),
    mailAnnouncement: (id, tiers, callOptions) =>
      mailAnnouncement({ tiers: [...tiers] }, callOptions, { params: { announcement_id: id } }),
    listStaff: reader(apiRoutes.getAdminStaff, staffListCodec),
    inviteStaff: sender(apiRoutes.postAdminStaff, staffInvitationCodec, staffMemberCodec),
    setStaffRole: (user, role, callOptions) => setStaffRole({ role }, callOptions, { params: { user } }),
    setStaffEnabled: (user, enabled, callOptions) =>
      (enabled ? enableStaff : disableStaff)(callOptions, { params: { user } }),
    listAudit: (query, callOptions) => listAudit(callOptions, { query }),
    listRefunds: (callOptions, edition) => listRefunds(callOptions, { query: { edition } }),
    async reportExport(list, rows, callOptions) {
      const route = apiRoutes.postAdminAuditExport
      const body = encodeRequest(auditExportCodec, { list, rows }, 'POST /admin/audit/exports')
      await call(route, { body }, callOptions)
    },
  }
}

/** The queues mark items by these answers: an answer that does not match the items would lose one. */
function oneAnswerEach<R extends { id: string }>(
  path: string,
  items: readonly { id: string }[],
  results: R[],
): R[] {
  const answered = new Set(results.map((result) => result.id))
  if (results.length !== items.length || items.some((item) => !answered.has(item.id))) {
    throw new UnexpectedError(`POST ${path} did not answer exactly one result per item`)
  }
  return results
}
