/**
 * Empties what a browser keeps for the site (local and session storage, every IndexedDB database), keeping the
 * databases' schemas and any connection the app holds open, so a module-level Dexie database stays usable.
 * The test files of a worker share one jsdom and one IndexedDB (docs/decisions/198-pwa-tests-share-workers.md).
 */
export async function emptyDevice(): Promise<void> {
  window.localStorage.clear()
  window.sessionStorage.clear()
  for (const { name } of await indexedDB.databases()) {
    if (name !== undefined) await emptyDatabase(name)
  }
}

async function emptyDatabase(name: string): Promise<void> {
  // Opened without a version: no upgrade, so the app's own open connection is not asked to close.
  const request = indexedDB.open(name)
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  try {
    const stores = [...database.objectStoreNames]
    if (stores.length === 0) return
    const transaction = database.transaction(stores, 'readwrite')
    for (const store of stores) transaction.objectStore(store).clear()
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve()
      transaction.onerror = () => reject(transaction.error)
      transaction.onabort = () => reject(transaction.error)
    })
  } finally {
    database.close()
  }
}
