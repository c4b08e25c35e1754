import { describe, expect, it } from 'vitest'
import type { AuthInfo } from '../domain/auth-info.ts'
import {
  AuthenticationError,
  NetworkError,
  NotAuthenticatedError,
  ProductError,
  UnexpectedError,
} from '../errors/app-errors.ts'
import { describeError } from '../errors/describe.ts'
import { createFakeApi, memberToken } from './fake-api.ts'
import { createMemberApiClient } from './member-client.ts'

const memberAuth: AuthInfo = {
  accessToken: memberToken,
  tokenType: 'Bearer',
  expiresAt: Date.parse('2030-01-01T00:00:00Z'),
}

const profileWire = { privacy: 'public', handle_name: 'Kitsune', urls: ['https://x.com/kitsune'] }
const pendingWire = {
  payment_status: 'pending',
  payment_url: 'https://checkout.stripe.com/c/pay/cs_test_1',
  expires_at: '2025-03-01T12:30:00Z',
  registration_tier: 'sponsor',
  badge_name: 'Kitsune',
  t_shirt_size: 'L',
}

/** A valid registration request for the plain member tier. */
const memberRegistration = {
  registrationTier: 'member',
  badgeName: 'Fox',
  agreedToRules: true,
  successUrl: 'https://furfes.example/ok',
  cancelUrl: 'https://furfes.example/ng',
} as const

const venueWire = {
  name: { ja: '東京ホール', en: 'Tokyo Hall' },
  address: { ja: '東京都千代田区1-1', en: '1-1 Chiyoda, Tokyo' },
  access: { ja: '東京駅から徒歩5分', en: '5 minutes on foot from Tokyo Station' },
  map_url: 'https://maps.example.com/tokyo-hall',
  entry_time: '09:30',
}

function setup(options: { signedIn?: boolean; venue?: unknown } = {}) {
  let profile: unknown
  const api = createFakeApi(
    {
      'GET /features': () => ({
        status: 200,
        body: {
          is_new_club_activity_establishment_available: true,
          is_registration_available: true,
          is_under_maintenance: false,
        },
      }),
      'GET /public-profile': () => ({ status: 200, body: { items: [profileWire] } }),
      'GET /profile': () =>
        profile ? { status: 200, body: profile } : { status: 404, body: { message: 'notFound' } },
      'PUT /profile': (body) => {
        profile = body
        return { status: 200, body }
      },
      'GET /registration/additional': () => ({ status: 404, body: { message: 'notFound' } }),
      'PUT /registration/additional': (body) => ({ status: 200, body }),
      'GET /inventory': () => ({
        status: 200,
        body: {
          items: [
            { registration_tier: 'member', status: 'available' },
            { registration_tier: 'sponsor', status: 'sold_out' },
          ],
        },
      }),
      'GET /registration': () => ({ status: 200, body: pendingWire }),
      'POST /registration': () => ({
        status: 201,
        body: { payment_url: 'https://checkout.stripe.com/c/pay/cs_test_2' },
      }),
      'DELETE /registration': () => ({
        status: 200,
        body: { ...pendingWire, payment_status: 'canceled', payment_url: undefined, expires_at: undefined },
      }),
      'GET /registration/jwt': () => ({
        status: 200,
        body: { token: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' },
      }),
      'GET /venue': () =>
        options.venue === undefined
          ? { status: 404, body: { message: 'notFound' } }
          : { status: 200, body: options.venue },
    },
    { basePath: '/v1' },
  )
  const sut = createMemberApiClient({
    baseUrl: 'https://api.furfes.example/v1',
    fetch: api.fetch,
    getAuthInfo: () => (options.signedIn === false ? undefined : memberAuth),
  })
  return { sut, api }
}

describe('member API client', () => {
  it('reads the feature flags without authentication, in client names', async () => {
    const { sut, api } = setup({ signedIn: false })
    expect(await sut.getFeatures()).toEqual({
      isNewClubActivityEstablishmentAvailable: true,
      isRegistrationAvailable: true,
      isUnderMaintenance: false,
    })
    expect(api.requests).toEqual([
      { method: 'GET', url: 'https://api.furfes.example/v1/features', authorization: null, body: undefined },
    ])
  })

  it('lists public profiles without authentication', async () => {
    const { sut } = setup({ signedIn: false })
    expect(await sut.getPublicProfiles()).toEqual([
      { privacy: 'public', handleName: 'Kitsune', linkUrls: ['https://x.com/kitsune'] },
    ])
  })

  it('sends the Bearer header and returns none for a 404 on GET /profile, then the saved profile', async () => {
    const { sut, api } = setup()
    expect(await sut.getProfile()).toBeNull()
    const saved = await sut.putProfile({ privacy: 'private', handleName: ' Fox ', linkUrls: [] })
    expect(saved).toEqual({ privacy: 'private', handleName: 'Fox', linkUrls: [] })
    expect(await sut.getProfile()).toEqual(saved)
    expect(api.requests.map((request) => request.authorization)).toEqual([
      `Bearer ${memberToken}`,
      `Bearer ${memberToken}`,
      `Bearer ${memberToken}`,
    ])
    expect(api.requests[1]?.body).toEqual({ privacy: 'private', handle_name: 'Fox', urls: [] })
  })

  it('returns none for a 404 on GET /registration/additional, and saves additional info', async () => {
    const { sut, api } = setup()
    expect(await sut.getRegistrationAdditionalInfo()).toBeNull()
    expect(await sut.putRegistrationAdditionalInfo({ clubActivityXUsername: 'fox_1' })).toEqual({
      clubActivityXUsername: 'fox_1',
    })
    expect(api.requests[1]?.body).toEqual({ club_activity_x_username: 'fox_1' })
  })

  it('returns none for a 404 on GET /registration', async () => {
    const { sut, api } = setup()
    api.answerNext(404, { message: 'notFound' })
    expect(await sut.getRegistration()).toBeNull()
  })

  it('reads the registration, inventory and registration code', async () => {
    const { sut } = setup()
    expect(await sut.getRegistration()).toEqual({
      paymentStatus: 'pending',
      paymentUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
      expiresAt: Date.parse('2025-03-01T12:30:00Z'),
      registrationTier: 'sponsor',
      badgeName: 'Kitsune',
      tShirtSize: 'L',
    })
    expect(await sut.getInventory()).toEqual([
      { registrationTier: 'member', status: 'available' },
      { registrationTier: 'sponsor', status: 'sold_out' },
    ])
    expect(await sut.getRegistrationCode()).toBe('eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln')
  })

  it('starts a registration with the wire names and returns the payment URL', async () => {
    const { sut, api } = setup()
    const checkout = await sut.postRegistration({
      registrationTier: 'fursuiter',
      badgeName: 'Wolf',
      changingRoomType: 'male',
      tShirtSize: 'S',
      agreedToRules: true,
      successUrl: 'https://furfes.example/ja/mypage/dashboard',
      cancelUrl: 'https://furfes.example/ja/mypage/registration',
    })
    expect(checkout).toEqual({ paymentUrl: 'https://checkout.stripe.com/c/pay/cs_test_2' })
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      url: 'https://api.furfes.example/v1/registration',
      body: {
        registration_tier: 'fursuiter',
        badge_name: 'Wolf',
        changing_room_type: 'male',
        agreed_to_rules: true,
        success_url: 'https://furfes.example/ja/mypage/dashboard',
        cancel_url: 'https://furfes.example/ja/mypage/registration',
      },
    })
  })

  it('cancels the checkout session and returns the registration', async () => {
    const { sut } = setup()
    expect(await sut.deleteRegistration()).toEqual({
      paymentStatus: 'canceled',
      registrationTier: 'sponsor',
      badgeName: 'Kitsune',
      tShirtSize: 'L',
    })
  })
})

describe('member API client errors', () => {
  it('raises NotAuthenticatedError before any authenticated call when there is no auth state', async () => {
    const { sut, api } = setup({ signedIn: false })
    await expect(sut.getProfile()).rejects.toBeInstanceOf(NotAuthenticatedError)
    await expect(sut.postRegistration(memberRegistration)).rejects.toBeInstanceOf(NotAuthenticatedError)
    await expect(sut.getRegistration()).rejects.toBeInstanceOf(NotAuthenticatedError)
    expect(api.requests).toEqual([])
  })

  it('turns 401 Unauthorized into an authentication error (sign in again)', async () => {
    const { sut, api } = setup()
    api.answerNext(401, { message: 'Unauthorized' })
    const error = await sut.getInventory().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(describeError(error)).toEqual({
      key: 'general.authenticationRequired',
      values: {},
      unexpected: false,
    })
  })

  it('turns a known message key into a product error shown translated', async () => {
    const { sut, api } = setup()
    api.answerNext(409, { message: 'soldOut' })
    const error = await sut.getRegistrationCode().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProductError)
    expect(error).toMatchObject({ productKey: 'soldOut', status: 409 })
    expect(describeError(error)).toEqual({ key: 'product.soldOut', values: {}, unexpected: false })
  })

  it('turns anything else into the generic Unexpected error, flagged', async () => {
    const { sut, api } = setup()
    const answers: [number, unknown][] = [
      [500, { message: 'Something broke' }],
      [401, { message: 'Token expired' }],
      [503, '<html>Service Unavailable</html>'],
      [400, undefined],
    ]
    for (const [status, body] of answers) {
      api.answerNext(status, body)
      const error = await sut.getInventory().catch((caught: unknown) => caught)
      expect(error, String(status)).toBeInstanceOf(UnexpectedError)
      expect(error).toMatchObject({ status })
      expect(describeError(error)).toEqual({ key: 'general.unexpected', values: {}, unexpected: true })
    }
  })

  it('reads the venue in client names, signed in, and a 404 (not paid, not announced) as none', async () => {
    const paid = setup({ venue: venueWire })
    expect(await paid.sut.getVenue()).toEqual({
      name: venueWire.name,
      address: venueWire.address,
      access: venueWire.access,
      mapUrl: 'https://maps.example.com/tokyo-hall',
      entryTime: '09:30',
    })
    expect(paid.api.requests[0]).toMatchObject({
      method: 'GET',
      url: 'https://api.furfes.example/v1/venue',
      authorization: `Bearer ${memberToken}`,
    })
    expect(await setup().sut.getVenue()).toBeNull()
    const broken = setup({ venue: { ...venueWire, map_url: 'javascript:alert(1)' } })
    await expect(broken.sut.getVenue()).rejects.toThrow(/breaks the contract/)
  })

  it('does not read a 404 as none on routes where it means something else', async () => {
    const { sut, api } = setup()
    api.answerNext(404, { message: 'notFound' })
    await expect(sut.getRegistrationCode()).rejects.toMatchObject({ productKey: 'notFound', status: 404 })
  })

  it('refuses answers that break the contract', async () => {
    const { sut, api } = setup()
    api.answerNext(200, { items: [{ registration_tier: 'vip', status: 'available' }] })
    await expect(sut.getInventory()).rejects.toThrow(/breaks the contract/)
    api.answerNext(200, 'not json')
    await expect(sut.getInventory()).rejects.toThrow(/not JSON/)
    api.answerNext(204)
    await expect(sut.getInventory()).rejects.toThrow(/does not declare/)
    api.answerNext(200, { payment_url: 'javascript:alert(1)' })
    await expect(sut.postRegistration(memberRegistration)).rejects.toBeInstanceOf(UnexpectedError)
  })

  it('refuses to send a request its schema refuses', async () => {
    const { sut, api } = setup()
    const error = await sut
      .putProfile({ privacy: 'public', handleName: '', linkUrls: [] })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(UnexpectedError)
    expect(api.requests).toEqual([])
  })

  it('turns a failed fetch into a network error, and lets an abort through', async () => {
    const { sut, api } = setup()
    api.failNext(new TypeError('fetch failed'))
    const error = await sut.getFeatures().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NetworkError)
    expect(describeError(error)).toEqual({ key: 'product.networkError', values: {}, unexpected: false })
    const abort = new DOMException('The operation was aborted.', 'AbortError')
    api.failNext(abort)
    await expect(sut.getFeatures()).rejects.toBe(abort)
  })

  it("passes the caller's abort signal on to fetch", async () => {
    let received: AbortSignal | null | undefined
    const controller = new AbortController()
    const sut = createMemberApiClient({
      baseUrl: 'https://api.furfes.example',
      getAuthInfo: () => memberAuth,
      fetch: async (_input, init) => {
        received = init.signal
        // fetch gets a signal of its own (it also carries the timeout) that follows the caller's.
        expect(received?.aborted).toBe(false)
        controller.abort()
        return Response.json({
          is_new_club_activity_establishment_available: false,
          is_registration_available: false,
          is_under_maintenance: true,
        })
      },
    })
    expect((await sut.getFeatures({ signal: controller.signal })).isUnderMaintenance).toBe(true)
    expect(received?.aborted).toBe(true)
  })
})
