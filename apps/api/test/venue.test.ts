import type { StoredEditionWire } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { databaseKinds, registrationRequest, useTestApi } from './support/harness.ts'
import { testVenue as venue } from './support/venue.ts'

const notFound = { status: 404, body: { message: 'notFound' } }

describe.each(databaseKinds)('venue on %s', (kind) => {
  const sut = useTestApi(kind, { venue })

  async function startRegistration(token: string): Promise<string> {
    const created = await sut.request('POST', '/registration', { token, body: registrationRequest() })
    expect(created.status).toBe(201)
    const paymentUrl = (created.body as { payment_url: string }).payment_url
    const session = new URL(paymentUrl).searchParams.get('checkout_session_id')
    if (!session) throw new Error(`No session in ${paymentUrl}`)
    return session
  }

  it('tells a paid registration where the event is', async () => {
    const token = await sut.memberToken()
    await sut.api.registrations.markPaid(await startRegistration(token))
    expect(await sut.request('GET', '/venue', { token })).toMatchObject({ status: 200, body: venue })
  })

  it('answers 404 to a member without a registration, with a pending, an expired or a canceled one', async () => {
    const none = await sut.memberToken()
    expect(await sut.request('GET', '/venue', { token: none })).toMatchObject(notFound)

    const pending = await sut.memberToken()
    await startRegistration(pending)
    expect(await sut.request('GET', '/venue', { token: pending })).toMatchObject(notFound)

    const canceled = await sut.memberToken()
    await startRegistration(canceled)
    expect((await sut.request('DELETE', '/registration', { token: canceled })).status).toBe(200)
    expect(await sut.request('GET', '/venue', { token: canceled })).toMatchObject(notFound)

    const expired = await sut.memberToken()
    expect(await sut.api.registrations.markExpired(await startRegistration(expired))).toBe('expired')
    expect(await sut.request('GET', '/venue', { token: expired })).toMatchObject(notFound)
  })

  it('answers 401 to anyone without a member token (anonymous, or an admin)', async () => {
    expect(await sut.request('GET', '/venue')).toMatchObject({ status: 401 })
    expect(await sut.request('GET', '/venue', { token: await sut.adminToken() })).toMatchObject({
      status: 401,
    })
  })

  it("answers the current edition's venue: once the committee takes it out, nobody is told", async () => {
    const token = await sut.memberToken()
    await sut.api.registrations.markPaid(await startRegistration(token))
    expect(await sut.request('GET', '/venue', { token })).toMatchObject({ status: 200, body: venue })

    const admin = await sut.adminToken()
    const read = (await sut.request('GET', '/admin/editions/2025', { token: admin }))
      .body as StoredEditionWire
    const saved = await sut.request('PUT', '/admin/editions/2025', {
      token: admin,
      body: { edition: { ...read.edition, venue: null }, version: read.version },
    })

    expect(saved).toMatchObject({
      status: 200,
      body: { edition: { venue: null }, version: read.version + 1 },
    })
    expect(await sut.request('GET', '/venue', { token })).toMatchObject(notFound)
  })
})
