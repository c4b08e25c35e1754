import { describe, expect, it } from 'vitest'
import { isOneOf } from '../domain/one-of.ts'
import { staffActions } from '../domain/staff-roles.ts'
import type { RouteDefinition } from './route.ts'
import { apiRoutes, fillPath, toColonPath } from './routes.ts'

/**
 * The routes of a table that break the staff rule: an admin route declares one staff action, any other route
 * none (docs/decisions/156-staff-roles.md).
 */
function staffDeclarationFaults(table: Readonly<Record<string, RouteDefinition>>): string[] {
  return Object.entries(table).flatMap(([name, route]) => {
    if (route.auth === 'admin') {
      return isOneOf(staffActions, route.staff) ? [] : [`${name}: an admin route declares no staff action`]
    }
    return route.staff === undefined ? [] : [`${name}: a ${route.auth} route declares a staff action`]
  })
}

describe('route table', () => {
  it('has every call of the product and admin API with its method, path and auth', () => {
    const table = Object.fromEntries(
      Object.entries(apiRoutes).map(([name, route]) => [
        name,
        `${route.method.toUpperCase()} ${route.path} ${route.auth}`,
      ]),
    )
    expect(table).toEqual({
      getFeatures: 'GET /features none',
      getPublicProfiles: 'GET /public-profile none',
      getProfile: 'GET /profile member',
      putProfile: 'PUT /profile member',
      getRegistrationAdditionalInfo: 'GET /registration/additional member',
      putRegistrationAdditionalInfo: 'PUT /registration/additional member',
      getInventory: 'GET /inventory member',
      getRegistration: 'GET /registration member',
      getRegistrationHistory: 'GET /registration/history member',
      getRegistrationTimeline: 'GET /registration/timeline member',
      postRegistration: 'POST /registration member',
      deleteRegistration: 'DELETE /registration member',
      putRegistrationDetails: 'PUT /registration/details member',
      getRegistrationCancellation: 'GET /registration/cancellation member',
      postRegistrationCancellation: 'POST /registration/cancellation member',
      getRegistrationTierChange: 'GET /registration/tier-change member',
      postRegistrationTierChange: 'POST /registration/tier-change member',
      getRegistrationCode: 'GET /registration/jwt member',
      getRegistrationAddons: 'GET /registration/addons member',
      postRegistrationAddon: 'POST /registration/addons/{code} member',
      getRegistrationGuardian: 'GET /registration/guardian member',
      putRegistrationGuardian: 'PUT /registration/guardian member',
      getRegistrationGuardianRequests: 'GET /registration/guardian-requests member',
      postRegistrationGuardianRequest: 'POST /registration/guardian-requests/{minor_user_id} member',
      getWaitingList: 'GET /waiting-list member',
      postWaitingList: 'POST /waiting-list member',
      deleteWaitingList: 'DELETE /waiting-list member',
      postWaitingListAccept: 'POST /waiting-list/accept member',
      getAdminWaitingList: 'GET /admin/waiting-list admin',
      getVenue: 'GET /venue member',
      getEdition: 'GET /edition none',
      getTimetable: 'GET /timetable none',
      getVapidPublicKey: 'GET /push/vapid-public-key none',
      postPushSubscription: 'POST /push/subscriptions none',
      putPushSubscription: 'PUT /push/subscriptions/{id} none',
      deletePushSubscription: 'DELETE /push/subscriptions/{id} none',
      getAnnouncements: 'GET /announcements none',
      getAdminParticipants: 'GET /admin/participants admin',
      putAdminRegistrationAttention: 'PUT /admin/registrations/{registration_id}/attention admin',
      getAdminDashboard: 'GET /admin/dashboard admin',
      putAdminFeatures: 'PUT /admin/features admin',
      postAdminCheckIns: 'POST /admin/check-ins admin',
      postAdminComplimentaryRegistration: 'POST /admin/registrations/complimentary admin',
      postAdminRegistrationReceipt: 'POST /admin/registrations/{registration_id}/receipt admin',
      getAdminPaymentRegistration: 'GET /admin/payments/{payment_id} admin',
      getAdminCheckIns: 'GET /admin/check-ins admin',
      postAdminBadgePrints: 'POST /admin/badge-prints admin',
      postAdminGoodsTicks: 'POST /admin/goods-ticks admin',
      getAdminRegistrationRefund: 'GET /admin/registrations/{registration_id}/refund admin',
      postAdminRegistrationRefund: 'POST /admin/registrations/{registration_id}/refund admin',
      postAdminRegistrationAddonRefund:
        'POST /admin/registrations/{registration_id}/addons/{code}/refund admin',
      getAdminRefunds: 'GET /admin/refunds admin',
      postAdminEventCancellationDryRun: 'POST /admin/event-cancellation/dry-run admin',
      postAdminEventCancellation: 'POST /admin/event-cancellation admin',
      getAdminEventCancellation: 'GET /admin/event-cancellation admin',
      getAdminEditions: 'GET /admin/editions admin',
      getAdminEdition: 'GET /admin/editions/{edition_id} admin',
      putAdminEdition: 'PUT /admin/editions/{edition_id} admin',
      postAdminEditionNext: 'POST /admin/editions/next admin',
      postAdminEditionPublish: 'POST /admin/editions/{edition_id}/publish admin',
      getAdminEditionChanges: 'GET /admin/editions/{edition_id}/changes admin',
      getAdminTimetable: 'GET /admin/editions/{edition_id}/timetable admin',
      putAdminTimetable: 'PUT /admin/editions/{edition_id}/timetable admin',
      postAdminTimetablePublish: 'POST /admin/editions/{edition_id}/timetable/publish admin',
      getAdminAnnouncements: 'GET /admin/announcements admin',
      postAdminAnnouncement: 'POST /admin/announcements admin',
      putAdminAnnouncement: 'PUT /admin/announcements/{announcement_id} admin',
      postAdminAnnouncementWithdraw: 'POST /admin/announcements/{announcement_id}/withdraw admin',
      postAdminAnnouncementMail: 'POST /admin/announcements/{announcement_id}/mail admin',
      getAdminStaff: 'GET /admin/staff admin',
      postAdminStaff: 'POST /admin/staff admin',
      putAdminStaffRole: 'PUT /admin/staff/{user}/role admin',
      postAdminStaffDisable: 'POST /admin/staff/{user}/disable admin',
      postAdminStaffEnable: 'POST /admin/staff/{user}/enable admin',
      getAdminAudit: 'GET /admin/audit admin',
      postAdminAuditExport: 'POST /admin/audit/exports admin',
      getAdminRetention: 'GET /admin/retention admin',
      postAdminRetentionRun: 'POST /admin/retention/run admin',
      getRegistrationCodeKeys: 'GET /.well-known/jwks.json none',
    })
  })

  it('has every admin route declare the staff action it performs, and no other route one', () => {
    expect(staffDeclarationFaults(apiRoutes)).toEqual([])
    const staffOf = Object.fromEntries(
      Object.entries(apiRoutes).flatMap(([name, route]) => ('staff' in route ? [[name, route.staff]] : [])),
    )
    // The participant list is the door's search; the API leaves the e-mail addresses out for the door.
    expect(staffOf).toMatchObject({
      getAdminWaitingList: 'manageWaitingList',
      getAdminParticipants: 'search',
      putAdminRegistrationAttention: 'editNotes',
      postAdminComplimentaryRegistration: 'registerComplimentary',
      postAdminRegistrationReceipt: 'resendReceipt',
      getAdminPaymentRegistration: 'search',
      getAdminDashboard: 'viewFigures',
      putAdminFeatures: 'switchFlags',
      postAdminCheckIns: 'checkIn',
      getAdminCheckIns: 'checkIn',
      postAdminGoodsTicks: 'handOutGoods',
      getAdminRegistrationRefund: 'refundWithinPolicy',
      postAdminRegistrationRefund: 'refundWithinPolicy',
      postAdminRegistrationAddonRefund: 'refundWithinPolicy',
      getAdminRefunds: 'exportWithEmail',
      postAdminEventCancellationDryRun: 'cancelEvent',
      postAdminEventCancellation: 'cancelEvent',
      getAdminEventCancellation: 'cancelEvent',
      getAdminStaff: 'manageStaff',
      postAdminStaff: 'manageStaff',
      putAdminStaffRole: 'manageStaff',
      postAdminStaffDisable: 'manageStaff',
      postAdminStaffEnable: 'manageStaff',
      getAdminAudit: 'readAudit',
      postAdminAuditExport: 'exportWithEmail',
      getAdminRetention: 'eraseData',
      postAdminRetentionRun: 'eraseData',
    })
  })

  it('finds an admin route without a staff action and a member or open route with one', () => {
    const base = { path: '/x', summary: 'x', tag: 'x', responses: {} } as const
    expect(
      staffDeclarationFaults({
        undeclared: { ...base, method: 'get', auth: 'admin' },
        unknown: { ...base, method: 'put', auth: 'admin', staff: 'everything' as never },
        member: { ...base, method: 'post', auth: 'member', staff: 'scan' },
        open: { ...base, method: 'delete', auth: 'none', staff: 'scan' },
        declared: { ...base, method: 'get', auth: 'admin', staff: 'scan' },
      }),
    ).toEqual([
      'undeclared: an admin route declares no staff action',
      'unknown: an admin route declares no staff action',
      'member: a member route declares a staff action',
      'open: a none route declares a staff action',
    ])
  })

  it('reads a 404 as none on GET /profile, /registration, /registration/additional, /registration/timeline, /registration/cancellation, /registration/tier-change, /waiting-list, /venue, /timetable and the event-cancelled run only', () => {
    const noneOn404 = Object.entries(apiRoutes)
      .filter(([, route]) => 'noneOn404' in route)
      .map(([name]) => name)
    expect(noneOn404).toEqual([
      'getProfile',
      'getRegistrationAdditionalInfo',
      'getRegistration',
      'getRegistrationTimeline',
      'getRegistrationCancellation',
      'getRegistrationTierChange',
      'getWaitingList',
      'getVenue',
      'getTimetable',
      'getAdminEventCancellation',
    ])
  })

  it('declares a body schema for each write and a response schema for each success', () => {
    expect(
      Object.entries(apiRoutes)
        .filter(([, route]) => 'request' in route)
        .map(([name]) => name),
    ).toEqual([
      'putProfile',
      'putRegistrationAdditionalInfo',
      'postRegistration',
      'putRegistrationDetails',
      'postRegistrationCancellation',
      'postRegistrationTierChange',
      'postRegistrationAddon',
      'putRegistrationGuardian',
      'postRegistrationGuardianRequest',
      'postWaitingList',
      'postWaitingListAccept',
      'getAdminWaitingList',
      'postPushSubscription',
      'putPushSubscription',
      'deletePushSubscription',
      'getAdminParticipants',
      'putAdminRegistrationAttention',
      'postAdminComplimentaryRegistration',
      'postAdminRegistrationReceipt',
      'getAdminPaymentRegistration',
      'getAdminDashboard',
      'putAdminFeatures',
      'postAdminCheckIns',
      'getAdminCheckIns',
      'postAdminBadgePrints',
      'postAdminGoodsTicks',
      'getAdminRegistrationRefund',
      'postAdminRegistrationRefund',
      'postAdminRegistrationAddonRefund',
      'getAdminRefunds',
      'postAdminEventCancellationDryRun',
      'postAdminEventCancellation',
      'getAdminEdition',
      'putAdminEdition',
      'postAdminEditionPublish',
      'getAdminEditionChanges',
      'getAdminTimetable',
      'putAdminTimetable',
      'postAdminTimetablePublish',
      'postAdminAnnouncement',
      'putAdminAnnouncement',
      'postAdminAnnouncementWithdraw',
      'postAdminAnnouncementMail',
      'postAdminStaff',
      'putAdminStaffRole',
      'postAdminStaffDisable',
      'postAdminStaffEnable',
      'getAdminAudit',
      'postAdminAuditExport',
    ])
    for (const route of Object.values(apiRoutes)) {
      const successes = Object.entries(route.responses).filter(([status]) => status.startsWith('2'))
      expect(successes).toHaveLength(1)
    }
    expect(Object.keys(apiRoutes.postRegistration.responses)).toEqual(['201'])
  })

  it('declares the staff action of every edition admin route, and none on the public read', () => {
    const staff = Object.entries(apiRoutes)
      .filter(([name, route]) => 'staff' in route && /Edition/.test(name))
      .map(([name, route]) => [name, (route as { staff?: string }).staff])
    expect('staff' in apiRoutes.getEdition).toBe(false)
    expect(staff).toEqual(
      [
        'getAdminEditions',
        'getAdminEdition',
        'putAdminEdition',
        'postAdminEditionNext',
        'postAdminEditionPublish',
        'getAdminEditionChanges',
      ].map((name) => [name, 'editEditions']),
    )
  })

  it('declares the committee action of every timetable admin route, and none on the public read', () => {
    expect('staff' in apiRoutes.getTimetable).toBe(false)
    expect(
      [apiRoutes.getAdminTimetable, apiRoutes.putAdminTimetable, apiRoutes.postAdminTimetablePublish].map(
        (route) => route.staff,
      ),
    ).toEqual(['editTimetable', 'editTimetable', 'editTimetable'])
  })

  it('declares the committee action of every announcement admin route, and none on the public read', () => {
    expect('staff' in apiRoutes.getAnnouncements).toBe(false)
    const staff = Object.entries(apiRoutes)
      .filter(([name]) => /AdminAnnouncement/.test(name))
      .map(([, route]) => (route as { staff?: string }).staff)
    expect(staff).toEqual(Array(5).fill('publishAnnouncements'))
  })
})

describe('paths', () => {
  it("converts templates to Hono's colon parameters", () => {
    expect(toColonPath('/admin/check-ins/{id}/undo/{at}')).toBe('/admin/check-ins/:id/undo/:at')
    expect(toColonPath('/profile')).toBe('/profile')
  })

  it('fills templates, encoding values, and refuses a missing one', () => {
    expect(fillPath('/admin/participants/{id}', { id: 'a b/c' })).toBe('/admin/participants/a%20b%2Fc')
    expect(() => fillPath('/admin/participants/{id}')).toThrow('Missing path parameter id')
  })
})
