import { createMemoryStorage } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { createPrintedBadgeMarks } from './printed.ts'

describe('printed badge marks', () => {
  it('keeps the marks in storage, so a reloaded app still knows them, and takes them off again', () => {
    const storage = createMemoryStorage()
    let now = 1_000
    const marks = createPrintedBadgeMarks(storage, () => now)
    let changes = 0
    marks.subscribe(() => changes++)
    marks.mark(['a', 'b'])
    now = 2_000
    marks.mark(['b'])
    expect(marks.getSnapshot()).toEqual({ a: 1_000, b: 2_000 })
    expect(createPrintedBadgeMarks(storage, () => now).getSnapshot()).toEqual({ a: 1_000, b: 2_000 })
    marks.unmark(['a'])
    expect(createPrintedBadgeMarks(storage, () => now).getSnapshot()).toEqual({ b: 2_000 })
    expect(changes).toBe(3)
  })

  it('reads an unreadable entry as nothing printed', () => {
    const storage = createMemoryStorage()
    storage.setItem('furfesReceptionPrintedBadges', '{"a": "yesterday"')
    expect(createPrintedBadgeMarks(storage, () => 0).getSnapshot()).toEqual({})
    storage.setItem('furfesReceptionPrintedBadges', '{"a": "yesterday"}')
    expect(createPrintedBadgeMarks(storage, () => 0).getSnapshot()).toEqual({})
  })
})
