import { describe, expect, it } from 'vitest'
import { apiRoutes, fillPath, toColonPath } from './routes.ts'

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
      postRegistration: 'POST /registration member',
      deleteRegistration: 'DELETE /registration member',
      getRegistrationCode: 'GET /registration/jwt member',
      getWaitingList: 'GET /waiting-list member',
      postWaitingList: 'POST /waiting-list member',
      deleteWaitingList: 'DELETE /waiting-list member',
      postWaitingListAccept: 'POST /waiting-list/accept member',
      getAdminWaitingList: 'GET /admin/waiting-list admin',
      getVenue: 'GET /venue member',
      getEdition: 'GET /edition none',
      getAdminParticipants: 'GET /admin/participants admin',
      getAdminDashboard: 'GET /admin/dashboard admin',
      putAdminFeatures: 'PUT /admin/features admin',
      postAdminCheckIns: 'POST /admin/check-ins admin',
      getAdminCheckIns: 'GET /admin/check-ins admin',
      getAdminRegistrationRefund: 'GET /admin/registrations/{registration_id}/refund admin',
      postAdminRegistrationRefund: 'POST /admin/registrations/{registration_id}/refund admin',
      postAdminEventCancellationDryRun: 'POST /admin/event-cancellation/dry-run admin',
      postAdminEventCancellation: 'POST /admin/event-cancellation admin',
      getAdminEventCancellation: 'GET /admin/event-cancellation admin',
      getAdminEditions: 'GET /admin/editions admin',
      getAdminEdition: 'GET /admin/editions/{edition_id} admin',
      putAdminEdition: 'PUT /admin/editions/{edition_id} admin',
      postAdminEditionNext: 'POST /admin/editions/next admin',
      postAdminEditionPublish: 'POST /admin/editions/{edition_id}/publish admin',
      getAdminEditionChanges: 'GET /admin/editions/{edition_id}/changes admin',
      getRegistrationCodeKeys: 'GET /.well-known/jwks.json none',
    })
  })

  it('reads a 404 as none on GET /profile, /registration, /registration/additional, /waiting-list, /venue and the event-cancelled run only', () => {
    const noneOn404 = Object.entries(apiRoutes)
      .filter(([, route]) => 'noneOn404' in route)
      .map(([name]) => name)
    expect(noneOn404).toEqual([
      'getProfile',
      'getRegistrationAdditionalInfo',
      'getRegistration',
      'getWaitingList',
      'getVenue',
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
      'postWaitingList',
      'postWaitingListAccept',
      'putAdminFeatures',
      'postAdminCheckIns',
      'getAdminCheckIns',
      'getAdminRegistrationRefund',
      'postAdminRegistrationRefund',
      'postAdminEventCancellationDryRun',
      'postAdminEventCancellation',
      'getAdminEdition',
      'putAdminEdition',
      'postAdminEditionPublish',
      'getAdminEditionChanges',
    ])
    for (const route of Object.values(apiRoutes)) {
      const successes = Object.entries(route.responses).filter(([status]) => status.startsWith('2'))
      expect(successes).toHaveLength(1)
    }
    expect(Object.keys(apiRoutes.postRegistration.responses)).toEqual(['201'])
  })

  it('declares the staff action of every edition admin route, and none on the public read', () => {
    const staff = Object.entries(apiRoutes)
      .filter(([, route]) => 'staff' in route)
      .map(([name, route]) => [name, (route as { staff?: string }).staff])
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
