import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { databaseKinds, registrationRequest, useTestApi } from './support/harness.ts'

const profile = {
  privacy: 'public',
  handle_name: 'Kemono Taro',
  urls: ['https://bsky.app/profile/taro.example'],
}

describe.each(databaseKinds)('profiles and additional info on %s', (kind) => {
  const sut = useTestApi(kind)

  async function paidParticipant(userId: string, withProfile?: object): Promise<string> {
    const token = await sut.memberToken(userId)
    if (withProfile) await sut.request('PUT', '/profile', { token, body: withProfile })
    const created = await sut.request('POST', '/registration', { token, body: registrationRequest() })
    const url = new URL((created.body as { payment_url: string }).payment_url)
    await sut.api.registrations.markPaid(url.searchParams.get('checkout_session_id') ?? '')
    return token
  }

  it('answers 404 until a profile exists, then the saved profile (trimmed)', async () => {
    const token = await sut.memberToken()
    expect(await sut.request('GET', '/profile', { token })).toMatchObject({
      status: 404,
      body: { message: 'notFound' },
    })
    const put = await sut.request('PUT', '/profile', {
      token,
      body: { ...profile, handle_name: '  Kemono Taro ' },
    })
    expect(put).toMatchObject({ status: 200, body: profile })
    expect((await sut.request('GET', '/profile', { token })).body).toEqual(profile)
    const replaced = { privacy: 'private', handle_name: 'Taro', urls: [] }
    await sut.request('PUT', '/profile', { token, body: replaced })
    expect((await sut.request('GET', '/profile', { token })).body).toEqual(replaced)
  })

  it('refuses invalid profiles with the failing fields, and keeps the old one', async () => {
    const token = await sut.memberToken()
    await sut.request('PUT', '/profile', { token, body: profile })
    const response = await sut.request('PUT', '/profile', {
      token,
      body: { privacy: 'friends', handle_name: '', urls: ['javascript:alert(1)'] },
    })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      message: 'invalidRequest',
      issues: expect.arrayContaining([
        { path: ['handle_name'], message: 'validation.handleNameEmpty' },
        { path: ['urls', 0], message: 'validation.urlInvalid' },
      ]),
    })
    expect((await sut.request('GET', '/profile', { token })).body).toEqual(profile)
  })

  it('keeps the club activity X username; leaving it out clears it', async () => {
    const token = await sut.memberToken()
    expect(await sut.request('GET', '/registration/additional', { token })).toMatchObject({ status: 404 })
    expect(
      await sut.request('PUT', '/registration/additional', {
        token,
        body: { club_activity_x_username: 'furfes_tokyo' },
      }),
    ).toMatchObject({ status: 200, body: { club_activity_x_username: 'furfes_tokyo' } })
    expect((await sut.request('GET', '/registration/additional', { token })).body).toEqual({
      club_activity_x_username: 'furfes_tokyo',
    })
    expect(
      await sut.request('PUT', '/registration/additional', {
        token,
        body: { club_activity_x_username: '@not valid' },
      }),
    ).toMatchObject({ status: 400, body: { message: 'invalidRequest' } })
    expect(await sut.request('PUT', '/registration/additional', { token, body: {} })).toMatchObject({
      status: 200,
      body: {},
    })
    expect((await sut.request('GET', '/registration/additional', { token })).body).toEqual({})
  })

  it('lists only public profiles of participants whose registration is paid', async () => {
    await paidParticipant(randomUUID(), { ...profile, handle_name: 'Paid public' })
    await paidParticipant(randomUUID(), { ...profile, privacy: 'private', handle_name: 'Paid private' })
    await paidParticipant(randomUUID())
    const pending = await sut.memberToken()
    await sut.request('PUT', '/profile', {
      token: pending,
      body: { ...profile, handle_name: 'Pending public' },
    })
    await sut.request('POST', '/registration', { token: pending, body: registrationRequest() })
    const unregistered = await sut.memberToken()
    await sut.request('PUT', '/profile', {
      token: unregistered,
      body: { ...profile, handle_name: 'Not registered' },
    })

    const list = await sut.request('GET', '/public-profile')
    expect(list).toMatchObject({ status: 200, body: { items: [{ ...profile, handle_name: 'Paid public' }] } })
  })

  it('serves the public list from memory for a few seconds, and at once after this instance saves a profile', async () => {
    await paidParticipant(randomUUID(), { ...profile, handle_name: 'First' })
    expect((await sut.request('GET', '/public-profile')).body).toEqual({
      items: [{ ...profile, handle_name: 'First' }],
    })
    await paidParticipant(randomUUID(), { ...profile, handle_name: 'Second' })
    // Saving a profile through this instance clears its copy.
    expect((await sut.request('GET', '/public-profile')).body).toEqual({
      items: [
        { ...profile, handle_name: 'First' },
        { ...profile, handle_name: 'Second' },
      ],
    })
    await sut.database.db.execute(`update profiles set privacy = 'private'`)
    expect(((await sut.request('GET', '/public-profile')).body as { items: unknown[] }).items).toHaveLength(2)
    sut.clock.advance(5_000)
    expect((await sut.request('GET', '/public-profile')).body).toEqual({ items: [] })
  })

  it('lists every participant for admins, with registration, additional info, profile and e-mail', async () => {
    const paidId = randomUUID()
    sut.identity.setEmail(paidId, 'paid@example.com')
    const paidToken = await paidParticipant(paidId, profile)
    await sut.request('PUT', '/registration/additional', {
      token: paidToken,
      body: { club_activity_x_username: 'paid_user' },
    })
    const visitorId = randomUUID()
    sut.identity.setEmail(visitorId, 'visitor@example.com')
    sut.clock.advance(1_000) // The list is in order of first visit.
    await sut.request('GET', '/registration', { token: await sut.memberToken(visitorId) })

    const response = await sut.request('GET', '/admin/participants', { token: await sut.adminToken() })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      items: [
        {
          user: { user_id: paidId, email: 'paid@example.com' },
          registration: {
            id: expect.any(String),
            registration_tier: 'member',
            badge_name: 'Kemo',
            payment_status: 'paid',
            badge_number: 1,
          },
          registration_additional_info: { club_activity_x_username: 'paid_user' },
          profile,
        },
        { user: { user_id: visitorId, email: 'visitor@example.com' } },
      ],
    })
  })

  it('keeps the admin list e-mail current after the member changes it', async () => {
    const userId = randomUUID()
    sut.identity.setEmail(userId, 'old@example.com')
    await sut.request('GET', '/profile', { token: await sut.memberToken(userId) })
    sut.identity.setEmail(userId, 'new@example.com')
    // The next call within the sync interval with the same token does not ask Cognito again…
    sut.clock.advance(1_000)
    const token = await sut.memberToken(userId)
    await sut.request('GET', '/profile', { token })
    const admin = await sut.adminToken()
    const emails = async () =>
      (
        (await sut.request('GET', '/admin/participants', { token: admin })).body as {
          items: { user: { email: string } }[]
        }
      ).items.map((item) => item.user.email)
    // …but a new token (the PWA refreshes it) is read at once.
    expect(await emails()).toEqual(['new@example.com'])
    // With the same token, the change is seen after the sync interval.
    sut.identity.setEmail(userId, 'newer@example.com')
    await sut.request('GET', '/profile', { token })
    expect(await emails()).toEqual(['new@example.com'])
    sut.clock.advance(60_000)
    await sut.request('GET', '/profile', { token })
    expect(await emails()).toEqual(['newer@example.com'])
  })

  it('keeps serving members when Cognito GetUser fails, and the last known e-mail stays', async () => {
    const userId = randomUUID()
    sut.identity.setEmail(userId, 'known@example.com')
    await sut.request('GET', '/profile', { token: await sut.memberToken(userId) })
    sut.identity.fail(true)
    const token = await sut.memberToken(userId)
    expect((await sut.request('PUT', '/profile', { token, body: profile })).status).toBe(200)
    const list = await sut.request('GET', '/admin/participants', { token: await sut.adminToken() })
    expect((list.body as { items: { user: { email: string } }[] }).items[0]?.user.email).toBe(
      'known@example.com',
    )
    expect(sut.logger.records.some((record) => record.msg.startsWith('GetUser failed'))).toBe(true)

    // A member seen for the first time while Cognito is down still gets a row (e-mail unknown: empty).
    const newcomer = randomUUID()
    expect((await sut.request('GET', '/profile', { token: await sut.memberToken(newcomer) })).status).toBe(
      404,
    )
    const after = await sut.request('GET', '/admin/participants', { token: await sut.adminToken() })
    expect((after.body as { items: { user: { user_id: string; email: string } }[] }).items).toContainEqual({
      user: { user_id: newcomer, email: '' },
    })
  })
})
