// Dexie needs IndexedDB, which jsdom lacks; fake-indexeddb implements it in memory.
import 'fake-indexeddb/auto'
import { configure } from '@testing-library/react'

// findBy* waits for the app's own async steps (IndexedDB, the entry machine); a busy CI machine needs longer
// than the default second. It is an upper bound, not a sleep.
configure({ asyncUtilTimeout: 5_000 })
