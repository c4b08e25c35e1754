// Dexie needs IndexedDB, which jsdom lacks; fake-indexeddb implements it in memory.
import 'fake-indexeddb/auto'
import { configure } from '@testing-library/react'
import { beforeAll } from 'vitest'
import { emptyDevice } from './empty-device.ts'

// jsdom lays nothing out and has no scrollIntoView; pages call it to bring a section into view.
// Some tests (the prerender) run without a DOM at all.
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= () => undefined

// Whole pages render in these tests, lazily loaded pages and all; on a busy two-core machine that can take
// seconds. It is an upper bound on findBy* and waitFor, not a sleep.
configure({ asyncUtilTimeout: 10_000 })

// The files of a worker share one jsdom and one IndexedDB (isolate: false, decision 198): each file starts
// from an empty device, as it would alone.
beforeAll(async () => {
  if (typeof window !== 'undefined') await emptyDevice()
})
