import { describe, expect, it } from 'vitest'
import { createTestDevice } from '../test/device.ts'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { eventMorning, participantWire, registrationIdOf } from '../test/fixtures.ts'
import { createReceptionStore } from './store.ts'

/*
 * Goods ticked on tablets that were offline (docs/decisions/180-goods-handed-out.md): each tablet shows its own
 * ticks at once, uploads each tick once after reconnecting, the first tick of a line stands, and every tablet
 * sees every desk's ticks after its next snapshot, the device's queue then empty. A reload keeps unsent ticks.
 */

const minute = 60_000

function handedOn(device: Awaited<ReturnType<typeof createTestDevice>>, n: number) {
  const lines = device.store.getSnapshot().handedGoods.get(registrationIdOf(n))
  return Object.fromEntries([...(lines ?? new Map()).values()].map((line) => [line.goods, line.deviceName]))
}

describe('goods ticks across tablets', () => {
  it('uploads each offline tick once after reconnecting, keeps the first tick of a line, and shows all on every tablet', async () => {
    const server = createFakeApiServer({
      participants: [1, 2].map((n) =>
        participantWire({ n, badgeName: `Fox ${n}`, tier: 'sponsor', tShirtSize: 'L' }),
      ),
    })
    const [a, b] = await Promise.all([
      createTestDevice(server, { name: 'A', time: eventMorning }),
      createTestDevice(server, { name: 'B', time: eventMorning + minute }),
    ])
    for (const device of [a, b]) await device.engine.sync({ refreshSnapshot: true })
    for (const device of [a, b]) device.goOffline()

    await a.store.recordGoodsTick(registrationIdOf(1), 'tShirt', 'mark')
    await a.store.recordGoodsTick(registrationIdOf(1), 'toteBag', 'mark')
    await b.store.recordGoodsTick(registrationIdOf(1), 'tShirt', 'mark')
    await b.store.recordGoodsTick(registrationIdOf(2), 'sticker', 'mark')
    await b.store.recordGoodsTick(registrationIdOf(2), 'sticker', 'unmark')
    await b.store.recordGoodsTick(registrationIdOf(2), 'conbook', 'mark')
    // Offline, each tablet shows what it ticked, and nothing of the other's.
    expect(handedOn(a, 1)).toEqual({ tShirt: 'A', toteBag: 'A' })
    expect(handedOn(b, 1)).toEqual({ tShirt: 'B' })
    expect(handedOn(b, 2)).toEqual({ conbook: 'B' })
    expect(b.store.getSnapshot().pendingGoodsTickCount).toBe(4)
    expect((await b.engine.sync()).problem).toBe('offline')

    for (const device of [a, b]) {
      device.goOnline()
      expect((await device.engine.sync()).problem).toBeUndefined()
    }
    for (const device of [a, b]) await device.engine.sync({ refreshSnapshot: true })

    // Each tick reached the API once, in the order made on its tablet.
    const sent = server.goodsTickUploads.map((item) => `${item.device_name}:${item.goods}:${item.kind}`)
    expect(sent).toEqual([
      'A:tShirt:mark',
      'A:toteBag:mark',
      'B:tShirt:mark',
      'B:sticker:mark',
      'B:sticker:unmark',
      'B:conbook:mark',
    ])
    expect(new Set(server.goodsTickUploads.map((item) => item.id)).size).toBe(6)
    // A reached the API first: its T-shirt tick stands on both tablets.
    for (const device of [a, b]) {
      expect(handedOn(device, 1)).toEqual({ tShirt: 'A', toteBag: 'A' })
      expect(handedOn(device, 2)).toEqual({ conbook: 'B' })
      expect(device.store.getSnapshot().goodsTicks).toEqual([])
    }
  })

  it('keeps an unsent tick over a reload and a sign-out, and uploads it after', async () => {
    const server = createFakeApiServer({
      participants: [participantWire({ n: 1, badgeName: 'Fox', tier: 'sponsor' })],
    })
    const device = await createTestDevice(server, { name: 'A', time: eventMorning })
    await device.engine.sync({ refreshSnapshot: true })
    device.goOffline()
    await device.store.recordGoodsTick(registrationIdOf(1), 'conbook', 'mark')
    await device.store.forgetPersonalData()
    expect(device.store.getSnapshot().pendingGoodsTickCount).toBe(1)

    // The same IndexedDB read again, as after a reload, holds the tick.
    const reloaded = createReceptionStore({
      db: device.db,
      clock: () => eventMorning,
      device: () => device.identity,
    })
    await reloaded.load()
    expect(reloaded.pendingGoodsTicks().map((item) => item.goods)).toEqual(['conbook'])

    device.goOnline()
    await device.engine.sync({ refreshSnapshot: true })
    expect(server.goodsTickUploads.map((item) => item.goods)).toEqual(['conbook'])
    expect(handedOn(device, 1)).toEqual({ conbook: 'A' })
  })
})
