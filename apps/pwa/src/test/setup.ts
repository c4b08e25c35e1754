// Dexie needs IndexedDB, which jsdom lacks; fake-indexeddb implements it in memory.
import 'fake-indexeddb/auto'
