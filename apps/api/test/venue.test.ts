import { describe, expect, it } from 'vitest'
import { createTestApi, databaseKinds, registrationRequest, useTestApi } from './support/harness.ts'
import { testVenue as venue } from './support/venue.ts'

const notFound = { status: 404, body: { message: 'notFound' } }

describe.each(databaseKinds)('venue on %s', (kind) => {
  const sut = useTestApi(kind, { overrides: { venue } })

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

  it('tells nobody while the committee has not announced the venue', async () => {
    const silent = await createTestApi(sut.database, { capacities: { member: 10 } })
    const token = await silent.memberToken()
    const created = await silent.request('POST', '/registration', { token, body: registrationRequest() })
    const session = new URL((created.body as { payment_url: string }).payment_url).searchParams.get(
      'checkout_session_id',
    )
    await silent.api.registrations.markPaid(session ?? '')
    expect((await silent.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'paid',
    })
    expect(await silent.request('GET', '/venue', { token })).toMatchObject(notFound)
  })
})
