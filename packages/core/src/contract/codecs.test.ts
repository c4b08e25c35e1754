import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { addonCheckoutCodec, addonListCodec } from './addons.ts'
import { checkInPageCodec, checkInUploadResultCodec } from './check-ins.ts'
import { featureFlagsCodec, featureFlagsWireSchema } from './flags.ts'
import { featureFlagsFromJson } from './flags-wire.ts'
import { participantListCodec } from './participants.ts'
import { profileCodec, profileListCodec, profileRequestCodec } from './profile.ts'
import { eventCancellationRunCodec } from './refunds.ts'
import {
  inventoryCodec,
  registrationAdditionalInfoCodec,
  registrationAdditionalInfoRequestCodec,
  registrationCheckoutCodec,
  registrationCodeCodec,
  registrationCodec,
  registrationHistoryCodec,
  registrationRequestCodec,
  registrationRequestWireSchema,
  registrationWireSchema,
} from './registration.ts'
import { wireShapeOf } from './wire-shape.ts'

describe('feature flags', () => {
  it('maps the snake_case flags to the client names', () => {
    const wire = {
      is_new_club_activity_establishment_available: true,
      is_registration_available: false,
      is_under_maintenance: true,
    }
    const client = {
      isNewClubActivityEstablishmentAvailable: true,
      isRegistrationAvailable: false,
      isUnderMaintenance: true,
    }
    expect(featureFlagsCodec.parse(wire)).toEqual(client)
    expect(z.encode(featureFlagsCodec, client)).toEqual(wire)
  })

  it('refuses a body without every flag', () => {
    expect(featureFlagsCodec.safeParse({ is_registration_available: true }).success).toBe(false)
  })

  it('reads an answer without zod as the codec does, and refuses what the codec refuses', () => {
    const shape = wireShapeOf(featureFlagsWireSchema)
    const answers: unknown[] = [
      {
        is_new_club_activity_establishment_available: true,
        is_registration_available: false,
        is_under_maintenance: true,
      },
      {
        is_new_club_activity_establishment_available: false,
        is_registration_available: false,
        is_under_maintenance: false,
        is_event_cancelled: true,
      },
      { is_registration_available: true },
      {
        is_new_club_activity_establishment_available: 1,
        is_registration_available: true,
        is_under_maintenance: false,
      },
      {
        is_new_club_activity_establishment_available: true,
        is_registration_available: true,
        is_under_maintenance: false,
        is_event_cancelled: 'yes',
      },
      null,
    ]
    for (const answer of answers) {
      const parsed = featureFlagsCodec.safeParse(answer)
      expect(featureFlagsFromJson(shape, answer)).toEqual(parsed.success ? parsed.data : undefined)
    }
    expect(featureFlagsFromJson(shape, answers[1])).toEqual({
      isNewClubActivityEstablishmentAvailable: false,
      isRegistrationAvailable: false,
      isUnderMaintenance: false,
      isEventCancelled: true,
    })
  })
})

describe('profile', () => {
  const wire = {
    privacy: 'public',
    handle_name: 'Kitsune',
    urls: ['https://bsky.app/profile/kitsune.example'],
  } as const
  const client = {
    privacy: 'public' as const,
    handleName: 'Kitsune',
    linkUrls: ['https://bsky.app/profile/kitsune.example'],
  }

  it('maps handle_name and urls to handleName and linkUrls, both ways', () => {
    expect(profileCodec.parse(wire)).toEqual(client)
    expect(z.encode(profileCodec, client)).toEqual(wire)
    expect(profileListCodec.parse({ items: [wire, wire] })).toEqual([client, client])
  })

  it('sends with the same rules as the form', () => {
    expect(z.encode(profileRequestCodec, client)).toEqual(wire)
    expect(profileRequestCodec.safeParse({ ...wire, handle_name: '' }).error?.issues[0]?.message).toBe(
      'validation.handleNameEmpty',
    )
    expect(
      profileRequestCodec.safeEncode({ ...client, handleName: '\u200B' }).error?.issues[0]?.message,
    ).toBe('validation.handleNameEmpty')
    expect(
      profileRequestCodec.safeEncode({ ...client, linkUrls: ['javascript:alert(1)'] }).error?.issues[0]
        ?.message,
    ).toBe('validation.urlInvalid')
  })

  it('reads a profile stored under an earlier rule as it is, but only links as URLs (decision 015)', () => {
    const stored = { ...wire, handle_name: '\u200B\u200B', urls: ['https://x.com/\u202Eevil'] }
    expect(profileCodec.parse(stored)).toEqual({
      ...client,
      handleName: '\u200B\u200B',
      linkUrls: ['https://x.com/\u202Eevil'],
    })
    expect(profileListCodec.parse({ items: [wire, stored] })).toHaveLength(2)
    expect(profileCodec.safeParse({ ...wire, urls: ['javascript:alert(1)'] }).success).toBe(false)
  })

  it('round-trips every valid profile', () => {
    const profile = fc.record({
      privacy: fc.constantFrom('public' as const, 'private' as const),
      handleName: fc
        .string({ minLength: 1, maxLength: 100 })
        .filter((name) => name.trim() === name && name !== ''),
      linkUrls: fc.array(fc.webUrl(), { maxLength: 10 }),
    })
    fc.assert(
      fc.property(profile, (value) => {
        expect(profileCodec.parse(z.encode(profileRequestCodec, value))).toEqual(value)
      }),
      { numRuns: 40 },
    )
  })
})

describe('registration additional info', () => {
  it('maps club_activity_x_username to clubActivityXUsername, and sends an empty one as none', () => {
    expect(registrationAdditionalInfoCodec.parse({ club_activity_x_username: 'fox_1' })).toEqual({
      clubActivityXUsername: 'fox_1',
    })
    expect(registrationAdditionalInfoCodec.parse({})).toEqual({})
    expect(z.encode(registrationAdditionalInfoCodec, { clubActivityXUsername: 'fox_1' })).toEqual({
      club_activity_x_username: 'fox_1',
    })
    expect(z.encode(registrationAdditionalInfoRequestCodec, { clubActivityXUsername: 'fox_1' })).toEqual({
      club_activity_x_username: 'fox_1',
    })
    expect(z.encode(registrationAdditionalInfoRequestCodec, { clubActivityXUsername: '' })).toEqual({})
  })

  it('sends only a valid X username, and reads the one stored as it is', () => {
    expect(
      registrationAdditionalInfoRequestCodec.safeEncode({ clubActivityXUsername: '@fox' }).error?.issues[0]
        ?.message,
    ).toBe('validation.xUsernameInvalid')
    expect(registrationAdditionalInfoCodec.parse({ club_activity_x_username: '@fox' })).toEqual({
      clubActivityXUsername: '@fox',
    })
  })
})

describe('inventory', () => {
  it('maps the items', () => {
    expect(inventoryCodec.parse({ items: [{ registration_tier: 'sponsor', status: 'sold_out' }] })).toEqual([
      { registrationTier: 'sponsor', status: 'sold_out' },
    ])
  })
})

describe('registration', () => {
  const pending = {
    payment_status: 'pending',
    payment_url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    expires_at: '2025-03-01T12:30:00+09:00',
    registration_tier: 'sponsor_fursuiter',
    badge_name: 'Kitsune',
    t_shirt_size: 'XL',
    changing_room_type: 'female',
  } as const

  it('carries the payment URL and its expiry in ms while pending', () => {
    expect(registrationCodec.parse(pending)).toEqual({
      paymentStatus: 'pending',
      paymentUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
      expiresAt: Date.parse('2025-03-01T03:30:00Z'),
      registrationTier: 'sponsor_fursuiter',
      badgeName: 'Kitsune',
      tShirtSize: 'XL',
      changingRoomType: 'female',
    })
  })

  it('requires payment_url and expires_at while pending, and carries neither otherwise', () => {
    const { payment_url: _url, ...withoutUrl } = pending
    expect(registrationWireSchema.safeParse(withoutUrl).success).toBe(false)
    const paid = { payment_status: 'paid', registration_tier: 'member', badge_name: 'Fox' } as const
    expect(registrationCodec.parse(paid)).toEqual({
      paymentStatus: 'paid',
      registrationTier: 'member',
      badgeName: 'Fox',
    })
    expect(registrationWireSchema.safeParse({ ...paid, payment_status: 'refunded' }).success).toBe(false)
  })

  it('encodes back to the wire with an ISO expiry', () => {
    expect(z.encode(registrationCodec, registrationCodec.parse(pending))).toEqual({
      ...pending,
      expires_at: '2025-03-01T03:30:00.000Z',
    })
  })

  it("reads the past editions' registrations from their own route, paid_at in ms, and back", () => {
    const wire = {
      items: [
        {
          edition_id: '2025',
          edition_name: { ja: '東京ふぁーりーフェス 2025', en: 'Tokyo Furry Fes 2025' },
          registration_tier: 'sponsor',
          payment_status: 'paid',
          amount_jpy: 10000,
          paid_at: '2025-03-01T01:00:00.000Z',
        },
        {
          edition_id: '2024',
          edition_name: { ja: '東京ふぁーりーフェス 2024', en: 'Tokyo Furry Fes 2024' },
          registration_tier: 'member',
          payment_status: 'expired',
          amount_jpy: 3000,
        },
      ],
    } as const
    const client = registrationHistoryCodec.parse(wire)
    expect(client).toEqual([
      {
        editionId: '2025',
        editionName: { ja: '東京ふぁーりーフェス 2025', en: 'Tokyo Furry Fes 2025' },
        registrationTier: 'sponsor',
        paymentStatus: 'paid',
        amountJpy: 10000,
        paidAt: Date.parse('2025-03-01T01:00:00Z'),
      },
      {
        editionId: '2024',
        editionName: { ja: '東京ふぁーりーフェス 2024', en: 'Tokyo Furry Fes 2024' },
        registrationTier: 'member',
        paymentStatus: 'expired',
        amountJpy: 3000,
      },
    ])
    expect(z.encode(registrationHistoryCodec, client)).toEqual(wire)
  })

  it('carries no history in the registration: it has its own route', () => {
    const client = registrationCodec.parse({
      payment_status: 'paid',
      registration_tier: 'member',
      badge_name: 'Fox',
      history: [],
    })
    expect(client).toEqual({ paymentStatus: 'paid', registrationTier: 'member', badgeName: 'Fox' })
  })
})

describe('registration request', () => {
  const request = {
    registrationTier: 'member' as const,
    badgeName: ' Fox ',
    tShirtSize: 'M' as const,
    changingRoomType: 'male' as const,
    agreedToRules: true,
    successUrl: 'https://furfes.example/ja/mypage/dashboard?refresh',
    cancelUrl: 'https://furfes.example/ja/mypage/registration',
  }

  it('sends only what the tier uses, trimmed, in snake_case', () => {
    expect(z.encode(registrationRequestCodec, request)).toEqual({
      registration_tier: 'member',
      badge_name: 'Fox',
      agreed_to_rules: true,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      language: 'ja',
      minor: false,
    })
    expect(z.encode(registrationRequestCodec, { ...request, language: 'en' })).toMatchObject({
      language: 'en',
    })
    expect(
      z.encode(registrationRequestCodec, { ...request, registrationTier: 'sponsor_fursuiter' }),
    ).toMatchObject({
      t_shirt_size: 'M',
      changing_room_type: 'male',
    })
  })

  it('refuses on the wire a size or room the tier does not have, and a missing one it needs', () => {
    const wire = {
      registration_tier: 'member',
      badge_name: 'Fox',
      agreed_to_rules: true,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    }
    expect(registrationRequestWireSchema.safeParse(wire).success).toBe(true)
    // Clients from before the language was sent register in Japanese; an unknown language is refused.
    expect(registrationRequestWireSchema.parse(wire).language).toBe('ja')
    expect(registrationRequestWireSchema.safeParse({ ...wire, language: 'fr' }).success).toBe(false)
    const messages = (value: unknown) =>
      registrationRequestWireSchema
        .safeParse(value)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(messages({ ...wire, t_shirt_size: 'M' })).toEqual([
      ['t_shirt_size', 'validation.tShirtSizeNotApplicable'],
    ])
    expect(messages({ ...wire, registration_tier: 'fursuiter' })).toEqual([
      ['changing_room_type', 'validation.changingRoomEmpty'],
    ])
    expect(messages({ ...wire, registration_tier: 'sponsor' })).toEqual([
      ['t_shirt_size', 'validation.tShirtSizeEmpty'],
    ])
  })

  it('refuses to encode a request the form would refuse', () => {
    const result = registrationRequestCodec.safeEncode({
      ...request,
      registrationTier: 'sponsor',
      tShirtSize: undefined,
    })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.tShirtSizeEmpty'])
  })
})

describe('checkout, registration code and participants', () => {
  it('maps payment_url and the token', () => {
    expect(
      registrationCheckoutCodec.parse({ payment_url: 'https://checkout.stripe.com/c/pay/cs_1' }),
    ).toEqual({
      paymentUrl: 'https://checkout.stripe.com/c/pay/cs_1',
    })
    expect(registrationCodeCodec.parse({ token: 'a.b.c' })).toBe('a.b.c')
  })

  it('maps participants with their optional parts', () => {
    const userId = '9f1c2b3a-4d5e-4f60-8a7b-0c1d2e3f4a5b'
    const wire = {
      items: [
        { user: { user_id: userId, email: 'fox@example.com' } },
        {
          user: { user_id: userId, email: 'wolf@example.com' },
          registration: {
            payment_status: 'paid',
            registration_tier: 'fursuiter',
            badge_name: 'Wolf',
            changing_room_type: 'male',
          },
          registration_additional_info: { club_activity_x_username: 'wolf' },
          profile: { privacy: 'private', handle_name: 'Wolf', urls: [] },
        },
      ],
    }
    const participants = participantListCodec.parse(wire)
    expect(participants).toEqual([
      { user: { userId, email: 'fox@example.com' } },
      {
        user: { userId, email: 'wolf@example.com' },
        registration: {
          paymentStatus: 'paid',
          registrationTier: 'fursuiter',
          badgeName: 'Wolf',
          changingRoomType: 'male',
        },
        registrationAdditionalInfo: { clubActivityXUsername: 'wolf' },
        profile: { privacy: 'private', handleName: 'Wolf', linkUrls: [] },
      },
    ])
    expect(z.encode(participantListCodec, participants)).toEqual(wire)
    expect(participantListCodec.safeParse({ items: [{ user: { user_id: 'u1', email: 'x' } }] }).success).toBe(
      false,
    )
  })

  it('shows admins a held spot whose checkout session is being opened: pending without a payment URL', () => {
    const userId = '9f1c2b3a-4d5e-4f60-8a7b-0c1d2e3f4a5b'
    const registrationId = '0b6f2c1e-7a3d-4e5f-9b8c-1d2e3f4a5b6c'
    const wire = {
      items: [
        {
          user: { user_id: userId, email: 'fox@example.com' },
          registration: {
            payment_status: 'pending',
            expires_at: '2025-03-01T10:00:30.000Z',
            registration_tier: 'member',
            badge_name: 'Fox',
            id: registrationId,
          },
        },
      ],
    }
    const participants = participantListCodec.parse(wire)
    expect(participants).toEqual([
      {
        user: { userId, email: 'fox@example.com' },
        registration: {
          paymentStatus: 'pending',
          expiresAt: Date.parse('2025-03-01T10:00:30Z'),
          registrationTier: 'member',
          badgeName: 'Fox',
          registrationId,
        },
      },
    ])
    expect(z.encode(participantListCodec, participants)).toEqual(wire)
    // The member's own view has no such state: pending always carries its payment URL there.
    const { id: _id, ...registration } = wire.items[0]?.registration ?? {}
    expect(registrationWireSchema.safeParse(registration).success).toBe(false)
  })

  it("reads participants and check-ins whose texts break today's rules, so one of them cannot hide the rest (decision 015)", () => {
    const userId = '9f1c2b3a-4d5e-4f60-8a7b-0c1d2e3f4a5b'
    const longBadge = 'あ'.repeat(25)
    const bidiBadge = '\u202Eomek'
    const wire = {
      items: [
        { user: { user_id: userId, email: 'fox@example.com' } },
        ...[bidiBadge, longBadge].map((badge_name) => ({
          user: { user_id: userId, email: 'wolf@example.com' },
          registration: { payment_status: 'paid', registration_tier: 'member', badge_name },
          registration_additional_info: { club_activity_x_username: 'not valid' },
          profile: { privacy: 'public', handle_name: '\u200B', urls: [] },
        })),
      ],
    }
    const participants = participantListCodec.parse(wire)
    expect(participants.map((participant) => participant.registration?.badgeName)).toEqual([
      undefined,
      bidiBadge,
      longBadge,
    ])
    expect(participants[1]).toMatchObject({
      registrationAdditionalInfo: { clubActivityXUsername: 'not valid' },
      profile: { handleName: '\u200B' },
    })

    const deviceName = '受付\n1\u202E'
    const record = {
      id: userId,
      registration_id: userId,
      device_id: 'a'.repeat(80),
      device_name: deviceName,
      checked_in_at: '2025-05-10T01:00:00.000Z',
      kind: 'check_in',
      status: 'accepted',
      received_at: '2025-05-10T01:00:01.000Z',
    }
    expect(
      checkInPageCodec.parse({ items: [record], next_cursor: 'c1', has_more: false }).items,
    ).toMatchObject([{ deviceName }])
    const first = { id: userId, device_id: 'a', device_name: deviceName, checked_in_at: record.checked_in_at }
    expect(
      checkInUploadResultCodec.parse({
        results: [{ id: userId, status: 'duplicate', first_check_in: first }],
      }),
    ).toMatchObject([{ firstCheckIn: { deviceName } }])
  })
})

describe('event-cancelled refund run', () => {
  it('maps the run with its progress and instants in ms, and encodes back to the same wire', () => {
    const wire = {
      run_id: '9b2f5a52-8a43-4f0e-9d8e-6b1f0f3c2a11',
      status: 'finished' as const,
      expenses_per_person_jpy: 1000,
      total_registrations: 5,
      refunded: 4,
      failed: 1,
      started_at: '2025-05-01T01:00:00.000Z',
      finished_at: '2025-05-01T01:05:00.000Z',
      last_error: 'refused',
    }
    const run = eventCancellationRunCodec.parse(wire)
    expect(run).toEqual({
      runId: wire.run_id,
      status: 'finished',
      expensesPerPersonJpy: 1000,
      totalRegistrations: 5,
      refunded: 4,
      failed: 1,
      startedAt: Date.parse(wire.started_at),
      finishedAt: Date.parse(wire.finished_at),
      lastError: 'refused',
    })
    expect(z.encode(eventCancellationRunCodec, run)).toEqual(wire)
    const { finished_at: _finished, last_error: _error, ...running } = { ...wire, status: 'running' as const }
    expect(z.encode(eventCancellationRunCodec, eventCancellationRunCodec.parse(running))).toEqual(running)
  })
})

describe('add-ons', () => {
  it('maps the list with names per language, instants in ms and the purchase, and encodes back to the same wire', () => {
    const purchase = {
      purchase_id: '0b7c2a3e-4f0e-4b8e-9a3c-2e1f5d6c7b8a',
      status: 'pending' as const,
      amount_jpy: 500,
      purchased_at: '2025-03-01T01:00:00.000Z',
      payment_url: 'https://checkout.stripe.test/c/pay/cs_1',
    }
    const wire = {
      items: [
        {
          code: 'cooking_club_tasting',
          name_ja: '料理部 試食会',
          name_en: 'Cooking club tasting',
          price_jpy: 500,
          capacity: 50,
          remaining: 49,
          sale_opens_at: '2025-02-13T15:00:00.000Z',
          sale_closes_at: '2025-05-09T14:59:59.999Z',
          purchase,
        },
      ],
    }
    const addons = addonListCodec.parse(wire)
    expect(addons[0]).toEqual({
      code: 'cooking_club_tasting',
      name: { ja: '料理部 試食会', en: 'Cooking club tasting' },
      priceJpy: 500,
      capacity: 50,
      remaining: 49,
      saleOpensAt: Date.parse('2025-02-13T15:00:00.000Z'),
      saleClosesAt: Date.parse('2025-05-09T14:59:59.999Z'),
      purchase: {
        purchaseId: purchase.purchase_id,
        status: 'pending',
        amountJpy: 500,
        purchasedAt: Date.parse(purchase.purchased_at),
        paymentUrl: purchase.payment_url,
      },
    })
    expect(z.encode(addonListCodec, addons)).toEqual(wire)
    const paid = { ...purchase, status: 'paid' as const, paid_at: '2025-03-01T01:05:00.000Z' }
    const { payment_url: _url, ...withoutUrl } = paid
    const none = {
      items: [
        { ...wire.items[0], purchase: null },
        { ...wire.items[0], purchase: withoutUrl },
      ],
    }
    expect(z.encode(addonListCodec, addonListCodec.parse(none))).toEqual(none)
  })

  it('sends the checkout return addresses in snake_case', () => {
    const checkout = {
      successUrl: 'https://pwa.test/ja/mypage/dashboard',
      cancelUrl: 'https://pwa.test/ja/mypage',
    }
    expect(z.encode(addonCheckoutCodec, checkout)).toEqual({
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
    })
  })
})
