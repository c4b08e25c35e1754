import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { RegistrationTier, VenueWire } from '@furfes/core'
import { serve } from '@hono/node-server'
import { decodeJwt } from 'jose'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest'
import webPush from 'web-push'
import { type Api, type ApiOptions, createApi } from '../../src/app.ts'
import {
  AccessTokenRefusedError,
  type IdentityProvider,
  type MemberAttributes,
} from '../../src/auth/identity.ts'
import type { MemberAccounts } from '../../src/auth/member-accounts.ts'
import type { StaffAccounts, StaffDirectory } from '../../src/auth/staff-directory.ts'
import { type Database, type DatabaseKind, type Executor, openDatabase } from '../../src/db/database.ts'
import { migrate } from '../../src/db/migrate.ts'
import { readEnv } from '../../src/env.ts'
import { createMemoryLogger, type Logger } from '../../src/logger.ts'
import type { PaymentGateway } from '../../src/payments/gateway.ts'
import { createStubPaymentGateway, type StubPaymentGateway } from '../../src/payments/stub-gateway.ts'
import { signingKeysFromDatabase } from '../../src/registration-code/keys.ts'
import { migrationsFolder, prepareDatabase } from '../../src/server.ts'
import { type MintOptions, mintAccessToken, poolVerifier } from './tokens.ts'
import { expectSpotsAccountedFor } from './waiting-list.ts'

export const databaseKinds = ['pglite', 'postgres'] as const satisfies readonly DatabaseKind[]

export const pwaUrl = 'https://pwa.furfes.test'
const apiUrl = 'https://api.furfes.test'

/** `count` minutes in milliseconds, for moving the test clock and reading expiries. */
export const minutes = (count: number) => count * 60 * 1000

/** A clock the test moves by hand. Starts on registration day of the 2025 event. */
export interface TestClock {
  (): number
  set(epochMs: number): void
  advance(ms: number): void
}

export function createTestClock(start = Date.parse('2025-03-01T10:00:00+09:00')): TestClock {
  let now = start
  return Object.assign(() => now, {
    set: (epochMs: number) => {
      now = epochMs
    },
    advance: (ms: number) => {
      now += ms
    },
  })
}

/**
 * Cognito's GetUser and the admins pool's groups (AdminListGroupsForUser) as the tests control them: attributes
 * per user id, each staff member's groups, a failure, or signed-out users.
 */
export interface FakeIdentity extends IdentityProvider, StaffDirectory {
  /** Puts a staff member in these groups of the admins pool (and in no other). */
  setGroups(sub: string, groups: readonly string[]): void
  setEmail(sub: string, email: string, emailVerified?: boolean): void
  fail(failing: boolean): void
  /** GlobalSignOut: every token of the user is refused from now on, as Cognito's GetUser refuses it. */
  signOut(sub: string): void
  readonly calls: number
}

export function createFakeIdentity(): FakeIdentity {
  const attributes = new Map<string, MemberAttributes>()
  const signedOut = new Set<string>()
  const groups = new Map<string, readonly string[]>()
  let failing = false
  let calls = 0
  return {
    async getUser(accessToken) {
      calls++
      if (failing) throw new Error('GetUser unavailable')
      const sub = String(decodeJwt(accessToken).sub)
      if (signedOut.has(sub)) {
        throw new AccessTokenRefusedError('NotAuthorizedException', 'Access Token has been revoked')
      }
      return attributes.get(sub) ?? { sub, email: `${sub.slice(0, 8)}@example.com`, emailVerified: true }
    },
    async groupsOf(username) {
      if (failing) throw new Error('AdminListGroupsForUser unavailable')
      const known = groups.get(username)
      // Cognito's answer for a user the pool does not have; the session check falls back to the token's groups.
      if (!known) throw new Error(`UserNotFoundException: ${username} is not a staff member of the fake pool`)
      return [...known]
    },
    setGroups(sub, list) {
      groups.set(sub, list)
    },
    setEmail(sub, email, emailVerified = true) {
      attributes.set(sub, { sub, email, emailVerified })
    },
    fail(value) {
      failing = value
    },
    signOut(sub) {
      signedOut.add(sub)
    },
    get calls() {
      return calls
    },
  }
}

/**
 * A fresh, migrated database: PGlite in memory loaded from the run's migrated image, or a new database in the
 * run's PostgreSQL cluster copied from its migrated template.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<{ database: Database; url?: string }> {
  if (kind === 'pglite') {
    const loadDataDir = new Blob([readFileSync(inject('pgliteTemplate'))])
    return { database: await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir }) }
  }
  const url = await createPostgresDatabase({ migrated: true })
  return { database: await openDatabase({ kind: 'postgres', url, poolSize: 10 }), url }
}

/** A new database in the run's PostgreSQL cluster: empty, or `migrated` (a copy of the migrated template). */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<string> {
  const admin = new URL(inject('postgresUrl'))
  const name = `test_${randomUUID().replaceAll('-', '')}`
  const client = new pg.Client({ connectionString: admin.href })
  await client.connect()
  try {
    await client.query(
      options.migrated
        ? `create database ${name} template ${inject('postgresTemplate')}`
        : `create database ${name}`,
    )
  } finally {
    await client.end()
  }
  admin.pathname = `/${name}`
  return admin.href
}

export interface TestDatabase {
  database: Database
  /** The PostgreSQL URL, to open a second pool (a second API instance) on the same database. */
  url: string | undefined
}

/**
 * Empties the tables in one DELETE statement (data-modifying WITH clauses). Faster than TRUNCATE, which gives each
 * table and its indexes new files: 70–140 ms for the tables below on either database, where deleting the few
 * rows a test leaves takes a few milliseconds. Being one statement, the foreign keys (all NO ACTION or CASCADE)
 * are checked once every table is empty, so the order does not matter; as with TRUNCATE, every table that refers
 * to a listed one must be listed too.
 */
export async function emptyTables(db: Executor, tables: readonly string[]): Promise<void> {
  const [last, ...others] = tables
  if (last === undefined) return
  const deletes = others.map((table, index) => `d${index} as (delete from ${table})`)
  await db.execute(`${deletes.length > 0 ? `with ${deletes.join(', ')} ` : ''}delete from ${last}`)
}

/** The tables a registration's life writes, from the account to its refunds: what a property test empties between
 * runs while the edition, its timetable and the signing keys stay. */
export const registrationTables: readonly string[] = [
  'addon_purchases',
  'automatic_refunds',
  'checkout_sessions_to_end',
  'registration_refunds',
  'refund_attempts',
  'refund_splits',
  'tier_changes',
  'mail_outbox',
  'announcement_recipients',
  'waiting_list_entries',
  'check_in_states',
  'check_ins',
  'registration_attention',
  'guardian_links',
  'badge_prints',
  'goods_ticks',
  'registrations',
  'profiles',
  'registration_additional_info',
  'users',
  'tier_inventory',
]

/** Every table a test writes, emptied before each test. */
const testTables = [
  ...registrationTables,
  'addon_products',
  'timetable_versions',
  'timetable_drafts',
  'announcements',
  'edition_changes',
  'current_edition',
  'editions',
  'event_cancellation_runs',
  'push_outbox',
  'push_subscriptions',
  'payment_webhook_events',
  'feature_flags',
  'signing_keys',
  'revoked_access_tokens',
  'staff_audit',
]

/**
 * One database per test file and kind (opened before the file's tests, closed after), emptied before each
 * test so tests stay independent. Returns a getter for the current test.
 */
export function useTestDatabase(kind: DatabaseKind): () => TestDatabase {
  let current: TestDatabase | undefined
  beforeAll(async () => {
    const opened = await openTestDatabase(kind)
    current = { database: opened.database, url: opened.url }
    await migrate(opened.database.db, migrationsFolder)
  })
  beforeEach(async () => {
    if (!current) throw new Error('The test database did not open')
    await emptyTables(current.database.db, testTables)
  })
  afterAll(async () => {
    await current?.database.close()
  })
  return () => {
    if (!current) throw new Error('The test database did not open')
    return current
  }
}

/** The API's default TOKEN_RECHECK_SECONDS, so tests see the production behaviour. */
export const defaultTokenRecheckMs = readEnv({}).TOKEN_RECHECK_SECONDS * 1000
/** The API's default TOKEN_FAIL_OPEN_SECONDS. */
export const defaultTokenFailOpenMs = readEnv({}).TOKEN_FAIL_OPEN_SECONDS * 1000

const testCapacities: Record<RegistrationTier, number> = {
  member: 5,
  fursuiter: 3,
  sponsor: 2,
  sponsor_fursuiter: 1,
}

export interface TestApiOptions {
  capacities?: Partial<Record<RegistrationTier, number>>
  /** The venue the first edition is seeded with (VENUE); none when omitted. */
  venue?: VenueWire
  clock?: TestClock
  identity?: FakeIdentity
  gateway?: StubPaymentGateway
  overrides?: Partial<ApiOptions>
  logger?: Logger
}

export interface TestApi {
  api: Api
  database: Database
  clock: TestClock
  identity: FakeIdentity
  gateway: StubPaymentGateway
  logger: ReturnType<typeof createMemoryLogger>
  /** A member token for `sub` (a new UUID when omitted) valid at the clock's now. */
  memberToken(sub?: string, options?: MintOptions): Promise<string>
  /**
   * A staff token for `sub` (a new UUID when omitted) carrying `groups` (committee when omitted), its user in
   * those groups of the fake admins pool, as AdminAddUserToGroup before the sign-in makes them.
   */
  adminToken(sub?: string, groups?: readonly string[]): Promise<string>
  request(method: string, path: string, init?: RequestOptions): Promise<TestResponse>
}

export interface RequestOptions {
  token?: string
  body?: unknown
  /** Sent as is, not JSON-encoded. */
  rawBody?: string
  headers?: Record<string, string>
}

export interface TestResponse {
  status: number
  body: unknown
  headers: Headers
}

export function requestInit(method: string, options: RequestOptions = {}): RequestInit {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
  let body: string | undefined = options.rawBody
  if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers['content-type'] ??= 'application/json'
  }
  return { method, headers, ...(body === undefined ? {} : { body }) }
}

export async function readResponse(response: Response): Promise<TestResponse> {
  const text = await response.text()
  let body: unknown = text
  try {
    body = text === '' ? undefined : JSON.parse(text)
  } catch {}
  return { status: response.status, body, headers: response.headers }
}

/**
 * Staff management where Cognito cannot be reached: tests of it give the Cognito emulator's admins pool instead
 * (apps/api/test/staff.test.ts).
 */
const unreachableStaffAccounts: StaffAccounts = (() => {
  const unreachable = () => Promise.reject(new Error('No Cognito admins pool in this test'))
  return {
    list: unreachable,
    get: unreachable,
    invite: unreachable,
    addToGroup: unreachable,
    removeFromGroup: unreachable,
    setEnabled: unreachable,
  }
})()

/** Member accounts where Cognito cannot be reached: retention tests give the emulator's members pool instead. */
const unreachableMemberAccounts: MemberAccounts = {
  delete: () => Promise.reject(new Error('No Cognito members pool in this test')),
}

/** The tests' VAPID key pair, as VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY would give it. */
export const testVapidKeys = webPush.generateVAPIDKeys()

/** The API over a test database, with fake Cognito, the stub payment provider and a hand-moved clock. */
export async function createTestApi(database: Database, options: TestApiOptions = {}): Promise<TestApi> {
  const clock = options.clock ?? createTestClock()
  await prepareDatabase(database.db, {
    clock,
    capacities: { ...testCapacities, ...options.capacities },
    venue: options.venue,
  })
  const identity = options.identity ?? createFakeIdentity()
  const gateway = options.gateway ?? createStubPaymentGateway({ pwaUrl })
  const logger = createMemoryLogger()
  let keys: ReturnType<typeof signingKeysFromDatabase> | undefined
  const api = createApi({
    database,
    clock,
    logger: options.logger ?? logger,
    memberTokens: await poolVerifier('members', clock),
    adminTokens: await poolVerifier('admins', clock),
    identity,
    staffDirectory: identity,
    staffAccounts: unreachableStaffAccounts,
    memberAccounts: unreachableMemberAccounts,
    paymentGateway: gateway,
    signingKeys: () => {
      keys ??= signingKeysFromDatabase(database.db, clock)
      return keys
    },
    pwaUrl,
    apiUrl,
    corsOrigins: [pwaUrl],
    // Configured, as CHECKOUT_SESSION_SECONDS would: the tests' holds last 30 minutes whatever the edition says.
    // A test of the edition's hold passes `checkoutSessionMs: undefined` among its overrides.
    checkoutSessionMs: 30 * 60 * 1000,
    soldOutCacheMs: 1000,
    emailSyncIntervalMs: 60_000,
    tokenRecheckMs: defaultTokenRecheckMs,
    tokenFailOpenMs: defaultTokenFailOpenMs,
    featureFlagsCacheMs: 0,
    publicProfilesCacheMs: 5000,
    registrationCodeLifetimeSeconds: 7 * 24 * 60 * 60,
    admission: { maxConcurrent: 64, maxQueue: 10_000, maxWaitMs: 60_000 },
    validateResponses: true,
    push: { publicKey: testVapidKeys.publicKey, allowedHosts: ['127.0.0.1', 'fcm.googleapis.com'] },
    ...options.overrides,
  })
  return {
    api,
    database,
    clock,
    identity,
    gateway,
    logger,
    memberToken: (sub = randomUUID(), mint) => mintAccessToken(sub, clock(), mint),
    adminToken(sub = randomUUID(), groups = ['committee']) {
      identity.setGroups(sub, groups)
      return mintAccessToken(sub, clock(), { pool: 'admins', claims: { 'cognito:groups': [...groups] } })
    },
    async request(method, path, init) {
      return readResponse(await api.app.request(path, requestInit(method, init)))
    },
  }
}

/**
 * The API over a database of this file (see useTestDatabase; pass the file's own getter when a test needs its
 * URL), created afresh before each test so that a file declares it once. What it answers always reaches the
 * running test's API, so read it only inside tests and hooks; `options` may be a function when a test's
 * collaborators (a gateway, a clock) are made per test.
 */
export function useTestApi(
  on: DatabaseKind | (() => TestDatabase),
  options: TestApiOptions | (() => TestApiOptions) = {},
): TestApi {
  const database = typeof on === 'function' ? on : useTestDatabase(on)
  let current: TestApi | undefined
  beforeEach(async () => {
    current = await createTestApi(database().database, typeof options === 'function' ? options() : options)
  })
  // Whatever the test did, every spot is accounted for (the inventory's invariant).
  afterEach(async () => {
    if (current) await expectSpotsAccountedFor(current.database)
  })
  return new Proxy({} as TestApi, {
    get(_, key) {
      if (!current) throw new Error('The test API exists only inside a test')
      return Reflect.get(current, key)
    },
  })
}

/** One staff member for the tests of a block: see useAdmin. */
export interface TestAdmin {
  /** Their user id, the same in every test, as the records they leave name them. */
  readonly id: string
  /** Their access token, minted on the test's API before each test; read it only inside tests. */
  readonly token: string
  /** Mints the token again by the API's clock as it is now (after a test moved it). */
  renew(): Promise<void>
}

/** A staff member signed in to the test's API before each test, so a file declares it once. */
export function useAdmin(sut: TestApi): TestAdmin {
  const id = randomUUID()
  let token: string | undefined
  const renew = async () => {
    token = await sut.adminToken(id)
  }
  beforeEach(renew)
  return {
    id,
    get token() {
      if (token === undefined) throw new Error('The admin signs in only inside a test')
      return token
    },
    renew,
  }
}

/**
 * Two API instances on one PostgreSQL database, each with a connection pool of its own as two processes would
 * have, sharing a clock and Cognito. `close` ends the second pool (the file's database closes the first).
 */
export async function twoTestApis(
  database: TestDatabase,
  options: TestApiOptions & { poolSize?: number } = {},
): Promise<{ first: TestApi; second: TestApi; clock: TestClock; close(): Promise<void> }> {
  if (!database.url) throw new Error('PostgreSQL URL missing')
  const { poolSize = 10, ...apiOptions } = options
  const shared = { ...apiOptions, clock: createTestClock(), identity: createFakeIdentity() }
  const secondDatabase = await openDatabase({ kind: 'postgres', url: database.url, poolSize })
  const first = await createTestApi(database.database, shared)
  const second = await createTestApi(secondDatabase, shared)
  return { first, second, clock: shared.clock, close: () => secondDatabase.close() }
}

/** Serves an app on an ephemeral loopback port, as main.ts does, for tests that need real HTTP. */
export async function listen(api: Api): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<Server>((resolve) => {
    const created = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(created as Server),
    )
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The routes a member's token opens: what authentication, maintenance and robustness tests walk. */
export const memberRoutes = [
  ['GET', '/profile'],
  ['PUT', '/profile'],
  ['GET', '/registration/additional'],
  ['PUT', '/registration/additional'],
  ['GET', '/inventory'],
  ['GET', '/registration'],
  ['POST', '/registration'],
  ['DELETE', '/registration'],
  ['GET', '/registration/jwt'],
] as const

/**
 * The stub provider, except that opening a checkout session waits until the test calls `unblock`: a request
 * held in flight. `entered` resolves once a request reached the provider.
 */
export function heldGateway(successOrigin = pwaUrl): {
  gateway: PaymentGateway
  entered: Promise<void>
  unblock(): void
} {
  const stub = createStubPaymentGateway({ pwaUrl: successOrigin })
  let unblock: () => void = () => {}
  const blocked = new Promise<void>((resolve) => {
    unblock = resolve
  })
  let enter: () => void = () => {}
  const entered = new Promise<void>((resolve) => {
    enter = resolve
  })
  const gateway: PaymentGateway = {
    ...stub,
    async createCheckoutSession(request) {
      enter()
      await blocked
      return stub.createCheckoutSession(request)
    },
  }
  return { gateway, entered, unblock }
}

/** A valid POST /registration body for a tier. */
export function registrationRequest(tier: RegistrationTier = 'member', badgeName = 'Kemo') {
  return {
    registration_tier: tier,
    badge_name: badgeName,
    ...(tier === 'sponsor' || tier === 'sponsor_fursuiter' ? { t_shirt_size: 'L' as const } : {}),
    ...(tier === 'fursuiter' || tier === 'sponsor_fursuiter'
      ? { changing_room_type: 'female' as const }
      : {}),
    agreed_to_rules: true,
    success_url: `${pwaUrl}/ja/mypage/dashboard?refresh=1`,
    cancel_url: `${pwaUrl}/ja/mypage/registration`,
  }
}

/** The stub provider's checkout session that a POST /registration answer's payment URL names. */
export function checkoutSessionOf(created: TestResponse): string {
  const paymentUrl = (created.body as { payment_url: string }).payment_url
  const sessionId = new URL(paymentUrl).searchParams.get('checkout_session_id')
  if (!sessionId) throw new Error(`No checkout session in ${paymentUrl}`)
  return sessionId
}

/** Pays a checkout session on the stub provider and delivers the payment, as the webhook would; answers the outcome. */
export async function payCheckout(sut: TestApi, sessionId: string) {
  sut.gateway.complete(sessionId)
  return (await sut.api.registrations.markPaid(sessionId)).outcome
}

/**
 * A new member (or the member `userId`, registering for the current edition) who registered through the API for
 * `tier` (in `language`, ja by default), and paid on the stub provider unless `pay` is false: what refund, waiting-list and dashboard tests start
 * from.
 */
export async function registeredMember(
  sut: TestApi,
  tier: RegistrationTier = 'member',
  options: { pay?: boolean; userId?: string; language?: 'ja' | 'en' } = {},
): Promise<{ userId: string; token: string; sessionId: string; registrationId: string }> {
  const userId = options.userId ?? randomUUID()
  const token = await sut.memberToken(userId)
  const body = { ...registrationRequest(tier), ...(options.language ? { language: options.language } : {}) }
  const created = await sut.request('POST', '/registration', { token, body })
  expect(created.status).toBe(201)
  const sessionId = checkoutSessionOf(created)
  if (options.pay ?? true) await payCheckout(sut, sessionId)
  const row = await sut.api.registrations.current(userId)
  if (!row) throw new Error('The registration was not stored')
  return { userId, token, sessionId, registrationId: row.registrationId }
}

/**
 * Spots counted by the inventory versus registrations (and upgrades awaiting their payment) holding one, in the
 * current edition (or the one named): they must always agree.
 */
export async function inventoryConsistency(
  database: Database,
  editionId?: string,
): Promise<{ tier: string; taken: number; holding: number; capacity: number }[]> {
  const edition = editionId === undefined ? '(select edition_id from current_edition)' : `'${editionId}'`
  const rows = (await database.db.execute(`
    select i.registration_tier as tier, i.taken, i.capacity,
      (select count(*)::int from registrations r
       where r.edition_id = i.edition_id and r.registration_tier = i.registration_tier
         and r.payment_status in ('pending', 'paid'))
      + (select count(*)::int from tier_changes c
         where c.edition_id = i.edition_id and c.to_tier = i.registration_tier
           and c.status = 'awaiting_payment') as holding
    from tier_inventory i where i.edition_id = ${edition} order by i.registration_tier
  `)) as unknown as { rows: { tier: string; taken: number; holding: number; capacity: number }[] }
  return rows.rows.map((row) => ({
    ...row,
    taken: Number(row.taken),
    holding: Number(row.holding),
    capacity: Number(row.capacity),
  }))
}

/** One tier's row of inventoryConsistency without its name: what a test compares. */
export async function tierCounts(database: Database, tier: RegistrationTier) {
  const { tier: _, ...counts } = (await inventoryConsistency(database)).find((row) => row.tier === tier) ?? {}
  return counts
}
