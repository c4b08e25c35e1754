import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAdmissionControl } from './admission.ts'

describe('admission control', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('admits up to the limit, queues in order, and refuses at once when the queue is full', async () => {
    const sut = createAdmissionControl({ maxConcurrent: 2, maxQueue: 1, maxWaitMs: 1000 })
    const first = await sut.admit()
    const second = await sut.admit()
    const order: string[] = []
    const queued = sut.admit().then((release) => {
      order.push('queued')
      return release
    })
    expect(await sut.admit()).toBeUndefined()
    expect(sut.stats()).toEqual({ active: 2, queued: 1, refused: 1 })

    first?.()
    first?.() // Releasing twice frees one slot only.
    const third = await queued
    expect(order).toEqual(['queued'])
    expect(third).toBeTypeOf('function')
    expect(sut.stats()).toEqual({ active: 2, queued: 0, refused: 1 })
    second?.()
    third?.()
    expect(sut.stats()).toEqual({ active: 0, queued: 0, refused: 1 })
  })

  it('refuses a request that waited longer than the limit', async () => {
    const sut = createAdmissionControl({ maxConcurrent: 1, maxQueue: 10, maxWaitMs: 500 })
    const holder = await sut.admit()
    const waiting = sut.admit()
    vi.advanceTimersByTime(500)
    expect(await waiting).toBeUndefined()
    expect(sut.stats()).toEqual({ active: 1, queued: 0, refused: 1 })
    holder?.()
    expect(sut.stats().active).toBe(0)
  })
})
