import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import * as schema from './schema.ts'

/** A database or an open transaction on it: every query function takes one. */
export type Executor = PgDatabase<PgQueryResultHKT, typeof schema>

export type DatabaseKind = 'pglite' | 'postgres'

/**
 * A plain parameterised statement, for the few hot statements of the registration rush: it skips drizzle's
 * query building, and on PostgreSQL a `name` makes it a prepared statement per connection (parsed and planned
 * once). Not for use inside a transaction.
 */
export type RawQuery = <T>(statement: { name: string; text: string }, params: unknown[]) => Promise<T[]>

export interface Database {
  kind: DatabaseKind
  db: Executor
  query: RawQuery
  /** Answers when the database does (health check). */
  ping(): Promise<void>
  close(): Promise<void>
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize: number; statementTimeoutMs?: number }
  /**
   * `dataDir` undefined keeps the database in memory (tests); `loadDataDir` starts from a dump of another
   * PGlite (tests start from a migrated one instead of running initdb each time).
   */
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob }

/**
 * Opens PGlite (PostgreSQL in WASM, one connection: it serialises queries and transactions itself, so a
 * query outside a transaction waits for the open one to finish) or a PostgreSQL pool. The same schema and
 * queries run on both.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pglite') {
    if (options.dataDir !== undefined) mkdirSync(options.dataDir, { recursive: true })
    const client = await PGlite.create({
      ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
      ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
      parsers: drizzleRawParsers,
    })
    const db = drizzlePglite({ client: withoutPerQueryParsers(client), schema }) as unknown as Executor
    return {
      kind: 'pglite',
      db,
      query: async <T>(statement: { text: string }, params: unknown[]) =>
        (await client.query<T>(statement.text, params)).rows,
      ping: async () => {
        await client.query('select 1')
      },
      close: () => client.close(),
    }
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    // A connection that cannot be had quickly means the database is overloaded or gone: fail rather than pile up.
    connectionTimeoutMillis: 5_000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    application_name: 'furfes-api',
  })
  // An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Executor
  return {
    kind: 'postgres',
    db,
    query: async <T>(statement: { name: string; text: string }, params: unknown[]) =>
      (await pool.query({ name: statement.name, text: statement.text, values: params })).rows as T[],
    ping: async () => {
      await pool.query('select 1')
    },
    close: () => pool.end(),
  }
}

const asText = (value: string) => value

/**
 * The result parsers drizzle passes with every PGlite query: date and time types stay text (drizzle maps them
 * itself).
 */
const drizzleRawParsers = {
  1114: asText, // timestamp
  1184: asText, // timestamptz
  1186: asText, // interval
  1082: asText, // date
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
}

type QueryFunction = (
  query: string,
  params?: unknown[],
  options?: Record<string, unknown>,
) => Promise<unknown>

/**
 * PGlite copies its whole parser table (300-odd types) for every query that brings its own parsers, and
 * drizzle brings them with every query: measured here, 0.2 ms a query became 0.7 ms. The same parsers are
 * set once when PGlite is created (above), and this wrapper drops the per-query copy, for transactions too.
 */
function withoutPerQueryParsers<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object)
      if (typeof value !== 'function') return value
      if (property === 'query') {
        const query = value as QueryFunction
        return (text: string, params?: unknown[], options?: Record<string, unknown>) =>
          query.call(object, text, params, options && { ...options, parsers: undefined })
      }
      if (property === 'transaction') {
        const transaction = value as (callback: (tx: object) => Promise<unknown>) => Promise<unknown>
        return (callback: (tx: object) => Promise<unknown>) =>
          transaction.call(object, (tx) => callback(withoutPerQueryParsers(tx)))
      }
      return value.bind(object)
    },
  })
}

/** Runs raw SQL and returns its rows; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** The PostgreSQL error code (SQLSTATE) of an error, looking through drizzle's wrapping. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = current.cause
  }
  return undefined
}

export const uniqueViolation = '23505'
