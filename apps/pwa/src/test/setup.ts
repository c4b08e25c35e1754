// Dexie needs IndexedDB, which jsdom lacks; fake-indexeddb implements it in memory.
import 'fake-indexeddb/auto'

// jsdom lays nothing out and has no scrollIntoView; pages call it to bring a section into view.
Element.prototype.scrollIntoView ??= () => undefined
