import { describe, expect, it } from 'vitest'
import { createStore } from './store.ts'

describe('createStore', () => {
  it('gives the value set last and tells each subscriber of every change', () => {
    const store = createStore(1)
    const heard: number[] = []
    const stop = store.subscribe(() => heard.push(store.getSnapshot()))
    store.set(2)
    store.set(3)
    expect(store.getSnapshot()).toBe(3)
    expect(heard).toEqual([2, 3])
    stop()
    store.set(4)
    expect(heard).toEqual([2, 3])
    expect(store.getSnapshot()).toBe(4)
  })

  it('says nothing when the same value is set again', () => {
    const value = { status: 'idle' }
    const store = createStore(value)
    const heard: unknown[] = []
    store.subscribe(() => heard.push(store.getSnapshot()))
    store.set(value)
    expect(heard).toEqual([])
    store.set({ status: 'idle' })
    expect(heard).toEqual([{ status: 'idle' }])
  })
})
