// IndexedDB for the devices' Dexie databases, before Dexie loads: these devices run in Node.
import 'fake-indexeddb/auto'
import { createAdminApiClient, createStore, type FetchLike } from '@furfes/core'
import { expect, test } from '@playwright/test'
import type { StoredCheckIn } from '../../apps/reception/src/data/check-ins.ts'
import { openReceptionDatabase } from '../../apps/reception/src/data/database.ts'
import { createReceptionStore, type ReceptionStore } from '../../apps/reception/src/data/store.ts'
import { createConnectivity } from '../../apps/reception/src/sync/connectivity.ts'
import { createSyncEngine, type SyncEngine } from '../../apps/reception/src/sync/sync-engine.ts'
import { offlineCheckInAnswers, offlineCheckIns } from '../../apps/reception/src/test/offline-check-ins.ts'
import { accessToken, apiUrl, demoAdmin } from '../support/accounts.ts'
import { createPaidParticipant, type PaidParticipant } from '../support/reception.ts'

/*
 * No check-in is lost across three devices that check in while offline and then sync (docs/requirements.md
 * CHK-6), against the real API of the running stack (the reception unit test proves the same against a fake).
 * Each device is the reception app's own store and sync engine, with its own IndexedDB, clock and network.
 */

const minute = 60_000

interface Device {
  name: string
  store: ReceptionStore
  engine: SyncEngine
  conflicts: StoredCheckIn[]
  time: number
  setOnline(online: boolean): void
}

async function createDevice(name: string, token: string, time: number): Promise<Device> {
  const online = createStore(true)
  const identity = { id: `e2e-device-${name}-${crypto.randomUUID()}`, name }
  const device = { time } as Device
  const clock = () => device.time
  // A device without network cannot reach the API at all, as fetch fails on a tablet in airplane mode.
  const fetchOnDevice: FetchLike = (input, init) => {
    if (!online.getSnapshot()) return Promise.reject(new TypeError('Failed to fetch'))
    return fetch(input, init)
  }
  const connectivity = createConnectivity(online)
  const store = createReceptionStore({
    db: openReceptionDatabase(`e2e-${identity.id}`),
    clock,
    device: () => identity,
  })
  await store.load()
  const conflicts: StoredCheckIn[] = []
  const engine = createSyncEngine({
    api: createAdminApiClient({
      baseUrl: apiUrl,
      fetch: fetchOnDevice,
      getAuthInfo: () => ({ accessToken: token, tokenType: 'Bearer', expiresAt: Date.now() + 3_600_000 }),
    }),
    store,
    connectivity,
    clock,
    onConflicts: (found) => conflicts.push(...found),
  })
  return Object.assign(device, {
    name,
    store,
    engine,
    conflicts,
    setOnline: online.set,
  })
}

/** Which device's check-in is in force for each of `people`, as a device sees it. */
function inForce(device: Device, people: PaidParticipant[]) {
  const byRegistration = device.store.getSnapshot().checkInsByRegistration
  return people.map((person) => byRegistration.get(person.registrationId)?.current?.deviceName)
}

test('three devices that check in while offline lose no check-in once they sync with the API', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const run = Math.random().toString(36).slice(2, 8)
  const people = await Promise.all(
    [1, 2, 3, 4].map((n) => createPaidParticipant(browser, `Device test ${n} ${run}`)),
  )
  const [one, two] = people as [PaidParticipant, PaidParticipant]
  const admin = demoAdmin()
  const token = await accessToken('admins', admin.email, admin.password)
  const now = Date.now()
  const [a, b, c] = await Promise.all([
    createDevice('A', token, now),
    // Clocks disagree: B runs five minutes fast, C three minutes slow.
    createDevice('B', token, now + 5 * minute),
    createDevice('C', token, now - 3 * minute),
  ])
  for (const device of [a, b, c]) {
    const outcome = await device.engine.sync({ refreshSnapshot: true })
    expect(outcome.problem).toBeUndefined()
    expect(device.store.getSnapshot().participants.map((p) => p.user.userId)).toEqual(
      expect.arrayContaining(people.map((person) => person.userId)),
    )
    device.setOnline(false)
  }

  const devices = { A: a, B: b, C: c }
  const recorded = []
  for (const { device, participant } of offlineCheckIns) {
    recorded.push(
      await devices[device].store.recordCheckIn((people[participant - 1] as PaidParticipant).registrationId),
    )
  }
  expect(inForce(a, people)).toEqual(['A', 'A', undefined, undefined])
  expect((await a.engine.sync()).problem).toBe('offline')
  expect(a.store.getSnapshot().pendingCount).toBe(2)

  // The network comes back for B first, then C, then A; then everyone syncs once more.
  for (const device of [b, c, a]) {
    device.setOnline(true)
    expect((await device.engine.sync()).problem).toBeUndefined()
  }
  for (const device of [a, b, c]) expect((await device.engine.sync()).problem).toBeUndefined()

  // Every check-in reached the API exactly once, with the answer the first to arrive decides.
  const stored = new Map<string, string>()
  let cursor: string | undefined
  for (;;) {
    const response = await fetch(`${apiUrl}/admin/check-ins${cursor ? `?since=${cursor}` : ''}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    const page = (await response.json()) as {
      items: { id: string; status: string }[]
      next_cursor: string
      has_more: boolean
    }
    for (const item of page.items) {
      expect(stored.has(item.id)).toBe(false)
      stored.set(item.id, item.status)
    }
    cursor = page.next_cursor
    if (!page.has_more) break
  }
  const label = new Map(people.map((person, index) => [person.registrationId, String(index + 1)]))
  expect(
    recorded.map((item) => `${item.deviceName}:${label.get(item.registrationId)}:${stored.get(item.id)}`),
  ).toEqual(offlineCheckInAnswers)

  // Every device holds all seven, has nothing waiting, and agrees who checked whom in.
  const ours = new Set(recorded.map((item) => item.id))
  for (const device of [a, b, c]) {
    const snapshot = device.store.getSnapshot()
    expect(snapshot.checkIns.filter((item) => ours.has(item.id))).toHaveLength(7)
    expect(snapshot.pendingCount).toBe(0)
    expect(inForce(device, people)).toEqual(['C', 'B', 'B', 'C'])
  }
  // The devices that lost were told, with the winner.
  expect(a.conflicts.map((item) => [item.registrationId, item.firstCheckIn?.deviceName])).toEqual([
    [one.registrationId, 'C'],
    [two.registrationId, 'B'],
  ])
  expect(c.conflicts.map((item) => item.firstCheckIn?.deviceName)).toEqual(['B'])
  expect(b.conflicts).toEqual([])
})
