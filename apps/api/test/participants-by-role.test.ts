import { randomUUID } from 'node:crypto'
import type { ParticipantListWire } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { databaseKinds, registeredMember, useTestApi, useTestDatabase } from './support/harness.ts'

/*
 * The participant list by staff role (decision 156): the desk and the committee see each participant's e-mail
 * address and club-activity account; the door gets what it needs to let people in and hand out goods, so a
 * door tablet never holds either.
 */

describe.each(databaseKinds)('the participant list by role on %s', (kind) => {
  const database = useTestDatabase(kind)
  const sut = useTestApi(database)

  async function listAs(groups: string[]): Promise<ParticipantListWire['items']> {
    const token = await sut.adminToken(randomUUID(), groups)
    const response = await sut.request('GET', '/admin/participants', { token })
    expect(response.status).toBe(200)
    return (response.body as ParticipantListWire).items
  }

  it('leaves the e-mail address and club-activity account out for the door only', async () => {
    const { userId, token } = await registeredMember(sut)
    const info = await sut.request('PUT', '/registration/additional', {
      token,
      body: { club_activity_x_username: 'kon_fox' },
    })
    expect(info.status).toBe(200)

    const [desk] = await listAs(['desk'])
    expect(desk?.user.user_id).toBe(userId)
    expect(desk?.user.email).toMatch(/@/)
    expect(desk?.registration_additional_info?.club_activity_x_username).toBe('kon_fox')
    const [committee] = await listAs(['committee'])
    expect(committee).toEqual(desk)

    const [door] = await listAs(['door'])
    expect(door?.user).toEqual({ user_id: userId })
    expect(door?.registration_additional_info).toBeUndefined()
    expect(door?.registration).toEqual(desk?.registration)
    expect(JSON.stringify(door)).not.toMatch(/@/)
  })
})
