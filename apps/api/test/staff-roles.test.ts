import { randomUUID } from 'node:crypto'
import { apiRoutes, fillPath, type RouteDefinition, rolesAllowedTo, staffRoles } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { databaseKinds, defaultTokenRecheckMs, registeredMember, useTestApi } from './support/harness.ts'

/*
 * Staff roles at the API (docs/decisions/156-staff-roles.md): every admin route of the contract, called by a
 * member of each role and by a staff account in no group, is refused with 403 forbidden exactly when the
 * route's action is not granted to the role. A body or parameter the route would refuse does not matter: the
 * role is decided first, so an admitted call answers something other than 403 and changes nothing.
 */

const adminRoutes = Object.entries(apiRoutes as Readonly<Record<string, RouteDefinition>>).filter(
  ([, route]) => route.auth === 'admin',
)
/** Each role, and a staff account in none of them. */
const callers = [...staffRoles, 'no group'] as const
const forbidden = { status: 403, body: { message: 'forbidden' } }

describe.each(databaseKinds)('staff roles on %s', (kind) => {
  const sut = useTestApi(kind)

  it.each(adminRoutes)('%s admits exactly the roles its action is granted to', async (_, route) => {
    if (route.staff === undefined) throw new Error('An admin route declares no staff action')
    const admitted = rolesAllowedTo(route.staff)
    const path = fillPath(route.path, {
      registration_id: randomUUID(),
      edition_id: '2025',
      user: randomUUID(),
      code: 'cooking_club_tasting',
      announcement_id: randomUUID(),
      payment_id: 'cs_test_staff_roles',
    })
    const answers: Record<string, number> = {}
    for (const caller of callers) {
      const token = await sut.adminToken(randomUUID(), caller === 'no group' ? [] : [caller])
      const body = route.request?.body ? {} : undefined
      const response = await sut.request(route.method.toUpperCase(), path, { token, body })
      if (response.status === 403) expect(response).toMatchObject(forbidden)
      answers[caller] = response.status
    }
    const refused = Object.entries(answers)
      .filter(([, status]) => status === 403)
      .map(([caller]) => caller)
    expect(refused).toEqual(callers.filter((caller) => !(admitted as string[]).includes(caller)))
    expect(admitted).toContain('committee')
  })

  it('lets the desk refund the policy amount, and only the committee another amount', async () => {
    const refund = async (groups: string[], registrationId: string, amount: number | undefined) =>
      sut.request('POST', `/admin/registrations/${registrationId}/refund`, {
        token: await sut.adminToken(randomUUID(), groups),
        body: {
          idempotency_key: randomUUID(),
          ...(amount === undefined ? {} : { amount_jpy: amount, reason: 'Goodwill' }),
        },
      })
    const first = await registeredMember(sut)
    const second = await registeredMember(sut)

    // 90 % of the 3,000 yen fee is the policy amount today; the whole fee is beyond the policy.
    expect(await refund(['desk'], first.registrationId, 3000)).toMatchObject(forbidden)
    expect(await refund(['door'], first.registrationId, undefined)).toMatchObject(forbidden)
    const quote = await sut.request('GET', `/admin/registrations/${first.registrationId}/refund`, {
      token: await sut.adminToken(randomUUID(), ['desk']),
    })
    expect(quote).toMatchObject({ status: 200, body: { payment_status: 'paid', policy_refund_jpy: 2700 } })

    expect(await refund(['desk'], first.registrationId, 2700)).toMatchObject({
      status: 200,
      body: { amount_jpy: 2700, policy_amount_jpy: 2700 },
    })
    expect(await refund(['committee'], second.registrationId, 3000)).toMatchObject({
      status: 200,
      body: { amount_jpy: 3000, policy_amount_jpy: 2700, reason: 'Goodwill' },
    })
  })

  it('decides by the groups Cognito lists now, not the ones the token was issued with', async () => {
    const sub = randomUUID()
    const token = await sut.adminToken(sub, ['committee'])
    expect((await sut.request('GET', '/admin/dashboard', { token })).status).toBe(200)

    // Moved from the committee to the door: the confirmation of the token is remembered for the interval.
    sut.identity.setGroups(sub, ['door'])
    expect((await sut.request('GET', '/admin/dashboard', { token })).status).toBe(200)
    sut.clock.advance(defaultTokenRecheckMs)
    expect(await sut.request('GET', '/admin/dashboard', { token })).toMatchObject(forbidden)
    expect((await sut.request('GET', '/admin/check-ins', { token })).status).toBe(200)
  })

  it("serves a staff token on its own groups while Cognito cannot answer (decision 147's fallback)", async () => {
    const token = await sut.adminToken(randomUUID(), ['door'])
    sut.identity.fail(true)

    expect((await sut.request('GET', '/admin/check-ins', { token })).status).toBe(200)
    expect(await sut.request('GET', '/admin/dashboard', { token })).toMatchObject(forbidden)
  })
})
