// Dexie needs IndexedDB, which jsdom lacks; fake-indexeddb implements it in memory.
import 'fake-indexeddb/auto'

// jsdom lays nothing out and has no scrollIntoView; pages call it to bring a section into view.
// Some tests (the prerender) run without a DOM at all.
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= () => undefined
