import { Dexie } from 'dexie'

/** Each table's Dexie schema (primary key first, then the indexes); null deletes a table. */
type Schema<Tables> = { [Name in keyof Tables]?: string | null }

/**
 * Opens an app's IndexedDB database, `Tables` typing its tables. `versions` holds the schema each version
 * adds, oldest first: a version the apps have shipped is never edited, since Dexie upgrades a device's
 * database by going through them in order.
 */
export function openDatabase<Tables extends object>(
  name: string,
  versions: readonly Schema<Tables>[],
): Dexie & Tables {
  const database = new Dexie(name)
  for (const [index, schema] of versions.entries()) {
    database.version(index + 1).stores(schema as Record<string, string | null>)
  }
  return database as Dexie & Tables
}
