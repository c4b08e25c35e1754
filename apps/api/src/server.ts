import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import {
  type Clock,
  defaultRefundPolicy,
  developmentEdition,
  type Edition,
  firstEdition,
  perTier,
  type RegistrationTier,
  sameRefundPolicy,
  type VenueWire,
  venueCodec,
} from '@furfes/core'
import { createAdaptorServer } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import { type Api, type ApiOptions, createApi } from './app.ts'
import { createCognitoIdentityProvider } from './auth/identity.ts'
import { createCognitoMemberAccounts } from './auth/member-accounts.ts'
import { createCognitoStaffDirectory } from './auth/staff-directory.ts'
import { createTokenVerifier, poolIssuer, remotePoolKeys, type UserPool } from './auth/tokens.ts'
import { type Database, type Executor, openDatabase, queryRows } from './db/database.ts'
import { migrate } from './db/migrate.ts'
import { type Env, packageRoot } from './env.ts'
import type { Logger } from './logger.ts'
import { createMailService, type MailService } from './mail/service.ts'
import type { MailTransportConfig } from './mail/transport.ts'
import type { PaymentGateway } from './payments/gateway.ts'
import { createStripeGateway } from './payments/stripe-gateway.ts'
import { createPushService, type PushService } from './push/service.ts'
import { vapidKeysFor } from './push/vapid.ts'
import {
  type SigningKeySet,
  signingKeysFromConfig,
  signingKeysFromDatabase,
} from './registration-code/keys.ts'
import { seedAddonProducts } from './services/addons.ts'
import { createCurrentEditionReader } from './services/current-edition.ts'
import { readCurrentEdition, seedEditions } from './services/editions.ts'
import { seedFeatureFlags } from './services/feature-flags.ts'
import { syncTierCapacities } from './services/inventory.ts'
import { retentionJobActor, runRetention } from './services/retention.ts'
import { seedEditionTimetable } from './services/timetable.ts'

export const migrationsFolder = join(packageRoot, 'drizzle')

/**
 * Migrations, the default feature flags, the first edition (decision 155; configuration seeds it once, with the
 * configured capacities), the configured capacities and, in a database without any timetable, the current
 * edition's programme as the site's copy describes it (decision 172): what every start does first.
 */
export async function prepareDatabase(
  db: Executor,
  options: {
    clock: Clock
    capacities: Readonly<Record<RegistrationTier, number>>
    /** The configured venue (VENUE), if the committee announced it before the first start. */
    venue?: VenueWire | undefined
    /** Which edition an empty database starts with (EDITION_SEED); the first edition when omitted. */
    seed?: 'first' | 'development'
  },
): Promise<void> {
  const seed = options.seed === 'development' ? developmentEdition(options.clock()) : firstEdition
  const seedEdition = async (executor: Executor, edition: Edition) => {
    const tiers = perTier((tier) => ({ ...edition.tiers[tier], capacity: options.capacities[tier] }))
    const venue = options.venue ? venueCodec.decode(options.venue) : edition.venue
    await seedEditions({ db: executor, clock: options.clock }, { ...edition, tiers, venue })
  }
  // Registrations and waiting-list entries written before they belonged to an edition become the first
  // edition's (decision 158): a database that has some but no edition yet gets the first edition before that
  // migration; one without gets the configured seed.
  await migrate(db, migrationsFolder, {
    11: async (tx) => seedEdition(tx, (await hasMemberRows(tx)) ? firstEdition : seed),
  })
  await seedFeatureFlags(db, options.clock)
  await seedEdition(db, seed)
  // The database is the truth once seeded: the inventory follows the current edition's capacities.
  const { edition } = await readCurrentEdition({ db, clock: options.clock })
  await seedEditionTimetable({ db, clock: options.clock }, edition)
  await syncTierCapacities(
    db,
    edition.id,
    perTier((tier) => edition.tiers[tier].capacity),
  )
  // Its add-ons (decision 178), seeded the same way.
  await seedAddonProducts(db, edition)
}

/** Whether the database holds any registration or waiting-list entry (read before migration 0011). */
async function hasMemberRows(executor: Executor): Promise<boolean> {
  const [row] = await queryRows<{ any: boolean }>(
    executor,
    sql`select exists (select 1 from registrations) or exists (select 1 from waiting_list_entries) as any`,
  )
  return row?.any === true
}

/** Loads once; a failure is not remembered, so the next call tries again. */
function memoise<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined
      throw error
    })
    return pending
  }
}

const heldLocks = new Set<string>()

/**
 * PGlite is one process's database: a second process (or a second server in this one) opening the same folder
 * would corrupt it. A lock file holding our pid refuses the second start with a clear message; the stale lock
 * of a process that died is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`
  mkdirSync(dirname(lockFile), { recursive: true })
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      heldLocks.add(lockFile)
      return () => {
        heldLocks.delete(lockFile)
        rmSync(lockFile, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number(readFileSync(lockFile, 'utf8'))
      let alive = heldLocks.has(lockFile)
      try {
        if (pid !== process.pid) {
          process.kill(pid, 0)
          alive = true
        }
      } catch {}
      if (alive) {
        throw new Error(
          `Another API process (pid ${pid}) uses the PGlite data folder ${dataDir}. Stop it, or use a ` +
            'PostgreSQL server (DATABASE_URL) to run several instances.',
        )
      }
      rmSync(lockFile, { force: true })
    }
  }
  throw new Error(`Could not lock ${dataDir}`)
}

export interface RunningServer {
  url: string
  api: Api
  database: Database
  mail: MailService
  push: PushService
  /** Graceful shutdown: stop accepting, finish in-flight requests, close the database. */
  close(): Promise<void>
}

/** Stripe through the official SDK: the emulator when STRIPE_API_URL points at it, else Stripe (decision 031). */
function paymentGatewayFor(env: Env, clock: Clock, logger: Logger): PaymentGateway {
  switch (env.PAYMENT_GATEWAY) {
    case 'stripe': {
      if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
        throw new Error(
          'PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (see apps/api/.env.example)',
        )
      }
      return createStripeGateway({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiUrl: env.STRIPE_API_URL,
        clock,
        logger: logger.child({ component: 'stripe' }),
      })
    }
  }
}

/** Where mail leaves as configured: SMTP or SES's API (decision 101). */
export function mailTransportConfig(env: Env): MailTransportConfig {
  return env.MAIL_TRANSPORT === 'ses'
    ? {
        kind: 'ses',
        region: env.MAIL_SES_REGION,
        configurationSet: env.MAIL_SES_CONFIGURATION_SET,
        endpoint: env.MAIL_SES_ENDPOINT,
      }
    : { kind: 'smtp', url: env.MAIL_SMTP_URL }
}

/** Mail as configured: the outbox and the transport that delivers it (decisions 100 and 101). */
function mailServiceFor(
  env: Env,
  options: { db: Executor; gateway: PaymentGateway; clock: Clock; logger: Logger },
): MailService {
  return createMailService({
    ...options,
    transport: mailTransportConfig(env),
    from: env.MAIL_FROM,
    replyTo: env.MAIL_REPLY_TO,
    pwaUrl: env.PWA_URL,
    // Mails speak of the current edition as it is when they are sent.
    edition: createCurrentEditionReader({ ...options, cacheMs: 5000 }).read,
    venue: { ja: env.EVENT_VENUE_JA, en: env.EVENT_VENUE_EN },
    retryBaseMs: env.MAIL_RETRY_BASE_SECONDS * 1000,
    retryMaxMs: env.MAIL_RETRY_MAX_SECONDS * 1000,
  })
}

/** What tests may replace; everything else comes from the configuration. */
type ServerOverrides = Partial<
  Pick<ApiOptions, 'memberTokens' | 'adminTokens' | 'identity' | 'staffDirectory' | 'paymentGateway'>
>

/** Starts the API as `npm start` and deployments run it, from the configuration alone. */
export async function startServer(
  env: Env,
  options: { logger: Logger; clock?: Clock; overrides?: ServerOverrides },
): Promise<RunningServer> {
  const { logger } = options
  const clock = options.clock ?? (() => Date.now())
  // Missing payment configuration and broken configured keys stop the start before anything is opened.
  const paymentGateway = options.overrides?.paymentGateway ?? paymentGatewayFor(env, clock, logger)
  const vapid = vapidKeysFor(env)
  const configuredKeys = env.REGISTRATION_CODE_SIGNING_KEYS
    ? await signingKeysFromConfig(env.REGISTRATION_CODE_SIGNING_KEYS)
    : undefined
  const pgliteDir = join(env.DATA_DIR, 'api', 'pglite')
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(pgliteDir)
  let database: Database
  try {
    database = env.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE })
      : await openDatabase({ kind: 'pglite', dataDir: pgliteDir })
    await prepareDatabase(database.db, {
      clock,
      capacities: env.TIER_CAPACITIES,
      venue: env.VENUE,
      seed: env.EDITION_SEED,
    })
  } catch (error) {
    unlock()
    throw error
  }
  logger.info('Payments', {
    gateway: options.overrides?.paymentGateway ? 'injected' : env.PAYMENT_GATEWAY,
    stripeApi: env.STRIPE_API_URL ?? 'https://api.stripe.com',
    // Unset: the current edition's (decision 155).
    checkoutSessionSeconds: env.CHECKOUT_SESSION_SECONDS ?? 'edition',
    waitingListOfferSeconds: env.WAITING_LIST_OFFER_SECONDS ?? 'edition',
    checkoutClaimSeconds: env.CHECKOUT_CLAIM_SECONDS,
  })
  if (env.REFUND_POLICY && !sameRefundPolicy(env.REFUND_POLICY, defaultRefundPolicy)) {
    // The pages publish core's policy: refunds by another one must be a deliberate test or rehearsal.
    logger.warn('REFUND_POLICY differs from the published refund policy', {
      applied: env.REFUND_POLICY,
      published: defaultRefundPolicy,
    })
  }
  logger.info('Database ready', {
    database: database.kind,
    ...(database.kind === 'pglite' ? { dataDir: pgliteDir } : {}),
    capacities: env.TIER_CAPACITIES,
  })

  const pool = (poolId: string, clientId: string): UserPool => ({
    endpoint: env.COGNITO_ENDPOINT,
    poolId,
    clientId,
  })
  const verifier = (userPool: UserPool) =>
    createTokenVerifier({
      issuer: poolIssuer(userPool),
      clientId: userPool.clientId,
      keys: remotePoolKeys(userPool),
      clock,
    })
  const signingKeys = memoise<SigningKeySet>(async () =>
    configuredKeys ? configuredKeys : signingKeysFromDatabase(database.db, clock),
  )
  const adminCredentials =
    env.COGNITO_ADMIN_ACCESS_KEY_ID && env.COGNITO_ADMIN_SECRET_ACCESS_KEY
      ? { accessKeyId: env.COGNITO_ADMIN_ACCESS_KEY_ID, secretAccessKey: env.COGNITO_ADMIN_SECRET_ACCESS_KEY }
      : undefined
  const staffDirectory = createCognitoStaffDirectory({
    endpoint: env.COGNITO_ENDPOINT,
    region: env.COGNITO_REGION,
    userPoolId: env.COGNITO_ADMINS_POOL_ID,
    credentials: adminCredentials,
  })
  const memberAccounts = createCognitoMemberAccounts({
    endpoint: env.COGNITO_ENDPOINT,
    region: env.COGNITO_REGION,
    userPoolId: env.COGNITO_MEMBERS_POOL_ID,
    credentials: adminCredentials,
  })
  const api = createApi({
    database,
    clock,
    logger,
    memberTokens: verifier(pool(env.COGNITO_MEMBERS_POOL_ID, env.COGNITO_MEMBERS_CLIENT_ID)),
    adminTokens: verifier(pool(env.COGNITO_ADMINS_POOL_ID, env.COGNITO_ADMINS_CLIENT_ID)),
    identity: createCognitoIdentityProvider({ endpoint: env.COGNITO_ENDPOINT }),
    staffDirectory: staffDirectory,
    staffAccounts: staffDirectory,
    memberAccounts,
    paymentGateway,
    signingKeys,
    pwaUrl: env.PWA_URL,
    apiUrl: env.API_URL,
    corsOrigins: [env.PWA_URL, env.RECEPTION_URL].map((url) => new URL(url).origin),
    ...(env.CHECKOUT_SESSION_SECONDS === undefined
      ? {}
      : { checkoutSessionMs: env.CHECKOUT_SESSION_SECONDS * 1000 }),
    checkoutClaimMs: env.CHECKOUT_CLAIM_SECONDS * 1000,
    ...(env.WAITING_LIST_OFFER_SECONDS === undefined
      ? {}
      : { waitingListOfferMs: env.WAITING_LIST_OFFER_SECONDS * 1000 }),
    soldOutCacheMs: env.SOLD_OUT_CACHE_MS,
    emailSyncIntervalMs: env.EMAIL_SYNC_INTERVAL_SECONDS * 1000,
    tokenRecheckMs: env.TOKEN_RECHECK_SECONDS * 1000,
    tokenFailOpenMs: env.TOKEN_FAIL_OPEN_SECONDS * 1000,
    featureFlagsCacheMs: env.FEATURE_FLAGS_CACHE_MS,
    publicProfilesCacheMs: env.PUBLIC_PROFILES_CACHE_MS,
    registrationCodeLifetimeSeconds: env.REGISTRATION_CODE_LIFETIME_SECONDS,
    ...(env.REFUND_POLICY === undefined ? {} : { refundPolicy: env.REFUND_POLICY }),
    admission: {
      maxConcurrent: env.ADMISSION_MAX_CONCURRENT,
      maxQueue: env.ADMISSION_MAX_QUEUE,
      maxWaitMs: env.ADMISSION_MAX_WAIT_MS,
    },
    validateResponses: env.VALIDATE_RESPONSES,
    push: { publicKey: vapid.publicKey, allowedHosts: env.PUSH_SERVICE_HOSTS },
    ...options.overrides,
  })

  let server: Server
  try {
    // Generated keys are created now rather than on the first registration code.
    await signingKeys()
    // A deep accept queue: in a burst (thousands of connections in a second) the kernel holds connections
    // until the API takes them, and admission control decides, instead of dropping SYNs (a 1-3 s stall each).
    const created = createAdaptorServer({ fetch: api.app.fetch }) as Server
    server = await new Promise<Server>((resolve, reject) => {
      created.once('error', reject)
      created.listen({ port: env.PORT, host: env.HOST, backlog: 4096 }, () => resolve(created))
    })
  } catch (error) {
    await database.close()
    unlock()
    throw error
  }
  // Keep idle connections longer than a load balancer does (AWS ALB: 60 s), so the balancer never sends a
  // request on a connection this server is closing at that moment (a 502 for the user).
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000

  // Pending holds whose checkout expired, and claims whose creator died before recording its session (a crash:
  // decision 056), give their spot back even when nobody reads them.
  let sweeping: Promise<unknown> = Promise.resolve()
  const sweep = () => {
    sweeping = api.registrations.releaseExpired().catch((error: unknown) => {
      logger.warn('Releasing expired holds failed', { error })
    })
  }
  sweep()
  const sweeper =
    env.EXPIRY_SWEEP_INTERVAL_SECONDS > 0
      ? setInterval(sweep, env.EXPIRY_SWEEP_INTERVAL_SECONDS * 1000)
      : undefined
  sweeper?.unref()

  // Personal data of editions whose retention period has ended is erased daily (decision 161); the first run
  // waits a minute so that a start is not slowed by it.
  let retaining: Promise<unknown> = Promise.resolve()
  const retain = () => {
    retaining = runRetention(api.retention, retentionJobActor).catch((error: unknown) => {
      logger.warn('Retention run failed; the next one finishes it', { error })
    })
  }
  const retentionTimers =
    env.RETENTION_INTERVAL_SECONDS > 0
      ? [setTimeout(retain, 60_000), setInterval(retain, env.RETENTION_INTERVAL_SECONDS * 1000)]
      : []
  for (const timer of retentionTimers) timer.unref()

  // Mail owed by the outbox leaves in the background, never inside a request (decision 100).
  const mail = mailServiceFor(env, { db: database.db, gateway: paymentGateway, clock, logger })
  let mailing: Promise<unknown> = Promise.resolve()
  const drainMail = () => {
    mailing = mail.outbox.drain().catch((error: unknown) => {
      logger.warn('Sending mail failed', { error })
    })
  }
  const mailDrainer =
    env.MAIL_DRAIN_INTERVAL_MS > 0 ? setInterval(drainMail, env.MAIL_DRAIN_INTERVAL_MS) : undefined
  mailDrainer?.unref()
  // Reminders due and pushes owed leave in the background too (decision 176).
  const push = createPushService({ db: database.db, clock, logger, vapid })
  let pushing: Promise<unknown> = Promise.resolve()
  const runPush = () => {
    pushing = push.run().catch((error: unknown) => {
      logger.warn('Sending pushes failed', { error })
    })
  }
  const pushDrainer =
    env.PUSH_DRAIN_INTERVAL_MS > 0 ? setInterval(runPush, env.PUSH_DRAIN_INTERVAL_MS) : undefined
  pushDrainer?.unref()
  logger.info('Mail', {
    transport: env.MAIL_TRANSPORT,
    ...(env.MAIL_TRANSPORT === 'smtp' ? { smtp: new URL(env.MAIL_SMTP_URL).host } : {}),
    drainIntervalMs: env.MAIL_DRAIN_INTERVAL_MS,
  })

  const address = server.address() as AddressInfo
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
  logger.info('API listening', { url, pid: process.pid })

  let closing: Promise<void> | undefined
  return {
    url,
    api,
    database,
    mail,
    push,
    close() {
      closing ??= (async () => {
        logger.info('Shutting down: finishing in-flight requests')
        api.startDraining()
        if (sweeper) clearInterval(sweeper)
        if (mailDrainer) clearInterval(mailDrainer)
        if (pushDrainer) clearInterval(pushDrainer)
        for (const timer of retentionTimers) clearTimeout(timer)
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeIdleConnections()
        // A kept-alive connection whose request was in flight goes idle only once its answer is sent, and then
        // nothing would close it before the timeout: each is closed as it goes idle.
        const closeIdle = setInterval(() => server.closeIdleConnections(), 50)
        const force = setTimeout(() => {
          logger.warn('Shutdown timeout: closing the remaining connections')
          server.closeAllConnections()
        }, env.SHUTDOWN_TIMEOUT_MS)
        await closed
        clearInterval(closeIdle)
        clearTimeout(force)
        await sweeping
        await mailing
        await pushing
        await retaining
        mail.close()
        await database.close()
        unlock()
        logger.info('Shut down')
      })()
      return closing
    },
  }
}
