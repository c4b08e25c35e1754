import type { z } from 'zod'
// The OpenAPI document lists the components in the order their modules load: the features load here first, in
// the document's order, whatever the named imports below are sorted by.
import './flags.ts'
import './profile.ts'
import './registration.ts'
import './addons.ts'
import './guardians.ts'
import './registration-timeline.ts'
import './participants.ts'
import './check-ins.ts'
import './badge-prints.ts'
import './goods.ts'
import './registration-code.ts'
import './waiting-list.ts'
import './dashboard.ts'
import './refunds.ts'
import './refund-list.ts'
import './tier-change.ts'
import './editions.ts'
import './staff.ts'
import './retention.ts'
import './timetable.ts'
import './push.ts'
import { addonRoutes } from './addons.ts'
import './announcements.ts'
import { announcementRoutes } from './announcements.ts'
import { badgePrintRoutes } from './badge-prints.ts'
import { checkInRoutes } from './check-ins.ts'
import { dashboardRoutes } from './dashboard.ts'
import { editionRoutes } from './editions.ts'
import { flagRoutes } from './flags.ts'
import { goodsRoutes } from './goods.ts'
import { guardianRoutes } from './guardians.ts'
import { participantRoutes } from './participants.ts'
import { profileRoutes } from './profile.ts'
import { pushRoutes } from './push.ts'
import { refundListRoutes } from './refund-list.ts'
import { eventCancellationRoutes, refundRoutes } from './refunds.ts'
import { registrationRoutes } from './registration.ts'
import { registrationCodeRoutes } from './registration-code.ts'
import { registrationTimelineRoutes } from './registration-timeline.ts'
import { retentionRoutes } from './retention.ts'
import type { RouteDefinition } from './route.ts'
import { staffRoutes } from './staff.ts'
import { tierChangeRoutes } from './tier-change.ts'
import { timetableRoutes } from './timetable.ts'
import { waitingListRoutes } from './waiting-list.ts'

/**
 * The route table of the API, every route included (member calls, check-ins, the admin feature-flag switch,
 * the JWKS, webhooks): it is the single source for the API, the clients and docs/api/openapi.json. Each
 * feature's routes live with its schemas and codecs in contract/<feature>.ts; this table only assembles them,
 * in the order of the document's paths.
 */
export const apiRoutes = {
  getFeatures: flagRoutes.getFeatures,
  getPublicProfiles: profileRoutes.getPublicProfiles,
  getProfile: profileRoutes.getProfile,
  putProfile: profileRoutes.putProfile,
  getRegistrationAdditionalInfo: registrationRoutes.getRegistrationAdditionalInfo,
  putRegistrationAdditionalInfo: registrationRoutes.putRegistrationAdditionalInfo,
  getInventory: registrationRoutes.getInventory,
  getRegistration: registrationRoutes.getRegistration,
  getRegistrationHistory: registrationRoutes.getRegistrationHistory,
  getRegistrationTimeline: registrationTimelineRoutes.getRegistrationTimeline,
  postRegistration: registrationRoutes.postRegistration,
  deleteRegistration: registrationRoutes.deleteRegistration,
  putRegistrationDetails: registrationRoutes.putRegistrationDetails,
  getRegistrationCancellation: registrationRoutes.getRegistrationCancellation,
  postRegistrationCancellation: registrationRoutes.postRegistrationCancellation,
  getRegistrationTierChange: tierChangeRoutes.getRegistrationTierChange,
  postRegistrationTierChange: tierChangeRoutes.postRegistrationTierChange,
  getRegistrationCode: registrationRoutes.getRegistrationCode,
  getRegistrationAddons: addonRoutes.getRegistrationAddons,
  postRegistrationAddon: addonRoutes.postRegistrationAddon,
  getRegistrationGuardian: guardianRoutes.getRegistrationGuardian,
  putRegistrationGuardian: guardianRoutes.putRegistrationGuardian,
  getRegistrationGuardianRequests: guardianRoutes.getRegistrationGuardianRequests,
  postRegistrationGuardianRequest: guardianRoutes.postRegistrationGuardianRequest,
  getWaitingList: waitingListRoutes.getWaitingList,
  postWaitingList: waitingListRoutes.postWaitingList,
  deleteWaitingList: waitingListRoutes.deleteWaitingList,
  postWaitingListAccept: waitingListRoutes.postWaitingListAccept,
  getAdminWaitingList: waitingListRoutes.getAdminWaitingList,
  getVenue: registrationRoutes.getVenue,
  getEdition: editionRoutes.getEdition,
  getTimetable: timetableRoutes.getTimetable,
  getVapidPublicKey: pushRoutes.getVapidPublicKey,
  postPushSubscription: pushRoutes.postPushSubscription,
  putPushSubscription: pushRoutes.putPushSubscription,
  deletePushSubscription: pushRoutes.deletePushSubscription,
  getAnnouncements: announcementRoutes.getAnnouncements,
  getAdminParticipants: participantRoutes.getAdminParticipants,
  putAdminRegistrationAttention: participantRoutes.putAdminRegistrationAttention,
  postAdminComplimentaryRegistration: participantRoutes.postAdminComplimentaryRegistration,
  postAdminRegistrationReceipt: participantRoutes.postAdminRegistrationReceipt,
  getAdminPaymentRegistration: participantRoutes.getAdminPaymentRegistration,
  getAdminDashboard: dashboardRoutes.getAdminDashboard,
  putAdminFeatures: flagRoutes.putAdminFeatures,
  postAdminCheckIns: checkInRoutes.postAdminCheckIns,
  getAdminCheckIns: checkInRoutes.getAdminCheckIns,
  postAdminBadgePrints: badgePrintRoutes.postAdminBadgePrints,
  postAdminGoodsTicks: goodsRoutes.postAdminGoodsTicks,
  getAdminRegistrationRefund: refundRoutes.getAdminRegistrationRefund,
  postAdminRegistrationRefund: refundRoutes.postAdminRegistrationRefund,
  postAdminRegistrationAddonRefund: addonRoutes.postAdminRegistrationAddonRefund,
  getAdminRefunds: refundListRoutes.getAdminRefunds,
  postAdminEventCancellationDryRun: eventCancellationRoutes.postAdminEventCancellationDryRun,
  postAdminEventCancellation: eventCancellationRoutes.postAdminEventCancellation,
  getAdminEventCancellation: eventCancellationRoutes.getAdminEventCancellation,
  getAdminEditions: editionRoutes.getAdminEditions,
  getAdminEdition: editionRoutes.getAdminEdition,
  putAdminEdition: editionRoutes.putAdminEdition,
  postAdminEditionNext: editionRoutes.postAdminEditionNext,
  postAdminEditionPublish: editionRoutes.postAdminEditionPublish,
  getAdminEditionChanges: editionRoutes.getAdminEditionChanges,
  getAdminTimetable: timetableRoutes.getAdminTimetable,
  putAdminTimetable: timetableRoutes.putAdminTimetable,
  postAdminTimetablePublish: timetableRoutes.postAdminTimetablePublish,
  getAdminAnnouncements: announcementRoutes.getAdminAnnouncements,
  postAdminAnnouncement: announcementRoutes.postAdminAnnouncement,
  putAdminAnnouncement: announcementRoutes.putAdminAnnouncement,
  postAdminAnnouncementWithdraw: announcementRoutes.postAdminAnnouncementWithdraw,
  postAdminAnnouncementMail: announcementRoutes.postAdminAnnouncementMail,
  getAdminStaff: staffRoutes.getAdminStaff,
  postAdminStaff: staffRoutes.postAdminStaff,
  putAdminStaffRole: staffRoutes.putAdminStaffRole,
  postAdminStaffDisable: staffRoutes.postAdminStaffDisable,
  postAdminStaffEnable: staffRoutes.postAdminStaffEnable,
  getAdminAudit: staffRoutes.getAdminAudit,
  postAdminAuditExport: staffRoutes.postAdminAuditExport,
  getAdminRetention: retentionRoutes.getAdminRetention,
  postAdminRetentionRun: retentionRoutes.postAdminRetentionRun,
  getRegistrationCodeKeys: registrationCodeRoutes.getRegistrationCodeKeys,
} as const satisfies Record<string, RouteDefinition>

export type ApiRoutes = typeof apiRoutes
export type ApiRouteName = keyof ApiRoutes

/** The route's path with Hono's `:name` parameters: `/admin/check-ins/{id}` → `/admin/check-ins/:id`. */
export function toColonPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1')
}

/** Fills a path template, encoding each value. Throws when a parameter is missing. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}

type Schema<T> = T extends z.ZodType ? T : never
type SuccessStatus = 200 | 201 | 202 | 204

/** The wire body a route's request takes. */
export type RouteRequestBody<R extends RouteDefinition> = R['request'] extends { body: infer B }
  ? z.input<Schema<B>>
  : undefined

/** The wire body of a route's successful answers. */
export type RouteSuccessBody<R extends RouteDefinition> = {
  [S in Extract<keyof R['responses'], SuccessStatus>]: R['responses'][S] extends { schema: infer T }
    ? z.output<Schema<T>>
    : undefined
}[Extract<keyof R['responses'], SuccessStatus>]
