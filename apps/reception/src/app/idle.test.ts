import { createMemoryStorage } from '@furfes/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { eventMorning } from '../test/fixtures.ts'
import { createIdleWatch, defaultIdleWipeHours } from './idle.ts'

const minute = 60_000
const hour = 60 * minute

describe('idle watch', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: eventMorning, toFake: ['setInterval', 'clearInterval', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it(`signs out after ${defaultIdleWipeHours} hours without a touch or key press, once`, async () => {
    const storage = createMemoryStorage()
    const target = new EventTarget()
    const sut = createIdleWatch({ storage, clock: Date.now })
    const expired: number[] = []
    const stop = sut.watch(() => expired.push(Date.now()), target)

    // Used now and then through the morning: each touch starts the count again.
    await vi.advanceTimersByTimeAsync(11 * hour)
    target.dispatchEvent(new Event('pointerdown'))
    await vi.advanceTimersByTimeAsync(11 * hour)
    target.dispatchEvent(new Event('keydown'))
    await vi.advanceTimersByTimeAsync(defaultIdleWipeHours * hour - 2 * minute)
    expect(expired).toEqual([])
    expect(sut.isExpired()).toBe(false)

    await vi.advanceTimersByTimeAsync(2 * minute)
    expect(expired).toHaveLength(1)
    expect(sut.isExpired()).toBe(true)
    await vi.advanceTimersByTimeAsync(5 * hour)
    expect(expired).toHaveLength(1)
    stop()
  })

  it('takes the limit from the configuration', async () => {
    const target = new EventTarget()
    const sut = createIdleWatch({ storage: createMemoryStorage(), clock: Date.now, idleHours: 0.5 })
    let expired = false
    sut.watch(() => {
      expired = true
    }, target)
    await vi.advanceTimersByTimeAsync(29 * minute)
    expect(expired).toBe(false)
    await vi.advanceTimersByTimeAsync(minute)
    expect(expired).toBe(true)
  })

  it('counts the first touch after a long sleep as too late, not as use', () => {
    const target = new EventTarget()
    let now = eventMorning
    const sut = createIdleWatch({ storage: createMemoryStorage(), clock: () => now })
    let expired = false
    sut.watch(() => {
      expired = true
    }, target)
    // Asleep in a bag: no timer ran, and the clock moved on 13 hours.
    now += 13 * hour
    target.dispatchEvent(new Event('pointerdown'))
    expect(expired).toBe(true)
  })

  it('remembers the last use across a restart of the app, and stops watching when told', async () => {
    const storage = createMemoryStorage()
    const target = new EventTarget()
    const first = createIdleWatch({ storage, clock: Date.now })
    let expired = false
    const stop = first.watch(() => {
      expired = true
    }, target)
    await vi.advanceTimersByTimeAsync(hour)
    target.dispatchEvent(new Event('pointerdown'))
    stop()
    await vi.advanceTimersByTimeAsync(defaultIdleWipeHours * hour)
    expect(expired).toBe(false)

    // The app starts again: the last touch, read back from storage, is more than the limit ago.
    expect(createIdleWatch({ storage, clock: Date.now }).isExpired()).toBe(true)
    expect(createIdleWatch({ storage, clock: () => eventMorning + 2 * hour }).isExpired()).toBe(false)
    // A device never watched (first start) has nothing to forget yet.
    expect(createIdleWatch({ storage: createMemoryStorage(), clock: Date.now }).isExpired()).toBe(false)
  })
})
