import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { dashboardCodec } from '../contract/dashboard.ts'
import { editionToWire } from '../contract/edition-wire.ts'
import type { AuthInfo } from '../domain/auth-info.ts'
import { firstEdition } from '../domain/edition.ts'
import { NotAuthenticatedError } from '../errors/app-errors.ts'
import { createAdminApiClient } from './admin-client.ts'
import { adminToken, createFakeApi } from './fake-api.ts'
import { createMemberApiClient } from './member-client.ts'

const adminAuth: AuthInfo = {
  accessToken: adminToken,
  tokenType: 'Bearer',
  expiresAt: Date.parse('2030-01-01T00:00:00Z'),
}
const userId = '0f8fad5b-d9cb-469f-a165-70867728950e'
const participantsWire = {
  items: [
    {
      user: { user_id: userId, email: 'fox@example.com' },
      registration: { payment_status: 'paid', registration_tier: 'member', badge_name: 'Fox' },
    },
  ],
}

describe('admin API client', () => {
  it('lists participants with the admin token, in client names', async () => {
    const api = createFakeApi({ 'GET /admin/participants': () => ({ status: 200, body: participantsWire }) })
    const sut = createAdminApiClient({
      baseUrl: 'https://api.furfes.example',
      fetch: api.fetch,
      getAuthInfo: () => adminAuth,
    })
    expect(await sut.listParticipants()).toEqual([
      {
        user: { userId, email: 'fox@example.com' },
        registration: { paymentStatus: 'paid', registrationTier: 'member', badgeName: 'Fox' },
      },
    ])
    expect(api.requests.map((request) => [request.url, request.authorization])).toEqual([
      ['https://api.furfes.example/admin/participants', `Bearer ${adminToken}`],
    ])
  })

  it('reads the current edition from the public route, rules checked, venue left out', async () => {
    const { venue: _, ...wire } = editionToWire(firstEdition)
    const api = createFakeApi({ 'GET /edition': () => ({ status: 200, body: { ...wire, phase: 'over' } }) })
    const sut = createAdminApiClient({
      baseUrl: 'https://api.furfes.example',
      fetch: api.fetch,
      getAuthInfo: () => adminAuth,
    })
    expect(await sut.getEdition()).toEqual({ edition: { ...firstEdition, venue: null }, phase: 'over' })
  })

  it('reads the dashboard with the admin token, instants as epoch ms and names in camelCase', async () => {
    const wire = {
      generated_at: '2026-11-24T03:00:00.000Z',
      tiers: [
        {
          registration_tier: 'member',
          capacity: 10,
          paid: 2,
          pending: 1,
          spots_left: 7,
          waiting: 0,
          revenue_gross_jpy: 10_000,
          revenue_refunded_jpy: 0,
          revenue_net_jpy: 10_000,
          checked_in: 1,
        },
      ],
      registrations_per_day: [{ date: '2026-11-20', registration_tier: 'member', registrations: 2 }],
      check_ins_per_slot: [
        { slot_start: '2026-11-24T01:00:00.000Z', device_id: 'dev-1', device_name: '受付1', check_ins: 1 },
      ],
      checked_in: 1,
      paid: 2,
      goods: [{ goods: 'tShirt', t_shirt_size: 'L', expected: 40, handed_out: 31 }],
      changing_rooms: [{ changing_room_type: 'female', paid: 3 }],
    }
    const api = createFakeApi({ 'GET /admin/dashboard': () => ({ status: 200, body: wire }) })
    const sut = createAdminApiClient({
      baseUrl: 'https://api.furfes.example',
      fetch: api.fetch,
      getAuthInfo: () => adminAuth,
    })
    const dashboard = await sut.getDashboard()
    expect(dashboard.generatedAt).toBe(Date.parse('2026-11-24T03:00:00Z'))
    expect(dashboard.tiers[0]).toMatchObject({
      registrationTier: 'member',
      spotsLeft: 7,
      revenueNetJpy: 10_000,
    })
    expect(dashboard.checkInsPerSlot).toEqual([
      { slotStart: Date.parse('2026-11-24T01:00:00Z'), deviceId: 'dev-1', deviceName: '受付1', checkIns: 1 },
    ])
    expect(dashboard.goods).toEqual([{ goods: 'tShirt', tShirtSize: 'L', expected: 40, handedOut: 31 }])
    expect(dashboard.changingRooms).toEqual([{ changingRoomType: 'female', paid: 3 }])
    expect(api.requests[0]?.authorization).toBe(`Bearer ${adminToken}`)
    // The codec renames every field: encoding the client shape gives the wire answer back.
    expect(dashboardCodec.encode(dashboard)).toStrictEqual(wire)
  })

  it('raises NotAuthenticatedError without admin auth info, before calling', async () => {
    const api = createFakeApi({})
    const sut = createAdminApiClient({
      baseUrl: 'https://api.furfes.example',
      fetch: api.fetch,
      getAuthInfo: async () => null,
    })
    await expect(sut.listParticipants()).rejects.toBeInstanceOf(NotAuthenticatedError)
    expect(api.requests).toEqual([])
  })

  it('is distinct from the member client, which has no admin calls', () => {
    const member = createMemberApiClient({
      baseUrl: 'https://api.furfes.example',
      getAuthInfo: () => undefined,
    })
    const admin = createAdminApiClient({
      baseUrl: 'https://api.furfes.example',
      getAuthInfo: () => undefined,
    })
    expect('listParticipants' in member).toBe(false)
    expect(Object.keys(admin).sort()).toEqual([
      'correctAnnouncement',
      'dryRunEventCancellation',
      'findRegistrationByPayment',
      'getDashboard',
      'getEdition',
      'getEventCancellation',
      'getFeatures',
      'getRefundQuote',
      'getRegistrationCodeKeys',
      'getTimetable',
      'inviteStaff',
      'listAnnouncements',
      'listAudit',
      'listCheckIns',
      'listEditionChanges',
      'listEditions',
      'listParticipants',
      'listRefunds',
      'listStaff',
      'listWaitingList',
      'mailAnnouncement',
      'prepareNextEdition',
      'publishAnnouncement',
      'publishEdition',
      'publishTimetable',
      'refundAddon',
      'refundRegistration',
      'registerComplimentary',
      'reportExport',
      'resendReceipt',
      'saveEdition',
      'saveTimetable',
      'setAttention',
      'setFeatures',
      'setStaffEnabled',
      'setStaffRole',
      'startEventCancellation',
      'uploadBadgePrints',
      'uploadCheckIns',
      'uploadGoodsTicks',
      'withdrawAnnouncement',
    ])
  })
})

const registrationId = '6f1e2d3c-4b5a-4987-8654-3210fedcba98'
const checkInId = '3b241101-e2bb-4255-8caf-4136c566a962'
const firstId = '9a3c1c5e-8f5e-4a8b-9d6e-0c1b2a3d4e5f'
/** A check-in of device-a as it travels on the wire, and as the client sees it. */
const checkInWire = {
  id: checkInId,
  registration_id: registrationId,
  device_id: 'device-a',
  checked_in_at: '2025-05-10T01:02:03.000Z',
  kind: 'check_in',
}
const checkInItem = {
  id: checkInId,
  registrationId,
  deviceId: 'device-a',
  checkedInAt: Date.parse('2025-05-10T01:02:03.000Z'),
  kind: 'check_in' as const,
}

function adminClient(fetch: ReturnType<typeof createFakeApi>['fetch']) {
  return createAdminApiClient({ baseUrl: 'https://api.furfes.example', fetch, getAuthInfo: () => adminAuth })
}

describe('admin API client, reception calls', () => {
  it('reads the registration id of each participant registration', async () => {
    const wire = {
      items: [
        {
          ...participantsWire.items[0],
          registration: { ...participantsWire.items[0]?.registration, id: registrationId },
        },
      ],
    }
    const api = createFakeApi({ 'GET /admin/participants': () => ({ status: 200, body: wire }) })
    const [participant] = await adminClient(api.fetch).listParticipants()
    expect(participant?.registration).toEqual({
      paymentStatus: 'paid',
      registrationTier: 'member',
      badgeName: 'Fox',
      registrationId,
    })
  })

  it('registers a complimentary guest with only what the tier uses, answering the registration', async () => {
    const answer = {
      id: registrationId,
      payment_status: 'paid',
      registration_tier: 'member',
      badge_name: 'Guest',
      complimentary: 'guest',
    }
    const api = createFakeApi({
      'POST /admin/registrations/complimentary': () => ({ status: 201, body: answer }),
    })
    const registration = await adminClient(api.fetch).registerComplimentary({
      email: 'guest@example.com',
      kind: 'guest',
      registrationTier: 'member',
      badgeName: 'Guest',
      tShirtSize: 'L',
    })
    expect(registration).toEqual({
      registrationId,
      paymentStatus: 'paid',
      registrationTier: 'member',
      badgeName: 'Guest',
      complimentary: 'guest',
    })
    expect(api.requests[0]?.body).toEqual({
      email: 'guest@example.com',
      kind: 'guest',
      language: 'ja',
      registration_tier: 'member',
      badge_name: 'Guest',
    })
  })

  it('asks for a receipt again and finds a registration by a pasted Stripe payment id, trimmed (decision 191)', async () => {
    const api = createFakeApi({
      [`POST /admin/registrations/${registrationId}/receipt`]: () => ({ status: 204 }),
      'GET /admin/payments/pi_test_123': () => ({ status: 200, body: { registration_id: registrationId } }),
      'GET /admin/payments/cs_test_404': () => ({ status: 404, body: { message: 'paymentNotFound' } }),
    })
    const client = adminClient(api.fetch)
    await expect(client.resendReceipt(registrationId)).resolves.toBeUndefined()
    expect(await client.findRegistrationByPayment(' pi_test_123 ')).toBe(registrationId)
    await expect(client.findRegistrationByPayment('cs_test_404')).rejects.toMatchObject({
      productKey: 'paymentNotFound',
    })
    expect(api.requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      `POST /admin/registrations/${registrationId}/receipt`,
      'GET /admin/payments/pi_test_123',
      'GET /admin/payments/cs_test_404',
    ])
  })

  it('switches the feature flags with PUT /admin/features', async () => {
    const api = createFakeApi({ 'PUT /admin/features': (body) => ({ status: 200, body }) })
    const flags = {
      isNewClubActivityEstablishmentAvailable: false,
      isRegistrationAvailable: true,
      isUnderMaintenance: true,
    }
    expect(await adminClient(api.fetch).setFeatures(flags)).toEqual(flags)
    expect(api.requests[0]).toMatchObject({
      method: 'PUT',
      url: 'https://api.furfes.example/admin/features',
      body: {
        is_new_club_activity_establishment_available: false,
        is_registration_available: true,
        is_under_maintenance: true,
      },
    })
  })

  it('uploads check-ins in wire names and reads one result per item', async () => {
    const api = createFakeApi({
      'POST /admin/check-ins': () => ({
        status: 200,
        body: {
          results: [
            {
              id: checkInId,
              status: 'duplicate',
              first_check_in: {
                id: firstId,
                device_id: 'device-b',
                device_name: '受付2',
                checked_in_at: '2025-05-10T01:00:00.000Z',
              },
            },
          ],
        },
      }),
    })
    const results = await adminClient(api.fetch).uploadCheckIns([checkInItem])
    expect(results).toEqual([
      {
        id: checkInId,
        status: 'duplicate',
        firstCheckIn: {
          id: firstId,
          deviceId: 'device-b',
          deviceName: '受付2',
          checkedInAt: Date.parse('2025-05-10T01:00:00.000Z'),
        },
      },
    ])
    expect(api.requests[0]?.body).toEqual({ items: [checkInWire] })
  })

  it('refuses an undo without its target before sending, and answers that skip an item', async () => {
    const api = createFakeApi({ 'POST /admin/check-ins': () => ({ status: 200, body: { results: [] } }) })
    const sut = adminClient(api.fetch)
    const item = { id: checkInId, registrationId, deviceId: 'd', checkedInAt: 0, kind: 'undo' as const }
    await expect(sut.uploadCheckIns([item])).rejects.toMatchObject({ name: 'UnexpectedError' })
    expect(api.requests).toEqual([])
    await expect(sut.uploadCheckIns([{ ...item, kind: 'check_in' }])).rejects.toThrow(
      'did not answer exactly one result per item',
    )
  })

  it('pulls check-in records after a cursor', async () => {
    const api = createFakeApi({
      'GET /admin/check-ins': () => ({
        status: 200,
        body: {
          items: [{ ...checkInWire, status: 'accepted', received_at: '2025-05-10T01:02:04.000Z' }],
          next_cursor: '42',
          has_more: false,
        },
      }),
    })
    const sut = adminClient(api.fetch)
    expect(await sut.listCheckIns('41')).toEqual({
      items: [{ ...checkInItem, status: 'accepted', receivedAt: Date.parse('2025-05-10T01:02:04.000Z') }],
      nextCursor: '42',
      hasMore: false,
    })
    await sut.listCheckIns()
    expect(api.requests.map((request) => request.url)).toEqual([
      'https://api.furfes.example/admin/check-ins?since=41',
      'https://api.furfes.example/admin/check-ins',
    ])
  })

  it('reads the registration-code key set without a token', async () => {
    const key = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1', alg: 'ES256', use: 'sig' }
    const api = createFakeApi({
      'GET /.well-known/jwks.json': () => ({ status: 200, body: { keys: [key] } }),
    })
    const sut = createAdminApiClient({
      baseUrl: 'https://api.furfes.example',
      fetch: api.fetch,
      getAuthInfo: () => undefined,
    })
    expect(await sut.getRegistrationCodeKeys()).toEqual({ keys: [key] })
    expect(api.requests[0]?.authorization).toBeNull()
  })
})

describe('API clients over real HTTP', () => {
  let server: Server | undefined

  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    server = undefined
  })

  it('talk to an HTTP server with the global fetch', async () => {
    const seen: { method?: string; url?: string; authorization?: string }[] = []
    server = createServer((request, response) => {
      seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization })
      response.setHeader('Content-Type', 'application/json')
      if (request.headers.authorization !== `Bearer ${adminToken}`) {
        response.statusCode = 401
        response.end(JSON.stringify({ message: 'Unauthorized' }))
        return
      }
      response.end(JSON.stringify(participantsWire))
    })
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const baseUrl = `http://127.0.0.1:${port}`

    const sut = createAdminApiClient({ baseUrl, getAuthInfo: () => adminAuth })
    expect(await sut.listParticipants()).toHaveLength(1)
    const wrongToken = createAdminApiClient({
      baseUrl,
      getAuthInfo: () => ({ ...adminAuth, accessToken: 'member' }),
    })
    await expect(wrongToken.listParticipants()).rejects.toMatchObject({ name: 'AuthenticationError' })
    expect(seen).toEqual([
      { method: 'GET', url: '/admin/participants', authorization: `Bearer ${adminToken}` },
      { method: 'GET', url: '/admin/participants', authorization: 'Bearer member' },
    ])
  })
})

describe('admin API client, refunds', () => {
  const refundPath = `/admin/registrations/${registrationId}/refund`

  it('reads the policy quote and sends a refund with its key, trimmed reason and amount in wire names', async () => {
    const refundWire = {
      registration_id: registrationId,
      amount_jpy: 3000,
      policy_amount_jpy: 2700,
      reason: 'Venue moved',
      source: 'staff',
      staff_user_id: 'admin-1',
      refunded_at: '2025-03-01T01:00:00.000Z',
    }
    const api = createFakeApi({
      [`GET ${refundPath}`]: () => ({
        status: 200,
        body: {
          registration_id: registrationId,
          payment_status: 'paid',
          fee_jpy: 3000,
          policy_period: 'early',
          policy_percentage: 90,
          policy_refund_jpy: 2700,
        },
      }),
      [`POST ${refundPath}`]: () => ({ status: 200, body: refundWire }),
    })
    const client = adminClient(api.fetch)

    const quote = await client.getRefundQuote(registrationId)
    const refund = await client.refundRegistration(registrationId, {
      idempotencyKey: checkInId,
      amountJpy: 3000,
      reason: '  Venue moved  ',
    })

    expect(quote).toEqual({
      registrationId,
      paymentStatus: 'paid',
      feeJpy: 3000,
      policyPeriod: 'early',
      policyPercentage: 90,
      policyRefundJpy: 2700,
    })
    expect(api.requests[1]).toMatchObject({
      method: 'POST',
      url: `https://api.furfes.example${refundPath}`,
      body: { idempotency_key: checkInId, amount_jpy: 3000, reason: 'Venue moved' },
    })
    expect(refund).toEqual({
      registrationId,
      amountJpy: 3000,
      policyAmountJpy: 2700,
      reason: 'Venue moved',
      source: 'staff',
      staffUserId: 'admin-1',
      refundedAt: Date.parse('2025-03-01T01:00:00.000Z'),
    })
  })

  it('raises the refund failure as its product error', async () => {
    const api = createFakeApi({
      [`POST ${refundPath}`]: () => ({ status: 502, body: { message: 'refundFailed' } }),
    })
    await expect(
      adminClient(api.fetch).refundRegistration(registrationId, { idempotencyKey: checkInId }),
    ).rejects.toMatchObject({ name: 'ProductError', productKey: 'refundFailed', status: 502 })
  })

  it('reads no event-cancelled run as null', async () => {
    const api = createFakeApi({
      'GET /admin/event-cancellation': () => ({ status: 404, body: { message: 'notFound' } }),
    })
    expect(await adminClient(api.fetch).getEventCancellation()).toBeNull()
  })
})
