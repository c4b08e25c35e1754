import { createAdminApiClient, createStore, type FetchLike } from '@furfes/core'
import type { StoredCheckIn } from '../data/check-ins.ts'
import { openReceptionDatabase, type ReceptionDatabase } from '../data/database.ts'
import { createReceptionStore, type DeviceIdentity, type ReceptionStore } from '../data/store.ts'
import { type Connectivity, createConnectivity } from '../sync/connectivity.ts'
import { createSyncEngine, type SyncEngine } from '../sync/sync-engine.ts'
import { type FakeApiServer, fakeAdminToken } from './fake-api-server.ts'

export interface TestDevice {
  identity: DeviceIdentity
  db: ReceptionDatabase
  store: ReceptionStore
  engine: SyncEngine
  connectivity: Connectivity
  /** Every conflict the engine reported. */
  reportedConflicts: StoredCheckIn[]
  readonly online: boolean
  /** The device's own clock, which need not agree with anyone's. */
  time: number
  goOnline(): void
  goOffline(): void
}

let databaseCounter = 0

/** A reception device with its own IndexedDB, clock and network, talking to the fake API. */
export async function createTestDevice(
  server: FakeApiServer,
  options: {
    name: string
    time: number
    /** A real API address and fetch instead of the in-memory server's (the timeout test's HTTP server). */
    http?: { baseUrl: string; fetch: FetchLike; timeoutMs: number }
    reportError?: (error: unknown) => void
  },
): Promise<TestDevice> {
  const identity: DeviceIdentity = { id: `device-${options.name}`, name: options.name }
  const db = openReceptionDatabase(`test-${++databaseCounter}-${options.name}`)
  const network = { online: createStore(true), time: options.time }
  const clock = () => network.time
  const reportedConflicts: StoredCheckIn[] = []
  const connectivity = createConnectivity(network.online)
  const store = createReceptionStore({ db, clock, device: () => identity })
  await store.load()
  const engine = createSyncEngine({
    api: createAdminApiClient({
      ...(options.http ?? {
        baseUrl: 'https://api.furfes.example',
        fetch: server.fetchFor(network.online.getSnapshot),
      }),
      getAuthInfo: () => ({
        accessToken: fakeAdminToken,
        tokenType: 'Bearer',
        expiresAt: Number.MAX_SAFE_INTEGER,
      }),
    }),
    store,
    connectivity,
    clock,
    onConflicts: (conflicts) => reportedConflicts.push(...conflicts),
    ...(options.reportError ? { reportError: options.reportError } : {}),
  })
  const device: TestDevice = {
    identity,
    db,
    store,
    engine,
    connectivity,
    reportedConflicts,
    get online() {
      return network.online.getSnapshot()
    },
    get time() {
      return network.time
    },
    set time(value) {
      network.time = value
    },
    goOnline: () => network.online.set(true),
    goOffline: () => network.online.set(false),
  }
  return device
}
