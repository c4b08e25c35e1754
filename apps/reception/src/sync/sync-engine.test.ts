import { editionToWire, firstEdition, nextEditionDraft } from '@furfes/core'
import { describe, expect, it, vi } from 'vitest'
import { createTestDevice, type TestDevice } from '../test/device.ts'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { eventMorning, participantWire, registrationIdOf } from '../test/fixtures.ts'
import { startHttpFront } from '../test/http-front.ts'
import { offlineCheckInAnswers, offlineCheckIns } from '../test/offline-check-ins.ts'

const minute = 60_000

function seedServer() {
  let now = eventMorning
  const server = createFakeApiServer({
    participants: [1, 2, 3, 4, 5].map((n) => participantWire({ n, badgeName: `Fox ${n}` })),
    now: () => (now += 1000),
  })
  return server
}

/** Which device's check-in is in force for each registration, as a device sees it. */
function inForce(device: TestDevice): Record<string, string | undefined> {
  const view: Record<string, string | undefined> = {}
  for (const [registrationId, state] of device.store.getSnapshot().checkInsByRegistration) {
    view[registrationId] = state.current?.deviceName
  }
  return view
}

describe('sync across three devices that were offline', () => {
  it('loses no check-in, lets the first to reach the API win, and reports the conflicts', async () => {
    const server = seedServer()
    const [a, b, c] = await Promise.all([
      createTestDevice(server, { name: 'A', time: eventMorning }),
      // Clocks disagree: B runs five minutes fast, C three minutes slow.
      createTestDevice(server, { name: 'B', time: eventMorning + 5 * minute }),
      createTestDevice(server, { name: 'C', time: eventMorning - 3 * minute }),
    ])
    for (const device of [a, b, c]) await device.engine.sync({ refreshSnapshot: true })
    for (const device of [a, b, c]) device.goOffline()
    expect(a.connectivity.getSnapshot()).toBe('offline')

    const devices = { A: a, B: b, C: c }
    const recorded = []
    for (const { device, participant } of offlineCheckIns) {
      recorded.push(await devices[device].store.recordCheckIn(registrationIdOf(participant)))
    }
    // Offline, each device already says "checked in" for the people it let in.
    expect(inForce(a)).toEqual({ [registrationIdOf(1)]: 'A', [registrationIdOf(2)]: 'A' })
    expect(a.store.getSnapshot().pendingCount).toBe(2)
    const offlineAttempt = await a.engine.sync()
    expect(offlineAttempt.problem).toBe('offline')
    expect(a.store.getSnapshot().pendingCount).toBe(2)

    // The network comes back for B first, then C, then A.
    for (const device of [b, c, a]) {
      device.goOnline()
      expect(device.connectivity.getSnapshot()).toBe('online')
      const outcome = await device.engine.sync()
      expect(outcome.problem).toBeUndefined()
    }
    for (const device of [a, b, c]) await device.engine.sync()

    // Every check-in reached the API exactly once.
    expect(
      server
        .records()
        .map((record) => record.id)
        .sort(),
    ).toEqual(recorded.map((item) => item.id).sort())
    const statusById = Object.fromEntries(server.records().map((record) => [record.id, record.status]))
    expect(
      recorded.map((item) => `${item.deviceName}:${item.registrationId.slice(-1)}:${statusById[item.id]}`),
    ).toEqual(offlineCheckInAnswers)

    // Every device now sees all seven records, nothing pending, and agrees who checked whom in.
    const expected = {
      [registrationIdOf(1)]: 'C',
      [registrationIdOf(2)]: 'B',
      [registrationIdOf(3)]: 'B',
      [registrationIdOf(4)]: 'C',
    }
    for (const device of [a, b, c]) {
      const snapshot = device.store.getSnapshot()
      expect(snapshot.checkIns).toHaveLength(7)
      expect(snapshot.pendingCount).toBe(0)
      expect(snapshot.lastSyncAt).toBe(device.time)
      expect(inForce(device)).toEqual(expected)
    }

    // The devices that lost were told, with the winner.
    expect(a.reportedConflicts.map((item) => [item.registrationId, item.firstCheckIn?.deviceId])).toEqual([
      [registrationIdOf(1), 'device-C'],
      [registrationIdOf(2), 'device-B'],
    ])
    expect(c.reportedConflicts.map((item) => item.firstCheckIn?.deviceName)).toEqual(['B'])
    expect(b.reportedConflicts).toEqual([])
    expect(a.store.getSnapshot().conflicts).toHaveLength(2)
  })

  it('keeps the queue across a restart of the app (IndexedDB)', async () => {
    const server = seedServer()
    const device = await createTestDevice(server, { name: 'A', time: eventMorning })
    device.goOffline()
    const item = await device.store.recordCheckIn(registrationIdOf(5))

    const { createReceptionStore } = await import('../data/store.ts')
    const reopened = createReceptionStore({
      db: device.db,
      clock: () => device.time,
      device: () => device.identity,
    })
    await reopened.load()
    expect(reopened.pending().map((pending) => pending.id)).toEqual([item.id])
    expect(reopened.getSnapshot().checkInsByRegistration.get(registrationIdOf(5))?.current?.id).toBe(item.id)
  })
})

describe('upload queue', () => {
  it('sends a batch again when its answer was lost, and the API stores it once', async () => {
    const server = seedServer()
    const device = await createTestDevice(server, { name: 'A', time: eventMorning })
    await device.store.recordCheckIn(registrationIdOf(1))
    server.dropNextAnswer()
    const lost = await device.engine.sync()
    expect(lost.problem).toBe('offline')
    expect(device.store.getSnapshot().pendingCount).toBe(1)
    expect(server.records()).toHaveLength(1)

    device.goOnline()
    const again = await device.engine.sync()
    expect(again.problem).toBeUndefined()
    expect(server.records()).toHaveLength(1)
    expect(device.store.getSnapshot().checkIns.map((item) => item.status)).toEqual(['accepted'])
  })

  it('uploads an undo after its check-in, and another device then may check the person in again', async () => {
    const server = seedServer()
    const a = await createTestDevice(server, { name: 'A', time: eventMorning })
    const b = await createTestDevice(server, { name: 'B', time: eventMorning })
    const checkIn = await a.store.recordCheckIn(registrationIdOf(2))
    await a.engine.sync()
    await b.engine.sync()
    expect(inForce(b)).toEqual({ [registrationIdOf(2)]: 'A' })

    a.time += minute
    const undo = await a.store.recordUndo(checkIn)
    // The undo counts at once on this device, before it is uploaded.
    expect(a.store.getSnapshot().checkInsByRegistration.get(registrationIdOf(2))?.current).toBeUndefined()
    await a.engine.sync()
    await b.engine.sync()
    expect(inForce(b)).toEqual({ [registrationIdOf(2)]: undefined })
    // The audit trail keeps both records, on both devices.
    expect(
      b.store
        .getSnapshot()
        .checkInsByRegistration.get(registrationIdOf(2))
        ?.history.map((item) => item.kind),
    ).toEqual(['check_in', 'undo'])
    expect(server.records().find((record) => record.id === undo.id)?.status).toBe('accepted')

    const second = await b.store.recordCheckIn(registrationIdOf(2))
    await b.engine.sync()
    expect(server.records().find((record) => record.id === second.id)?.status).toBe('accepted')
  })

  it('stores a refused check-in as a conflict of the device that made it; others learn the reason', async () => {
    const server = seedServer()
    const a = await createTestDevice(server, { name: 'A', time: eventMorning })
    const b = await createTestDevice(server, { name: 'B', time: eventMorning })
    await a.engine.sync({ refreshSnapshot: true })
    // Canceled after A took its snapshot: A still lists the person as paid and lets them in offline.
    server.participants[1] = participantWire({ n: 2, badgeName: 'Fox 2', paymentStatus: 'canceled' })
    server.participants[2] = participantWire({ n: 3, badgeName: 'Fox 3', paymentStatus: 'pending' })
    a.goOffline()
    const canceled = await a.store.recordCheckIn(registrationIdOf(2))
    const pending = await a.store.recordCheckIn(registrationIdOf(3))
    const paid = await a.store.recordCheckIn(registrationIdOf(4))
    expect(inForce(a)).toEqual({
      [registrationIdOf(2)]: 'A',
      [registrationIdOf(3)]: 'A',
      [registrationIdOf(4)]: 'A',
    })

    a.goOnline()
    expect((await a.engine.sync()).problem).toBeUndefined()
    const answers = a.store.getSnapshot().checkIns.map((item) => [item.id, item.status, item.reason])
    expect(answers).toEqual([
      [canceled.id, 'rejected', 'canceled'],
      [pending.id, 'rejected', 'not_paid'],
      [paid.id, 'accepted', undefined],
    ])
    expect(a.reportedConflicts.map((item) => item.id)).toEqual([canceled.id, pending.id])
    expect(a.store.getSnapshot().conflicts.map((item) => item.id)).toEqual([canceled.id, pending.id])
    expect(inForce(a)).toEqual({
      [registrationIdOf(2)]: undefined,
      [registrationIdOf(3)]: undefined,
      [registrationIdOf(4)]: 'A',
    })

    await b.engine.sync()
    expect(b.store.getSnapshot().checkIns.map((item) => [item.id, item.status, item.reason])).toEqual(answers)
    // Not B's check-ins: nothing for B's staff to resolve.
    expect(b.store.getSnapshot().conflicts).toEqual([])
    expect(b.reportedConflicts).toEqual([])
  })

  it('pulls page by page until the API has nothing more', async () => {
    const server = seedServer()
    server.pageSize = 2
    const a = await createTestDevice(server, { name: 'A', time: eventMorning })
    const b = await createTestDevice(server, { name: 'B', time: eventMorning })
    for (const n of [1, 2, 3, 4, 5]) await a.store.recordCheckIn(registrationIdOf(n))
    await a.engine.sync()
    const outcome = await b.engine.sync()
    expect(outcome.pulled).toBe(5)
    expect(b.store.getSnapshot().cursor).toBe('5')
    expect(Object.values(inForce(b))).toEqual(['A', 'A', 'A', 'A', 'A'])
    // Nothing new: the next pull asks from the cursor and gets nothing.
    expect((await b.engine.sync()).pulled).toBe(0)
  })

  it('refreshes the participant snapshot and keys when asked, and keeps them when offline', async () => {
    const server = seedServer()
    server.keys = { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1' }] }
    const device = await createTestDevice(server, { name: 'A', time: eventMorning })
    await device.engine.sync({ refreshSnapshot: true })
    expect(device.store.getSnapshot().participants).toHaveLength(5)
    expect(device.store.getSnapshot().keys?.keys.map((key) => key.kid)).toEqual(['k1'])
    device.goOffline()
    expect((await device.engine.sync({ refreshSnapshot: true })).problem).toBe('offline')
    expect(device.store.getSnapshot().participants).toHaveLength(5)
  })

  it('keeps the current edition with the snapshot, on the disk too, and follows a newly published one', async () => {
    const server = seedServer()
    const device = await createTestDevice(server, { name: 'A', time: eventMorning })
    await device.engine.sync({ refreshSnapshot: true })
    expect(device.store.getSnapshot().edition).toEqual({
      id: firstEdition.id,
      name: firstEdition.name,
      badgeArtwork: firstEdition.badgeArtwork,
    })

    // Restarted offline, the device still knows the edition it judges codes by.
    device.goOffline()
    const { createReceptionStore } = await import('../data/store.ts')
    const reopened = createReceptionStore({
      db: device.db,
      clock: () => device.time,
      device: () => device.identity,
    })
    await reopened.load()
    expect(reopened.getSnapshot().edition?.id).toBe(firstEdition.id)
    // Its badge artwork too, so badges print offline as the committee set them (decision 211).
    expect(reopened.getSnapshot().edition?.badgeArtwork).toEqual(firstEdition.badgeArtwork)

    const next = nextEditionDraft(firstEdition)
    server.editions = server.editions.map((entry) => ({ ...entry, current: false }))
    server.editions.unshift({
      ...(server.editions[0] as (typeof server.editions)[0]),
      edition: editionToWire(next),
      current: true,
    })
    device.goOnline()
    await device.engine.sync({ refreshSnapshot: true })
    expect(device.store.getSnapshot().edition).toEqual({
      id: next.id,
      name: next.name,
      badgeArtwork: next.badgeArtwork,
    })
  })
})

describe('sign-out', () => {
  it('forgets participants and synced check-ins but keeps the queue, which uploads after the next sign-in', async () => {
    const server = seedServer()
    const a = await createTestDevice(server, { name: 'A', time: eventMorning })
    const b = await createTestDevice(server, { name: 'B', time: eventMorning })
    await b.store.recordCheckIn(registrationIdOf(1))
    await b.engine.sync()
    // A has a check-in of its own the API answered, one of B's it pulled, and the participant snapshot.
    const answered = await a.store.recordCheckIn(registrationIdOf(2))
    await a.engine.sync({ refreshSnapshot: true })
    expect(a.store.getSnapshot().participants).toHaveLength(5)
    a.goOffline()
    const waiting = await a.store.recordCheckIn(registrationIdOf(3))
    const waitingUndo = await a.store.recordUndo(answered)

    await a.engine.halt()
    await a.store.forgetPersonalData()
    const snapshot = a.store.getSnapshot()
    expect(snapshot.participants).toEqual([])
    expect(snapshot.checkIns.map((item) => item.id)).toEqual([waiting.id, waitingUndo.id])
    expect([snapshot.cursor, snapshot.lastSyncAt, snapshot.participantsSyncedAt]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
    // On the disk too: nothing personal is left, only the queue (ids and device times), the public keys and
    // the current edition.
    expect(await a.db.participants.count()).toBe(0)
    const rows = await a.db.checkIns.toArray()
    expect(rows.map((row) => row.id).sort()).toEqual([waiting.id, waitingUndo.id].sort())
    expect(JSON.stringify(rows)).not.toMatch(/@example\.com/)
    expect((await a.db.meta.toArray()).map((row) => row.key)).toEqual(['edition', 'keys'])
    // Nothing runs while signed out.
    expect(await a.engine.sync()).toMatchObject({ uploaded: 0, problem: 'signedOut' })

    // The next sign-in: the queue goes up first, then everything is pulled again.
    a.goOnline()
    const stop = a.engine.start({ intervalMs: 3_600_000 })
    await a.engine.sync()
    stop()
    expect(a.store.getSnapshot().pendingCount).toBe(0)
    const stored = Object.fromEntries(server.records().map((record) => [record.id, record.status]))
    expect([stored[waiting.id], stored[waitingUndo.id]]).toEqual(['accepted', 'accepted'])
    expect(a.store.getSnapshot().participants).toHaveLength(5)
    // A's own records are A's again (its history and conflicts), B's are B's.
    const origins = Object.fromEntries(a.store.getSnapshot().checkIns.map((item) => [item.id, item.origin]))
    expect(origins[answered.id]).toBe('local')
    expect(Object.values(origins).filter((origin) => origin === 'remote')).toHaveLength(1)
  })

  it('aborts a sync waiting on the network, and writes nothing it brings back afterwards', async () => {
    const server = seedServer()
    const front = await startHttpFront(server)
    try {
      const reported: unknown[] = []
      const device = await createTestDevice(server, {
        name: 'A',
        time: eventMorning,
        http: { baseUrl: front.baseUrl, fetch: (input, init) => fetch(input, init), timeoutMs: 60_000 },
        reportError: (error) => reported.push(error),
      })
      front.swallowNext('GET /admin/participants')
      const running = device.engine.sync({ refreshSnapshot: true })
      await vi.waitFor(() => expect(front.swallowed).toBe(1))
      await device.engine.halt()
      expect(await running).toMatchObject({ problem: 'signedOut' })
      expect(device.engine.getSnapshot()).toEqual({ running: false, problem: 'signedOut' })
      expect(reported).toEqual([])
      expect(device.store.getSnapshot().participants).toEqual([])
      expect(device.connectivity.getSnapshot()).toBe('online')
    } finally {
      await front.close()
    }
  })
})
