import { afterEach, describe, expect, it } from 'vitest'
import { createTestDevice } from '../test/device.ts'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { eventMorning, participantWire, registrationIdOf } from '../test/fixtures.ts'
import { type HttpFront, startHttpFront } from '../test/http-front.ts'

let front: HttpFront | undefined

afterEach(async () => {
  await front?.close()
  front = undefined
})

describe('sync against an API that never answers', () => {
  it('reports the failure when a request hangs, keeps the check-in, and the next sync uploads it', async () => {
    const server = createFakeApiServer({ participants: [participantWire({ n: 1, badgeName: 'Fox 1' })] })
    front = await startHttpFront(server)
    const device = await createTestDevice(server, {
      name: 'A',
      time: eventMorning,
      // Shorter than the default, so the test waits less for the hung request, yet long enough for the answered
      // requests of a busy machine (200 ms was not).
      http: { baseUrl: front.baseUrl, fetch: (input, init) => fetch(input, init), timeoutMs: 2_000 },
    })
    expect((await device.engine.sync({ refreshSnapshot: true })).problem).toBeUndefined()
    const checkIn = await device.store.recordCheckIn(registrationIdOf(1))

    front.swallowNext('POST /admin/check-ins')
    const hung = await device.engine.sync()
    expect(front.swallowed).toBe(1)
    expect(hung.problem).toBe('offline')
    expect(device.engine.getSnapshot()).toEqual({ running: false, problem: 'offline' })
    expect(device.connectivity.getSnapshot()).toBe('offline')
    expect(device.store.getSnapshot().pendingCount).toBe(1)

    const next = await device.engine.sync()
    expect(next.problem).toBeUndefined()
    expect(next.uploaded).toBe(1)
    expect(device.connectivity.getSnapshot()).toBe('online')
    expect(device.store.getSnapshot().pendingCount).toBe(0)
    expect(server.records().map((record) => [record.id, record.status])).toEqual([[checkIn.id, 'accepted']])
  })
})
