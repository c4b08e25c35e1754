import { describe, expect, it } from 'vitest'
import { databaseKinds, memberRoutes, pwaUrl, registrationRequest, useTestApi } from './support/harness.ts'

const allOff = {
  is_new_club_activity_establishment_available: false,
  is_registration_available: false,
  is_under_maintenance: false,
}

describe.each(databaseKinds)('feature flags on %s', (kind) => {
  const sut = useTestApi(kind)

  it('answers the three flags in snake_case without authentication, defaults first', async () => {
    const response = await sut.request('GET', '/features')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      is_new_club_activity_establishment_available: false,
      is_registration_available: true,
      is_under_maintenance: false,
      is_event_cancelled: false,
    })
  })

  it('lets an admin replace the flags, and everyone reads the new ones', async () => {
    const flags = { ...allOff, is_new_club_activity_establishment_available: true }
    const put = await sut.request('PUT', '/admin/features', { token: await sut.adminToken(), body: flags })
    expect(put).toMatchObject({ status: 200, body: flags })
    expect((await sut.request('GET', '/features')).body).toEqual({ ...flags, is_event_cancelled: false })
  })

  it('refuses flag changes without an admin token: 401 anonymous, 403 for a member, 400 for a bad body', async () => {
    expect(await sut.request('PUT', '/admin/features', { body: allOff })).toMatchObject({
      status: 401,
      body: { message: 'Unauthorized' },
    })
    expect(
      await sut.request('PUT', '/admin/features', { token: await sut.memberToken(), body: allOff }),
    ).toMatchObject({ status: 403, body: { message: 'forbidden' } })
    const bad = await sut.request('PUT', '/admin/features', {
      token: await sut.adminToken(),
      body: { is_under_maintenance: 'yes' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ message: 'invalidRequest' })
    expect((await sut.request('GET', '/features')).body).toMatchObject({ is_registration_available: true })
  })

  it('answers every member endpoint with the maintenance message while under maintenance', async () => {
    const member = await sut.memberToken()
    await sut.request('PUT', '/admin/features', {
      token: await sut.adminToken(),
      body: { ...allOff, is_registration_available: true, is_under_maintenance: true },
    })
    for (const [method, path] of memberRoutes) {
      const response = await sut.request(method, path, {
        token: member,
        ...(method === 'GET' ? {} : { body: {} }),
      })
      expect({ method, path, status: response.status, body: response.body }).toEqual({
        method,
        path,
        status: 503,
        body: { message: 'underMaintenance' },
      })
    }
    // Public reads and admins keep working, so the flag can be switched off again.
    expect((await sut.request('GET', '/features')).status).toBe(200)
    expect((await sut.request('GET', '/public-profile')).status).toBe(200)
    const admin = await sut.request('GET', '/admin/participants', { token: await sut.adminToken() })
    expect(admin.status).toBe(200)
  })

  it('refuses new registrations with a clear message while registration is unavailable', async () => {
    await sut.request('PUT', '/admin/features', { token: await sut.adminToken(), body: allOff })
    const response = await sut.request('POST', '/registration', {
      token: await sut.memberToken(),
      body: registrationRequest(),
    })
    expect(response).toMatchObject({ status: 409, body: { message: 'registrationUnavailable' } })
    const inventory = await sut.request('GET', '/inventory', { token: await sut.memberToken() })
    expect(inventory.body).toEqual({
      items: [
        { registration_tier: 'member', status: 'available' },
        { registration_tier: 'fursuiter', status: 'available' },
        { registration_tier: 'sponsor', status: 'available' },
        { registration_tier: 'sponsor_fursuiter', status: 'available' },
      ],
    })
  })

  it('lets the PWA origin call the API from the browser (CORS), and no other origin', async () => {
    const preflight = (origin: string) =>
      sut.api.app.request('/profile', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization',
        },
      })
    const allowed = await preflight(pwaUrl)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(pwaUrl)
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
    const other = await preflight('https://evil.example')
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const read = await sut.request('GET', '/features', { headers: { origin: pwaUrl } })
    expect(read.headers.get('access-control-allow-origin')).toBe(pwaUrl)
  })
})
