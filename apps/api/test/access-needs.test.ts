import { randomUUID } from 'node:crypto'
import type { ParticipantListWire } from '@furfes/core'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/database.ts'
import {
  checkoutSessionOf,
  databaseKinds,
  payCheckout,
  registrationRequest,
  useTestApi,
} from './support/harness.ts'

/*
 * A participant's access needs (docs/decisions/185-desk-tools.md): stated when registering or changing
 * details, with core's text rules; every staff role reads them in the participant list, which the door keeps
 * offline for the verdict.
 */

describe.each(databaseKinds)('access needs on %s', (kind) => {
  const sut = useTestApi(kind)

  async function register(body: Record<string, unknown>) {
    const userId = randomUUID()
    const token = await sut.memberToken(userId)
    const created = await sut.request('POST', '/registration', { token, body })
    return { userId, token, created }
  }

  async function listAs(groups: string[]): Promise<ParticipantListWire['items']> {
    const token = await sut.adminToken(randomUUID(), groups)
    const response = await sut.request('GET', '/admin/participants', { token })
    expect(response.status).toBe(200)
    return (response.body as ParticipantListWire).items
  }

  it('stores what the participant states, trimmed, and shows it to them and to every staff role', async () => {
    const needs = '  車椅子で来場します 🦽  '
    const { token, created } = await register({ ...registrationRequest(), access_needs: needs })
    expect(created.status).toBe(201)
    await payCheckout(sut, checkoutSessionOf(created))

    expect((await sut.request('GET', '/registration', { token })).body).toMatchObject({
      payment_status: 'paid',
      access_needs: needs.trim(),
    })
    for (const role of ['door', 'desk', 'committee']) {
      const [participant] = await listAs([role])
      expect(participant?.registration?.access_needs).toBe(needs.trim())
    }
  })

  it('leaves them out when none were given or only spaces', async () => {
    const { created } = await register({ ...registrationRequest(), access_needs: '   ' })
    expect(created.status).toBe(201)
    const [participant] = await listAs(['desk'])
    expect(participant?.registration).toBeDefined()
    expect(participant?.registration?.access_needs).toBeUndefined()
  })

  it('refuses too long or unstorable text with a catalogue message and registers nothing', async () => {
    const tooLong = await register({ ...registrationRequest(), access_needs: '🦊'.repeat(201) })
    expect(tooLong.created.status).toBe(400)
    expect(JSON.stringify(tooLong.created.body)).toContain('validation.accessNeedsTooLong')
    const control = await register({ ...registrationRequest(), access_needs: 'a\u202Eb' })
    expect(control.created.status).toBe(400)
    expect(JSON.stringify(control.created.body)).toContain('validation.accessNeedsInvalidCharacter')
    const rows = await queryRows<{ count: number }>(
      sut.database.db,
      sql`select count(*)::int as count from registrations`,
    )
    expect(rows).toEqual([{ count: 0 }])
  })

  it('lets a paid participant change and clear them with their details, audited', async () => {
    const { userId, token, created } = await register(registrationRequest())
    await payCheckout(sut, checkoutSessionOf(created))
    const details = { registration_tier: 'member', badge_name: 'Kemo' }

    const set = await sut.request('PUT', '/registration/details', {
      token,
      body: { ...details, access_needs: 'Quiet room, please' },
    })
    expect(set).toMatchObject({ status: 200, body: { access_needs: 'Quiet room, please' } })
    const [listed] = await listAs(['door'])
    expect(listed?.registration?.access_needs).toBe('Quiet room, please')

    const cleared = await sut.request('PUT', '/registration/details', { token, body: details })
    expect(cleared.status).toBe(200)
    expect(cleared.body).not.toHaveProperty('access_needs')

    const audit = await sut.request('GET', '/admin/audit?action=participantChangedDetails', {
      token: await sut.adminToken(randomUUID(), ['committee']),
    })
    const entries = (audit.body as { items: { actor_id: string; details: unknown }[] }).items
    expect(entries.map((entry) => entry.details)).toEqual([
      {
        from: expect.objectContaining({ accessNeeds: 'Quiet room, please' }),
        to: expect.objectContaining({ accessNeeds: null }),
      },
      {
        from: expect.objectContaining({ accessNeeds: null }),
        to: expect.objectContaining({ accessNeeds: 'Quiet room, please' }),
      },
    ])
    expect(entries.every((entry) => entry.actor_id === userId)).toBe(true)
  })
})
