import { randomUUID } from 'node:crypto'
import { firstEdition, isErrorMessageKey } from '@furfes/core'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  checkIns,
  profiles,
  registrationAdditionalInfo,
  registrations,
  tierInventory,
  users,
} from '../src/db/schema.ts'
import { paymentWebhookPath } from '../src/payments/webhooks.ts'
import { syncTierCapacities } from '../src/services/inventory.ts'
import { databaseKinds, registrationRequest, type TestResponse, useTestApi } from './support/harness.ts'

/*
 * Free text on every write route (decision 015): what cannot be stored or printed is refused with 400 and the
 * field's translated message, never a 500, and what is accepted is stored exactly as it is read back. What is
 * read is answered as stored, even a text that today's rules would refuse.
 */

const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'

/** The characters the rules are about, mixed with ordinary ones so some texts pass. */
const tricky = fc.constantFrom(
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\u0007',
  '\n',
  '\u0085',
  '\u202E',
  '\u2066',
  '\u2069',
  '\u200B',
  '\u200D',
  '\uFEFF',
  '\uE000',
  '\u0301',
  ' ',
  'a',
  'ケ',
  '🦊',
  family,
)

/** Any UTF-16 text: every code point, lone surrogates and NUL included, and texts built from the tricky ones. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: tricky, maxLength: 25 }),
  fc.string({ unit: 'grapheme', maxLength: 25 }),
)

const url = (text: string) => `https://furfes.example/${text}`

interface WriteRoute {
  method: string
  path: string
  admin?: boolean
  body: fc.Arbitrary<unknown>
}

const writeRoutes: Record<string, WriteRoute> = {
  profile: {
    method: 'PUT',
    path: '/profile',
    body: fc.record({
      privacy: fc.constantFrom('public', 'private'),
      handle_name: anyText,
      urls: fc.array(fc.oneof(anyText.map(url), anyText), { maxLength: 3 }),
    }),
  },
  additionalInfo: {
    method: 'PUT',
    path: '/registration/additional',
    body: fc.record({ club_activity_x_username: anyText }),
  },
  registration: {
    method: 'POST',
    path: '/registration',
    body: fc
      .record({ badge_name: anyText, success: anyText, cancel: anyText })
      .map(({ badge_name, success, cancel }) => ({
        ...registrationRequest('member', badge_name),
        success_url: `https://pwa.furfes.test/ja/mypage/dashboard${success}`,
        cancel_url: `https://pwa.furfes.test/ja/mypage/registration${cancel}`,
      })),
  },
  checkIns: {
    method: 'POST',
    path: '/admin/check-ins',
    admin: true,
    body: fc.record({ device_id: anyText, device_name: anyText }).map(({ device_id, device_name }) => ({
      items: [
        {
          id: randomUUID(),
          registration_id: randomUUID(),
          device_id,
          device_name,
          checked_in_at: '2025-05-10T10:00:00+09:00',
          kind: 'check_in',
        },
      ],
    })),
  },
  features: {
    method: 'PUT',
    path: '/admin/features',
    admin: true,
    body: fc.record({
      is_new_club_activity_establishment_available: fc.oneof(fc.boolean(), anyText),
      is_registration_available: fc.constant(true),
      is_under_maintenance: fc.oneof(fc.constant(false), anyText),
    }),
  },
  webhook: { method: 'POST', path: paymentWebhookPath, body: anyText },
}

/** A refusal must say why in words the apps can translate. */
function expectTranslatableRefusal(response: TestResponse) {
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(500)
  if (response.status < 400) return
  const body = response.body as { message: unknown; issues?: { message: string }[] }
  expect(typeof body.message).toBe('string')
  for (const issue of body.issues ?? []) expect(isErrorMessageKey(issue.message), issue.message).toBe(true)
}

describe.each(databaseKinds)('free text on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 1000 } })

  it('refuses NUL in a handle name, URL and badge name with 400 and the field, and keeps the old profile', async () => {
    const token = await sut.memberToken()
    const saved = { privacy: 'public', handle_name: 'Kemo', urls: ['https://bsky.app/profile/kemo'] }
    await sut.request('PUT', '/profile', { token, body: saved })

    const profile = await sut.request('PUT', '/profile', {
      token,
      body: { privacy: 'public', handle_name: 'Ke\u0000mo', urls: ['https://x.com/\u0000'] },
    })
    expect(profile).toMatchObject({
      status: 400,
      body: {
        message: 'invalidRequest',
        issues: [
          { path: ['handle_name'], message: 'validation.handleNameInvalidCharacter' },
          { path: ['urls', 0], message: 'validation.urlInvalid' },
        ],
      },
    })
    expect((await sut.request('GET', '/profile', { token })).body).toEqual(saved)

    const registration = await sut.request('POST', '/registration', {
      token,
      body: registrationRequest('member', 'Ke\u0000mo'),
    })
    expect(registration).toMatchObject({
      status: 400,
      body: {
        message: 'invalidRequest',
        issues: [{ path: ['badge_name'], message: 'validation.badgeNameUnprintable' }],
      },
    })
    expect((await sut.request('GET', '/registration', { token })).status).toBe(404)
  })

  it('refuses NUL in a check-in device name with 400 and stores nothing', async () => {
    const admin = await sut.adminToken()
    const item = {
      id: randomUUID(),
      registration_id: randomUUID(),
      device_id: 'device-a',
      device_name: '受付\u0000',
      checked_in_at: '2025-05-10T10:00:00+09:00',
      kind: 'check_in',
    }
    const response = await sut.request('POST', '/admin/check-ins', { token: admin, body: { items: [item] } })
    expect(response).toMatchObject({
      status: 400,
      body: { issues: [{ path: ['items', 0, 'device_name'], message: 'validation.invalidInput' }] },
    })
    const page = await sut.request('GET', '/admin/check-ins', { token: admin })
    expect(page.body).toMatchObject({ items: [] })
  })

  it('refuses bidi overrides, controls, line separators, stray tags and joiners and invisible names, and takes emoji sequences as one character', async () => {
    const token = await sut.memberToken()
    const cases: [string, number, string | undefined][] = [
      ['\u202Eomek', 400, 'validation.badgeNameUnprintable'],
      ['Ke\u2066mo\u2069', 400, 'validation.badgeNameUnprintable'],
      ['Ke\u0007mo', 400, 'validation.badgeNameUnprintable'],
      ['Kemo\uD83E', 400, 'validation.badgeNameUnprintable'],
      ['\u200B\u200B', 400, 'validation.badgeNameEmpty'],
      ['Ke\u2028mo', 400, 'validation.badgeNameUnprintable'],
      ['Ke\uFFF9mo\uFFFAkemo\uFFFB', 400, 'validation.badgeNameUnprintable'],
      ['Kemo\u{E0067}\u{E0062}', 400, 'validation.badgeNameUnprintable'],
      ['Ke\u200Dmo', 400, 'validation.badgeNameStrayJoiner'],
      ['\u{1F98A}\u200D\u200D\u{1F43A}', 400, 'validation.badgeNameStrayJoiner'],
      ['\u2764\uFE0F\uFE0F', 400, 'validation.badgeNameStrayJoiner'],
      [family.repeat(21), 400, 'validation.badgeNameTooLong'],
      [family.repeat(20), 201, undefined],
    ]
    for (const [badgeName, status, message] of cases) {
      const response = await sut.request('POST', '/registration', {
        token,
        body: registrationRequest('member', badgeName),
      })
      expect(response.status, JSON.stringify(badgeName)).toBe(status)
      if (message) expect(response.body).toMatchObject({ issues: [{ path: ['badge_name'], message }] })
    }
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      badge_name: family.repeat(20),
    })
  })

  it('answers texts stored under an earlier rule as they are, everywhere they are read, and refuses writing them', async () => {
    const now = new Date(sut.clock())
    const bidiBadge = '\u202Eomek'
    const longBadge = 'あ'.repeat(25)
    const invisibleHandle = '\u200B\u200B'
    const legacyUrl = 'https://x.com/\u202Eevil'
    const badges = [bidiBadge, longBadge]
    const ids = badges.map(() => ({ userId: randomUUID(), registrationId: randomUUID() }))
    // Written straight into the tables, as rows stored before today's rules would be.
    await sut.database.db
      .insert(users)
      .values(ids.map(({ userId }) => ({ userId, email: `${userId}@example.com`, createdAt: now })))
    await sut.database.db.insert(registrations).values(
      ids.map(({ userId, registrationId }, index) => ({
        registrationId,
        editionId: firstEdition.id,
        userId,
        registrationTier: 'member' as const,
        badgeName: badges[index] as string,
        paymentStatus: 'paid' as const,
        amountJpy: 3000,
        expiresAt: now,
        createdAt: now,
        updatedAt: now,
        paidAt: now,
      })),
    )
    // A start after those rows were stored counts their spots (syncTierCapacities on a fresh inventory).
    await sut.database.db.delete(tierInventory)
    await syncTierCapacities(sut.database.db, firstEdition.id, {
      member: 5,
      fursuiter: 3,
      sponsor: 2,
      sponsor_fursuiter: 1,
    })
    const [bidi, long] = ids as [(typeof ids)[number], (typeof ids)[number]]
    await sut.database.db.insert(profiles).values({
      userId: bidi.userId,
      privacy: 'public',
      handleName: invisibleHandle,
      urls: [legacyUrl],
      updatedAt: now,
    })
    await sut.database.db
      .insert(registrationAdditionalInfo)
      .values({ userId: bidi.userId, clubActivityXUsername: '@not valid', updatedAt: now })
    const storedProfile = { privacy: 'public', handle_name: invisibleHandle, urls: [legacyUrl] }

    const bidiToken = await sut.memberToken(bidi.userId)
    expect(await sut.request('GET', '/registration', { token: bidiToken })).toMatchObject({
      status: 200,
      body: { badge_name: bidiBadge, payment_status: 'paid' },
    })
    expect(
      await sut.request('GET', '/registration', { token: await sut.memberToken(long.userId) }),
    ).toMatchObject({ status: 200, body: { badge_name: longBadge } })
    expect(await sut.request('GET', '/profile', { token: bidiToken })).toEqual(
      expect.objectContaining({ status: 200, body: storedProfile }),
    )
    expect(await sut.request('GET', '/registration/additional', { token: bidiToken })).toMatchObject({
      status: 200,
      body: { club_activity_x_username: '@not valid' },
    })
    expect(await sut.request('GET', '/public-profile')).toEqual(
      expect.objectContaining({ status: 200, body: { items: [storedProfile] } }),
    )
    const admin = await sut.adminToken()
    const participants = await sut.request('GET', '/admin/participants', { token: admin })
    expect(participants.status).toBe(200)
    const items = (participants.body as { items: { user: { user_id: string } }[] }).items
    expect(items.find((item) => item.user.user_id === bidi.userId)).toMatchObject({
      registration: { badge_name: bidiBadge },
      registration_additional_info: { club_activity_x_username: '@not valid' },
      profile: storedProfile,
    })
    expect(items.find((item) => item.user.user_id === long.userId)).toMatchObject({
      registration: { badge_name: longBadge },
    })

    // The same texts sent again are refused: the rules hold for what is written.
    expect(await sut.request('PUT', '/profile', { token: bidiToken, body: storedProfile })).toMatchObject({
      status: 400,
      body: {
        issues: [
          { path: ['handle_name'], message: 'validation.handleNameEmpty' },
          { path: ['urls', 0], message: 'validation.urlInvalid' },
        ],
      },
    })
    expect(
      await sut.request('PUT', '/registration/additional', {
        token: bidiToken,
        body: { club_activity_x_username: '@not valid' },
      }),
    ).toMatchObject({ status: 400 })
    const newcomer = await sut.memberToken()
    for (const [badge, message] of [
      [bidiBadge, 'validation.badgeNameUnprintable'],
      [longBadge, 'validation.badgeNameTooLong'],
    ]) {
      expect(
        await sut.request('POST', '/registration', {
          token: newcomer,
          body: registrationRequest('member', badge),
        }),
      ).toMatchObject({ status: 400, body: { issues: [{ path: ['badge_name'], message }] } })
    }
    expect((await sut.request('GET', '/profile', { token: bidiToken })).body).toEqual(storedProfile)
    expect(sut.logger.records.filter((record) => record.level === 'error')).toEqual([])
  })

  it('answers check-ins whose device id and name were stored under an earlier rule, and refuses uploading them', async () => {
    const admin = await sut.adminToken()
    const token = await sut.memberToken()
    const created = await sut.request('POST', '/registration', { token, body: registrationRequest() })
    const url = new URL((created.body as { payment_url: string }).payment_url)
    await sut.api.registrations.markPaid(url.searchParams.get('checkout_session_id') ?? '')
    const registrationId = (
      await sut.database.db.select({ id: registrations.registrationId }).from(registrations)
    )[0]?.id as string
    const item = (deviceName: string) => ({
      id: randomUUID(),
      registration_id: registrationId,
      device_id: 'device-a',
      device_name: deviceName,
      checked_in_at: '2025-05-10T10:00:00+09:00',
      kind: 'check_in',
    })
    const first = item('受付1')
    expect(
      await sut.request('POST', '/admin/check-ins', { token: admin, body: { items: [first] } }),
    ).toMatchObject({
      status: 200,
      body: { results: [{ status: 'accepted' }] },
    })
    const legacyName = '受付\n1\u202E'
    const legacyId = 'd'.repeat(80)
    await sut.database.db
      .update(checkIns)
      .set({ deviceName: legacyName, deviceId: legacyId })
      .where(eq(checkIns.id, first.id))

    expect(await sut.request('GET', '/admin/check-ins', { token: admin })).toMatchObject({
      status: 200,
      body: { items: [{ id: first.id, device_id: legacyId, device_name: legacyName }] },
    })
    const again = item('受付2')
    expect(
      await sut.request('POST', '/admin/check-ins', { token: admin, body: { items: [again] } }),
    ).toMatchObject({
      status: 200,
      body: {
        results: [
          {
            status: 'duplicate',
            first_check_in: { id: first.id, device_id: legacyId, device_name: legacyName },
          },
        ],
      },
    })
    expect(
      await sut.request('POST', '/admin/check-ins', { token: admin, body: { items: [item(legacyName)] } }),
    ).toMatchObject({
      status: 400,
      body: { issues: [{ path: ['items', 0, 'device_name'], message: 'validation.invalidInput' }] },
    })
    expect(sut.logger.records.filter((record) => record.level === 'error')).toEqual([])
  })

  it('never answers 5xx to any text on any write route, and stores what it accepts as it reads it back', async () => {
    const admin = await sut.adminToken()
    const route = fc.constantFrom(...Object.keys(writeRoutes))
    const request = route.chain((name) =>
      fc.tuple(fc.constant(name), writeRoutes[name]?.body ?? fc.constant(0)),
    )
    const statuses = new Set<number>()
    await fc.assert(
      fc.asyncProperty(request, fc.boolean(), async ([name, body], raw) => {
        const writeRoute = writeRoutes[name] as WriteRoute
        // A new member each time, so a registration accepted earlier does not answer 409 to the rest.
        const token = writeRoute.admin ? admin : await sut.memberToken()
        // JSON escapes a lone surrogate or NUL (\ud800, \u0000); a raw body carries them as UTF-8 bytes.
        const response = await sut.request(writeRoute.method, writeRoute.path, {
          token,
          ...(raw && typeof body === 'string' ? { rawBody: body } : { body }),
        })
        statuses.add(response.status)
        expectTranslatableRefusal(response)
        if (response.status === 200 && name === 'profile') {
          const sent = body as { handle_name: string; urls: string[] }
          const stored = await sut.request('GET', '/profile', { token })
          expect(stored.body).toEqual(response.body)
          // Names are trimmed, and so are URLs (zod's URL check trims them).
          expect(stored.body).toMatchObject({
            handle_name: sent.handle_name.trim(),
            urls: sent.urls.map((link) => link.trim()),
          })
        }
        if (response.status === 201 && name === 'registration') {
          const stored = await sut.request('GET', '/registration', { token })
          expect(stored.body).toMatchObject({
            badge_name: (body as { badge_name: string }).badge_name.trim(),
          })
        }
      }),
      { numRuns: 300 },
    )
    expect(statuses.has(400)).toBe(true)
    expect([...statuses].some((status) => status === 200 || status === 201)).toBe(true)
    expect(sut.logger.records.filter((record) => record.level === 'error')).toEqual([])
  })
})
