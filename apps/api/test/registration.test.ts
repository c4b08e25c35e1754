import { randomUUID } from 'node:crypto'
import {
  type CompactRegistrationCode,
  compactRegistrationCodeSignedBy,
  defaultEventSchedule,
  endOfDayInTokyo,
  firstEdition,
  parseCompactRegistrationCode,
  registrationCodeKeyHint,
} from '@furfes/core'
import { describe, expect, it } from 'vitest'
import {
  checkoutSessionOf,
  createTestApi,
  databaseKinds,
  minutes,
  pwaUrl,
  registrationRequest,
  tierCounts,
  useTestApi,
} from './support/harness.ts'

describe.each(databaseKinds)('registration on %s', (kind) => {
  const sut = useTestApi(kind, { capacities: { member: 2, sponsor_fursuiter: 1 } })

  async function register(token: string, body: object = registrationRequest()) {
    return sut.request('POST', '/registration', { token, body })
  }

  async function inventoryStatus(token: string, tier: string) {
    const response = await sut.request('GET', '/inventory', { token })
    const items = (response.body as { items: { registration_tier: string; status: string }[] }).items
    return items.find((item) => item.registration_tier === tier)?.status
  }

  it('answers 404 before registering, then a pending registration with its payment URL and expiry', async () => {
    const token = await sut.memberToken()
    expect(await sut.request('GET', '/registration', { token })).toMatchObject({
      status: 404,
      body: { message: 'notFound' },
    })
    const created = await register(token, registrationRequest('sponsor_fursuiter', '  Fluffy  '))
    expect(created.status).toBe(201)
    const paymentUrl = (created.body as { payment_url: string }).payment_url
    expect(new URL(paymentUrl).origin).toBe(pwaUrl)

    expect((await sut.request('GET', '/registration', { token })).body).toEqual({
      registration_tier: 'sponsor_fursuiter',
      badge_name: 'Fluffy',
      t_shirt_size: 'L',
      changing_room_type: 'female',
      payment_status: 'pending',
      payment_url: paymentUrl,
      expires_at: new Date(sut.clock() + minutes(30)).toISOString(),
    })
    const session = sut.gateway.sessions.get(checkoutSessionOf(created))
    expect(session?.request).toMatchObject({
      registrationTier: 'sponsor_fursuiter',
      amountJpy: 11000,
      successUrl: `${pwaUrl}/ja/mypage/dashboard?refresh=1`,
      expiresAt: sut.clock() + minutes(30),
    })
    expect(session?.request.customerEmail).toMatch(/@example\.com$/)
  })

  it('holds one spot per pending registration and says sold out when they are all held', async () => {
    const [first, second, third] = await Promise.all([
      sut.memberToken(),
      sut.memberToken(),
      sut.memberToken(),
    ])
    expect((await register(first)).status).toBe(201)
    expect(await inventoryStatus(first, 'member')).toBe('available')
    expect((await register(second)).status).toBe(201)
    expect(await inventoryStatus(first, 'member')).toBe('sold_out')
    expect(await register(third)).toMatchObject({ status: 409, body: { message: 'soldOut' } })
    expect(await tierCounts(sut.database, 'member')).toEqual({ taken: 2, holding: 2, capacity: 2 })
  })

  it('allows one live registration per user: purchaseSessionAlreadyExists while pending or paid', async () => {
    const token = await sut.memberToken()
    const created = await register(token)
    expect(await register(token, registrationRequest('fursuiter'))).toMatchObject({
      status: 409,
      body: { message: 'purchaseSessionAlreadyExists' },
    })
    sut.gateway.complete(checkoutSessionOf(created))
    await sut.api.registrations.markPaid(checkoutSessionOf(created))
    expect(await register(token)).toMatchObject({
      status: 409,
      body: { message: 'purchaseSessionAlreadyExists' },
    })
    expect(await tierCounts(sut.database, 'member')).toEqual({ taken: 1, holding: 1, capacity: 2 })
  })

  it('gives the spot back when the session expires, lazily on read, and lets the user register again', async () => {
    const [holder, waiting] = await Promise.all([sut.memberToken(), sut.memberToken()])
    await register(holder, registrationRequest('sponsor_fursuiter'))
    expect(await register(waiting, registrationRequest('sponsor_fursuiter'))).toMatchObject({
      status: 409,
      body: { message: 'soldOut' },
    })
    sut.clock.advance(minutes(30))
    expect(await inventoryStatus(waiting, 'sponsor_fursuiter')).toBe('available')
    expect((await register(waiting, registrationRequest('sponsor_fursuiter'))).status).toBe(201)
    expect(await tierCounts(sut.database, 'sponsor_fursuiter')).toEqual({ taken: 1, holding: 1, capacity: 1 })
  })

  it('shows an expired registration to its user and lets them start again', async () => {
    const userId = randomUUID()
    const token = await sut.memberToken(userId)
    await register(token)
    sut.clock.advance(minutes(31))
    const fresh = await sut.memberToken(userId)
    expect((await sut.request('GET', '/registration', { token: fresh })).body).toMatchObject({
      payment_status: 'expired',
      registration_tier: 'member',
    })
    expect((await register(fresh, registrationRequest('fursuiter'))).status).toBe(201)
    expect((await sut.request('GET', '/registration', { token: fresh })).body).toMatchObject({
      payment_status: 'pending',
      registration_tier: 'fursuiter',
    })
    expect(await tierCounts(sut.database, 'member')).toEqual({ taken: 0, holding: 0, capacity: 2 })
    expect(await tierCounts(sut.database, 'fursuiter')).toEqual({ taken: 1, holding: 1, capacity: 3 })
  })

  it('cancels the pending session on DELETE, ends it at the provider and gives the spot back', async () => {
    const token = await sut.memberToken()
    const created = await register(token, registrationRequest('sponsor_fursuiter'))
    const sessionId = checkoutSessionOf(created)
    const deleted = await sut.request('DELETE', '/registration', { token })
    expect(deleted).toMatchObject({
      status: 200,
      body: { payment_status: 'canceled', registration_tier: 'sponsor_fursuiter' },
    })
    expect(sut.gateway.sessions.get(sessionId)?.status).toBe('expired')
    expect(await inventoryStatus(token, 'sponsor_fursuiter')).toBe('available')
    // Again: nothing pending any more, the registration is answered as it is.
    expect(await sut.request('DELETE', '/registration', { token })).toMatchObject({
      status: 200,
      body: { payment_status: 'canceled' },
    })
    expect(await sut.request('DELETE', '/registration', { token: await sut.memberToken() })).toMatchObject({
      status: 404,
      body: { message: 'notFound' },
    })
  })

  it('answers DELETE with the paid registration when the user paid before the session could be ended', async () => {
    const token = await sut.memberToken()
    const created = await register(token)
    sut.gateway.complete(checkoutSessionOf(created))
    expect(await sut.request('DELETE', '/registration', { token })).toMatchObject({
      status: 200,
      body: { payment_status: 'paid' },
    })
    expect(await tierCounts(sut.database, 'member')).toEqual({ taken: 1, holding: 1, capacity: 2 })
  })

  it('runs the webhook lifecycle idempotently: markPaid and markExpired', async () => {
    const token = await sut.memberToken()
    const sessionId = checkoutSessionOf(await register(token))
    expect((await sut.api.registrations.markPaid(sessionId)).outcome).toBe('paid')
    expect((await sut.api.registrations.markPaid(sessionId)).outcome).toBe('already_paid')
    expect(await sut.api.registrations.markExpired(sessionId)).toBe('not_pending')
    expect(await sut.api.registrations.markExpired('cs_unknown')).toBe('unknown_session')
    expect((await sut.api.registrations.markPaid('cs_unknown')).outcome).toBe('unknown_session')
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'paid',
    })

    const other = await sut.memberToken()
    const otherSession = checkoutSessionOf(await register(other))
    expect(await sut.api.registrations.markExpired(otherSession)).toBe('expired')
    expect(await sut.api.registrations.markExpired(otherSession)).toBe('not_pending')
    expect(await tierCounts(sut.database, 'member')).toEqual({ taken: 1, holding: 1, capacity: 2 })
  })

  async function expiredSession(token: string, tier = 'sponsor_fursuiter' as const): Promise<string> {
    const created = await register(token, registrationRequest(tier))
    sut.clock.advance(minutes(31))
    await sut.api.registrations.releaseExpired()
    return checkoutSessionOf(created)
  }

  it('takes a spot again for a payment that arrives after its session expired', async () => {
    const token = await sut.memberToken()
    const session = await expiredSession(token)
    expect(await tierCounts(sut.database, 'sponsor_fursuiter')).toEqual({ taken: 0, holding: 0, capacity: 1 })
    expect((await sut.api.registrations.markPaid(session)).outcome).toBe('paid')
    expect((await sut.request('GET', '/registration', { token: await sut.memberToken() })).status).toBe(404)
    expect(await tierCounts(sut.database, 'sponsor_fursuiter')).toEqual({ taken: 1, holding: 1, capacity: 1 })
  })

  it('refunds in full a late payment that finds its spot taken by someone else', async () => {
    const session = await expiredSession(await sut.memberToken())
    expect((await register(await sut.memberToken(), registrationRequest('sponsor_fursuiter'))).status).toBe(
      201,
    )
    sut.gateway.complete(session)
    const result = await sut.api.registrations.markPaid(session)
    expect(result.outcome).toBe('refunded_automatically')
    expect(result.outcome === 'refunded_automatically' && result.registration.paymentStatus).toBe('expired')
    expect([...sut.gateway.refunds.keys()]).toEqual([`automatic-refund-${session}`])
    expect(await tierCounts(sut.database, 'sponsor_fursuiter')).toEqual({ taken: 1, holding: 1, capacity: 1 })
  })

  it('keeps the late payment and ends the newer pending session of the same user', async () => {
    const userId = randomUUID()
    const session = await expiredSession(await sut.memberToken(userId))
    const token = await sut.memberToken(userId)
    const newer = await register(token, registrationRequest('member'))
    const newerSession = checkoutSessionOf(newer)
    expect((await sut.api.registrations.markPaid(session)).outcome).toBe('paid')
    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'paid',
      registration_tier: 'sponsor_fursuiter',
    })
    expect(sut.gateway.sessions.get(newerSession)?.status).toBe('expired')
    expect(await tierCounts(sut.database, 'member')).toEqual({ taken: 0, holding: 0, capacity: 2 })
    expect(await tierCounts(sut.database, 'sponsor_fursuiter')).toEqual({ taken: 1, holding: 1, capacity: 1 })
  })

  it('gives the spot back when the payment provider cannot open a session', async () => {
    const token = await sut.memberToken()
    sut.gateway.failNext()
    expect(await register(token, registrationRequest('sponsor_fursuiter'))).toMatchObject({
      status: 503,
      body: { message: 'highTraffic' },
    })
    expect(await inventoryStatus(token, 'sponsor_fursuiter')).toBe('available')
    expect((await register(token, registrationRequest('sponsor_fursuiter'))).status).toBe(201)
    expect(
      sut.logger.records.some((record) => record.msg.startsWith('Could not create a checkout session')),
    ).toBe(true)
  })

  it('refuses redirects to other origins and bodies that break the contract', async () => {
    const token = await sut.memberToken()
    for (const body of [
      { ...registrationRequest(), success_url: 'https://evil.example/steal' },
      { ...registrationRequest(), cancel_url: `${pwaUrl}.evil.example/` },
      { ...registrationRequest('member'), t_shirt_size: 'L' },
      { ...registrationRequest('sponsor'), t_shirt_size: undefined },
      { ...registrationRequest(), badge_name: '   ' },
      { ...registrationRequest(), badge_name: 'x'.repeat(21) },
      { ...registrationRequest(), registration_tier: 'not_registered' },
    ]) {
      const response = await register(token, body)
      expect({
        body,
        status: response.status,
        message: (response.body as { message: string }).message,
      }).toEqual({
        body,
        status: 400,
        message: 'invalidRequest',
      })
    }
    const invalid = await register(token, { ...registrationRequest('sponsor'), t_shirt_size: undefined })
    expect(invalid.body).toEqual({
      message: 'invalidRequest',
      issues: [{ path: ['t_shirt_size'], message: 'validation.tShirtSizeEmpty' }],
    })
    expect(await sut.request('GET', '/registration', { token })).toMatchObject({ status: 404 })
  })

  it('issues a compact ES256 registration code for a paid registration only, verifiable with the JWKS', async () => {
    const userId = randomUUID()
    const token = await sut.memberToken(userId)
    expect(await sut.request('GET', '/registration/jwt', { token })).toMatchObject({ status: 404 })
    const created = await register(token, registrationRequest('fursuiter', 'Kemo'))
    expect(await sut.request('GET', '/registration/jwt', { token })).toMatchObject({
      status: 404,
      body: { message: 'notFound' },
    })
    await sut.api.registrations.markPaid(checkoutSessionOf(created))
    const registrationId = (await sut.api.registrations.current(userId))?.registrationId
    const answer = await sut.request('GET', '/registration/jwt', { token })
    expect(answer.status).toBe(200)
    const code = (answer.body as { token: string }).token
    // Only what the door needs: no name, tier or user id, so the QR stays small (decisions 120 and 159).
    expect(code).toMatch(/^200[0-9A-Z $%*+\-./:]{140}$/)
    expect(code).not.toContain('Kemo')

    const jwks = await sut.request('GET', '/.well-known/jwks.json')
    expect(jwks.status).toBe(200)
    const keys = (
      jwks.body as { keys: { kid: string; kty: string; crv: string; x: string; y: string; d?: string }[] }
    ).keys
    expect(keys.length).toBeGreaterThan(0)
    expect(keys.every((key) => key.d === undefined)).toBe(true)
    const [key] = keys as [(typeof keys)[number]]
    const parsed = parseCompactRegistrationCode(code)
    expect(parsed).toMatchObject({
      registrationId,
      keyHint: await registrationCodeKeyHint(key.kid),
      editionId: firstEdition.id,
      // Valid to the end of the event day in Japan (the test clock is before it).
      exp: Math.floor(endOfDayInTokyo(defaultEventSchedule.eventDate) / 1000),
    })
    expect(await compactRegistrationCodeSignedBy(parsed as CompactRegistrationCode, key)).toBe(true)

    // After the event day (a rehearsal, next year's dates not configured yet) a code still lasts the lifetime.
    sut.clock.set(endOfDayInTokyo(defaultEventSchedule.eventDate) + 1000)
    const later = await sut.request('GET', '/registration/jwt', { token: await sut.memberToken(userId) })
    expect(parseCompactRegistrationCode((later.body as { token: string }).token)?.exp).toBe(
      Math.floor(sut.clock() / 1000) + 7 * 24 * 60 * 60,
    )
  })

  it('answers registrationCodeGenerationFailed when the code cannot be signed', async () => {
    const broken = await createTestApi(sut.database, {
      overrides: { signingKeys: () => Promise.reject(new Error('key store unavailable')) },
    })
    const token = await broken.memberToken()
    const created = await broken.request('POST', '/registration', { token, body: registrationRequest() })
    await broken.api.registrations.markPaid(checkoutSessionOf(created))
    expect(await broken.request('GET', '/registration/jwt', { token })).toEqual(
      expect.objectContaining({ status: 500, body: { message: 'registrationCodeGenerationFailed' } }),
    )
    expect(broken.logger.records.some((record) => record.level === 'error')).toBe(true)
  })
})
