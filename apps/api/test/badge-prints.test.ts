import { randomUUID } from 'node:crypto'
import type { BadgePrintItemWire, ParticipantWire } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import {
  databaseKinds,
  listen,
  readResponse,
  registeredMember,
  requestInit,
  type TestApi,
  twoTestApis,
  useTestApi,
  useTestDatabase,
} from './support/harness.ts'

/*
 * Printed badge marks on the server (decision 170): the badge desk's devices upload marks as check-ins are
 * uploaded (idempotent by id, the first mark stands), every desk reads them in the participant list, and a
 * participant's details change after printing asks for a reprint until the next mark.
 */

const officeMorning = Date.parse('2025-05-01T10:00:00+09:00')

function mark(registrationId: string, device: string, kind: 'mark' | 'unmark' = 'mark'): BadgePrintItemWire {
  return {
    id: randomUUID(),
    registration_id: registrationId,
    device_id: `device-${device}`,
    device_name: device,
    marked_at: new Date(officeMorning).toISOString(),
    kind,
  }
}

async function upload(sut: TestApi, token: string, items: BadgePrintItemWire[]) {
  const response = await sut.request('POST', '/admin/badge-prints', { token, body: { items } })
  expect(response.status).toBe(200)
  return (response.body as { results: unknown[] }).results
}

/** The badge print of a registration as the participant list shows it to staff in these groups. */
async function badgePrintOf(sut: TestApi, registrationId: string, groups = ['committee']) {
  const response = await sut.request('GET', '/admin/participants', {
    token: await sut.adminToken(undefined, groups),
  })
  expect(response.status).toBe(200)
  const items = (response.body as { items: ParticipantWire[] }).items
  return items.find((participant) => participant.registration?.id === registrationId)?.badge_print
}

describe.each(databaseKinds)('printed badge marks on %s', (kind) => {
  const sut = useTestApi(kind)

  it('stores a mark once, keeps the first, shows it to every desk, and takes it off', async () => {
    const door = await sut.adminToken(undefined, ['door'])
    const { registrationId } = await registeredMember(sut, 'member')
    const fromA = mark(registrationId, 'office')
    const fromB = mark(registrationId, 'door-1')

    expect(await upload(sut, door, [fromA, fromA])).toEqual([
      { id: fromA.id, status: 'accepted' },
      { id: fromA.id, status: 'accepted' },
    ])
    expect(await upload(sut, door, [fromB])).toEqual([{ id: fromB.id, status: 'duplicate' }])
    const printed = {
      printed_at: new Date(officeMorning).toISOString(),
      device_name: 'office',
      reprint_needed: false,
    }
    expect(await badgePrintOf(sut, registrationId, ['door'])).toEqual(printed)
    expect(await badgePrintOf(sut, registrationId, ['desk'])).toEqual(printed)

    const off = mark(registrationId, 'door-1', 'unmark')
    expect(await upload(sut, door, [off, off])).toEqual([
      { id: off.id, status: 'accepted' },
      { id: off.id, status: 'accepted' },
    ])
    expect(await badgePrintOf(sut, registrationId)).toBeUndefined()
    // The first mark sent again after the unmark is answered as it was and does not come back.
    expect(await upload(sut, door, [fromA])).toEqual([{ id: fromA.id, status: 'accepted' }])
    expect(await badgePrintOf(sut, registrationId)).toBeUndefined()
    const nothingToTakeOff = mark(registrationId, 'office', 'unmark')
    expect(await upload(sut, door, [nothingToTakeOff])).toEqual([
      { id: nothingToTakeOff.id, status: 'duplicate' },
    ])
  })

  it('asks for a reprint after the participant changes their details, until the next mark', async () => {
    const committee = await sut.adminToken()
    const { registrationId, token } = await registeredMember(sut, 'sponsor')
    const details = (badgeName: string) =>
      sut.request('PUT', '/registration/details', {
        token,
        body: { registration_tier: 'sponsor', badge_name: badgeName, t_shirt_size: 'L' },
      })
    // A change before any print asks for nothing.
    expect((await details('Before')).status).toBe(200)
    expect(await badgePrintOf(sut, registrationId)).toBeUndefined()

    await upload(sut, committee, [mark(registrationId, 'office')])
    expect((await details('Kitsune')).status).toBe(200)
    expect(await badgePrintOf(sut, registrationId)).toMatchObject({ reprint_needed: true })

    const reprint = mark(registrationId, 'door-1')
    expect(await upload(sut, committee, [reprint])).toEqual([{ id: reprint.id, status: 'accepted' }])
    expect(await badgePrintOf(sut, registrationId)).toEqual({
      printed_at: new Date(officeMorning).toISOString(),
      device_name: 'door-1',
      reprint_needed: false,
    })
  })

  it('refuses a mark of no registration, anyone but staff, and a malformed upload', async () => {
    const committee = await sut.adminToken()
    const unknown = mark(randomUUID(), 'office')
    expect(await upload(sut, committee, [unknown])).toEqual([{ id: unknown.id, status: 'rejected' }])
    const member = await sut.memberToken(randomUUID())
    expect(
      await sut.request('POST', '/admin/badge-prints', { token: member, body: { items: [unknown] } }),
    ).toMatchObject({ status: 403 })
    expect(await sut.request('POST', '/admin/badge-prints', { body: { items: [unknown] } })).toMatchObject({
      status: 401,
    })
    expect(
      await sut.request('POST', '/admin/badge-prints', {
        token: committee,
        body: { items: [{ ...unknown, kind: 'printed' }] },
      }),
    ).toMatchObject({ status: 400 })
  })
})

describe('printed badge marks from two desks at once on PostgreSQL', () => {
  const database = useTestDatabase('postgres')

  it('keeps exactly one mark of a badge marked by eight devices over two instances', async () => {
    const apis = await twoTestApis(database())
    const servers = [await listen(apis.first.api), await listen(apis.second.api)]
    try {
      const { registrationId } = await registeredMember(apis.first, 'member')
      const token = await apis.first.adminToken()
      const marks = Array.from({ length: 8 }, (_, index) => mark(registrationId, `desk-${index}`))
      const answers = await Promise.all(
        marks.map(async (item, index) => {
          const url = servers[index % 2]?.url ?? ''
          const response = await readResponse(
            await fetch(`${url}/admin/badge-prints`, requestInit('POST', { token, body: { items: [item] } })),
          )
          return (response.body as { results: { status: string }[] }).results[0]?.status
        }),
      )
      expect(answers.filter((status) => status === 'accepted')).toHaveLength(1)
      expect(answers.filter((status) => status === 'duplicate')).toHaveLength(7)
      const winner = marks[answers.indexOf('accepted')]
      expect(await badgePrintOf(apis.second, registrationId)).toMatchObject({
        device_name: winner?.device_name,
        reprint_needed: false,
      })
    } finally {
      for (const server of servers) await server.close()
      await apis.close()
    }
  })
})
