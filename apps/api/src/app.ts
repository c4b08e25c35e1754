import { randomUUID } from 'node:crypto'
import {
  adminWaitingListCodec,
  apiRoutes,
  type CalendarDate,
  type Clock,
  checkInPageCodec,
  checkInUploadCodec,
  checkInUploadResultCodec,
  createOpenApiDocument,
  defaultEventSchedule,
  errorBody,
  eventCancellationRunCodec,
  featureFlagsCodec,
  inventoryCodec,
  type ProfileListWire,
  participantListCodec,
  profileCodec,
  profileListCodec,
  profileRequestCodec,
  type RefundPolicy,
  refundCodec,
  refundQuoteCodec,
  registrationAdditionalInfoCodec,
  registrationAdditionalInfoRequestCodec,
  registrationCodeCodec,
  registrationCodec,
  registrationCodeKeySetCodec,
  registrationIdSchema,
  type VenueWire,
  waitingListEntryCodec,
} from '@furfes/core'
import { eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { IdentityProvider } from './auth/identity.ts'
import { createSharedRevocations } from './auth/revocations.ts'
import { createSessionCheck, type SessionState } from './auth/sessions.ts'
import { bearerToken, type TokenVerifier, type VerifiedToken } from './auth/tokens.ts'
import type { Database } from './db/database.ts'
import { users as usersTable } from './db/schema.ts'
import { type AdmissionControl, type AdmissionOptions, createAdmissionControl } from './http/admission.ts'
import {
  HttpError,
  highTraffic,
  notFound,
  productError,
  unauthorized,
  underMaintenance,
} from './http/errors.ts'
import { createRouteMounter, encode } from './http/route.ts'
import type { Logger } from './logger.ts'
import type { PaymentGateway } from './payments/gateway.ts'
import { mountPaymentWebhook } from './payments/webhooks.ts'
import { createRegistrationCodeSigner } from './registration-code/code.ts'
import type { SigningKeySet } from './registration-code/keys.ts'
import { createAutomaticRefunds } from './services/automatic-refunds.ts'
import { createCheckInService, parseCheckInCursor } from './services/check-ins.ts'
import { dashboard } from './services/dashboard.ts'
import {
  createEventCancellationService,
  type EventCancellationService,
} from './services/event-cancellation.ts'
import { createFeatureFlagService, type FeatureFlagService } from './services/feature-flags.ts'
import {
  getAdditionalInfo,
  getProfile,
  participants,
  publicProfiles,
  putAdditionalInfo,
  putProfile,
  toRegistration,
} from './services/members.ts'
import { createRefundService, type RefundService } from './services/refunds.ts'
import {
  createRegistrationService,
  defaultWaitingListOfferMs,
  type RegistrationService,
} from './services/registrations.ts'
import { createUserService } from './services/users.ts'
import {
  createWaitingListService,
  toAdminWaitingListEntry,
  toWaitingListEntry,
  type WaitingListService,
} from './services/waiting-list.ts'

export interface ApiOptions {
  database: Database
  clock: Clock
  logger: Logger
  memberTokens: TokenVerifier
  adminTokens: TokenVerifier
  identity: IdentityProvider
  paymentGateway: PaymentGateway
  /** The registration-code keys; called when a code is signed or the JWKS is read, and may cache. */
  signingKeys: () => Promise<SigningKeySet>
  /** Checkout may only send users back to this origin. */
  pwaUrl: string
  /** The API's own base URL. */
  apiUrl: string
  /** Browser origins allowed to call the API (the PWA and the reception app). */
  corsOrigins: readonly string[]
  checkoutSessionMs: number
  /** How long a new registration holds its spot until its checkout session is recorded (decision 056). */
  checkoutClaimMs?: number
  /** How long a waiting-list offer holds its spot (WAITING_LIST_OFFER_SECONDS, decision 115). */
  waitingListOfferMs?: number
  /** See RegistrationService: how long this instance trusts a sold-out it saw. */
  soldOutCacheMs: number
  emailSyncIntervalMs: number
  /**
   * How long Cognito's word that a token is still honoured (GetUser) counts, per token and instance: the most
   * time a signed-out token may still be accepted (decision 055).
   */
  tokenRecheckMs: number
  /**
   * How long this instance serves writes with tokens it could not confirm while Cognito does not answer it;
   * past it they answer 503 highTraffic until Cognito answers again (decision 147).
   */
  tokenFailOpenMs: number
  featureFlagsCacheMs: number
  /** How long an instance answers GET /public-profile from memory. */
  publicProfilesCacheMs: number
  /** The shortest a registration code is valid for; it otherwise runs to the end of the event day. */
  registrationCodeLifetimeSeconds: number
  /** The event day, to which registration codes stay valid (default: the schedule's). */
  eventDate?: CalendarDate
  /** The venue paid participants are told; undefined until the committee announces it (decision 123). */
  venue?: VenueWire
  admission: AdmissionOptions
  validateResponses: boolean
  /** The published refund policy (decision 110); its default unless a test moves the dates. */
  refundPolicy?: RefundPolicy
  /** Registrations per batch of the event-cancelled refund run (decision 113). */
  eventCancellationBatchSize?: number
}

export interface Api {
  app: Hono
  registrations: RegistrationService
  waitingList: WaitingListService
  refunds: RefundService
  eventCancellation: EventCancellationService
  featureFlags: FeatureFlagService
  admission: AdmissionControl
  /** From now on /health answers 503, so load balancers stop sending traffic while in-flight requests finish. */
  startDraining(): void
}

const maxBodyBytes = 64 * 1024
/** Methods that change nothing: served on a token's signature however long Cognito has been silent. */
const readMethods: ReadonlySet<string> = new Set(['GET', 'HEAD'])

export function createApi(options: ApiOptions): Api {
  const { database, clock, logger } = options
  const db = database.db
  const app = new Hono()
  const admission = createAdmissionControl(options.admission)
  const featureFlags = createFeatureFlagService({ db, clock, cacheMs: options.featureFlagsCacheMs })
  const users = createUserService({ db, clock, syncIntervalMs: options.emailSyncIntervalMs })
  const sessions = createSessionCheck({
    identity: options.identity,
    revocations: createSharedRevocations(db),
    clock,
    logger,
    recheckMs: options.tokenRecheckMs,
    failOpenMs: options.tokenFailOpenMs,
  })
  // Payments that cannot buy their registration are refunded in full (decision 141).
  const automaticRefunds = createAutomaticRefunds({ db, clock, logger, gateway: options.paymentGateway })
  const registrations = createRegistrationService({
    automaticRefunds,
    db,
    query: database.query,
    clock,
    logger,
    gateway: options.paymentGateway,
    checkoutSessionMs: options.checkoutSessionMs,
    soldOutCacheMs: options.soldOutCacheMs,
    ...(options.checkoutClaimMs === undefined ? {} : { checkoutClaimMs: options.checkoutClaimMs }),
    waitingListOfferMs: options.waitingListOfferMs ?? defaultWaitingListOfferMs,
  })
  const waitingList = createWaitingListService({
    db,
    clock,
    logger,
    offerMs: options.waitingListOfferMs ?? defaultWaitingListOfferMs,
  })
  const refunds = createRefundService({
    db,
    clock,
    logger,
    gateway: options.paymentGateway,
    ...(options.refundPolicy ? { policy: options.refundPolicy } : {}),
    onSpotsReturned: (tier) => registrations.forgetSoldOut(tier),
    offerReturnedSpots: (executor, tier) => waitingList.offerReturnedSpots(executor, tier),
  })
  const eventCancellation = createEventCancellationService({
    db,
    clock,
    logger,
    refunds,
    gateway: options.paymentGateway,
    featureFlags,
    ...(options.eventCancellationBatchSize === undefined
      ? {}
      : { batchSize: options.eventCancellationBatchSize }),
  })
  const signer = createRegistrationCodeSigner({
    keys: options.signingKeys,
    lifetimeSeconds: options.registrationCodeLifetimeSeconds,
    eventDate: options.eventDate ?? defaultEventSchedule.eventDate,
    clock,
  })
  const pwaOrigin = new URL(options.pwaUrl).origin
  let draining = false

  // Access log, request id, and the one place errors become answers.
  app.use(async (context, next) => {
    const started = performance.now()
    const requestId = context.req.header('x-request-id')?.slice(0, 100) ?? randomUUID()
    context.header('X-Request-Id', requestId)
    await next()
    logger.info('request', {
      requestId,
      method: context.req.method,
      path: context.req.path,
      status: context.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    })
  })
  app.onError((error, context) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) context.header(name, value)
      return context.json(error.body, error.status as 400)
    }
    logger.error('Unhandled error', { method: context.req.method, path: context.req.path, error })
    return context.json({ message: 'Internal Server Error' }, 500)
  })
  app.notFound((context) => context.json(errorBody('notFound'), 404))

  app.use(
    cors({
      origin: [...options.corsOrigins],
      allowMethods: ['GET', 'PUT', 'POST', 'DELETE'],
      allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
      maxAge: 600,
    }),
  )

  app.get('/health', async (context) => {
    if (draining) return context.json({ status: 'draining' }, 503)
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('database ping timed out')), 2_000).unref(),
        ),
      ])
      return context.json({ status: 'ok', database: database.kind })
    } catch (error) {
      logger.warn('Health check failed', { error })
      return context.json({ status: 'unavailable', database: database.kind }, 503)
    }
  })

  // A signed-in request asks Cognito whether its token is still honoured before it queues for admission: the
  // GetUser round trip then holds no admission slot, and authenticate() below reuses the answer. A
  // token that does not verify costs nothing here (decision 055).
  const checkedSessions = new WeakMap<Context, { tokenId: string; state: SessionState }>()
  app.use(async (context, next) => {
    const token = bearerToken(context.req.header('authorization'))
    if (token !== undefined) {
      const verified = (await options.memberTokens.verify(token)) ?? (await options.adminTokens.verify(token))
      if (verified) {
        checkedSessions.set(context, {
          tokenId: verified.tokenId,
          state: await sessions.check(verified),
        })
      }
    }
    await next()
  })
  /** Cognito's word on the request's token: the one asked for before admission, else asked now. */
  const sessionOf = (context: Context, token: VerifiedToken): Promise<SessionState> | SessionState => {
    const checked = checkedSessions.get(context)
    return checked?.tokenId === token.tokenId ? checked.state : sessions.check(token)
  }
  /**
   * Refuses a token Cognito (or another instance) refused with 401, and a write while Cognito has not answered
   * for longer than the fail-open window with 503 highTraffic, which the apps retry (decision 147). Reads are
   * still served on the signature then.
   */
  async function honoured(context: Context, token: VerifiedToken): Promise<SessionState> {
    const session = await sessionOf(context, token)
    if (session.status === 'revoked') throw unauthorized()
    if (session.status === 'unavailable' && !readMethods.has(context.req.method)) throw highTraffic()
    return session
  }

  // Everything below waits its turn or is refused with highTraffic.
  app.use(async (_context, next) => {
    const release = await admission.admit()
    if (!release) throw highTraffic()
    try {
      await next()
    } finally {
      release()
    }
  })
  app.use(
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (context) => context.json({ message: 'invalidRequest' }, 413),
    }),
  )

  // The payment provider's events: signed, not a member route (no token, no maintenance answer).
  mountPaymentWebhook(app, {
    db,
    gateway: options.paymentGateway,
    registrations,
    refunds,
    clock,
    logger,
  })

  const openApiDocument = createOpenApiDocument()
  app.get('/openapi.json', (context) => context.json(openApiDocument))

  async function authenticate(kind: 'member' | 'admin', context: Context): Promise<VerifiedToken> {
    const token = bearerToken(context.req.header('authorization'))
    if (kind === 'member') {
      // Maintenance answers before anything else, so members get the maintenance page, not a sign-in.
      if ((await featureFlags.get()).isUnderMaintenance) throw underMaintenance()
      const member = token === undefined ? undefined : await options.memberTokens.verify(token)
      if (!member) throw unauthorized()
      // A signed-out or revoked token still has a good signature: Cognito says whether it is honoured.
      const session = await honoured(context, member)
      const email = await users.ensure(member, session.status === 'active' ? session.attributes : undefined)
      return email === undefined ? member : { ...member, email }
    }
    const admin = token === undefined ? undefined : await options.adminTokens.verify(token)
    if (admin) {
      await honoured(context, admin)
      return admin
    }
    // A valid member token on an admin route: signed in, but not allowed (unless it was signed out).
    const member = token === undefined ? undefined : await options.memberTokens.verify(token)
    if (member && (await sessionOf(context, member)).status !== 'revoked')
      throw productError(403, 'forbidden')
    throw unauthorized()
  }

  const { mount } = createRouteMounter(app, {
    authenticate,
    validateResponses: options.validateResponses,
    onInvalidResponse: (route, error) =>
      logger.error('Answer breaks its schema', {
        route: `${route.method} ${route.path}`,
        issues: error.issues,
      }),
  })

  mount(apiRoutes.getRegistrationCodeKeys, async () => ({
    status: 200,
    body: encode(registrationCodeKeySetCodec, (await options.signingKeys()).jwks),
    // Reception devices cache the key set; a rotated key is added before it signs (decision 053).
    headers: { 'Cache-Control': 'public, max-age=300' },
  }))

  mount(apiRoutes.getFeatures, async () => ({
    status: 200,
    body: encode(featureFlagsCodec, await featureFlags.get()),
  }))

  mount(apiRoutes.putAdminFeatures, async ({ body, caller }) => {
    const flags = await featureFlags.set(featureFlagsCodec.decode(body), caller.sub)
    logger.info('Feature flags changed', { adminId: caller.sub, flags })
    return { status: 200, body: encode(featureFlagsCodec, flags) }
  })

  // The list is public and changes rarely, and every visitor of the participants page asks for it: each instance
  // answers from memory for publicProfilesCacheMs (its own profile changes clear it at once).
  let publicList: { body: ProfileListWire; until: number } | undefined
  let publicListLoad: Promise<ProfileListWire> | undefined
  mount(apiRoutes.getPublicProfiles, async () => {
    if (!publicList || publicList.until <= clock()) {
      publicListLoad ??= publicProfiles(db)
        .then((profiles) => {
          const body = encode(profileListCodec, profiles)
          publicList = { body, until: clock() + options.publicProfilesCacheMs }
          return body
        })
        .finally(() => {
          publicListLoad = undefined
        })
      return { status: 200, body: await publicListLoad }
    }
    return { status: 200, body: publicList.body }
  })

  mount(apiRoutes.getProfile, async ({ caller }) => {
    const profile = await getProfile(db, caller.sub)
    if (!profile) throw notFound()
    return { status: 200, body: encode(profileCodec, profile) }
  })

  mount(apiRoutes.putProfile, async ({ body, caller }) => {
    const saved = await putProfile(db, caller.sub, profileRequestCodec.decode(body), clock)
    publicList = undefined
    return { status: 200, body: encode(profileCodec, saved) }
  })

  mount(apiRoutes.getRegistrationAdditionalInfo, async ({ caller }) => {
    const info = await getAdditionalInfo(db, caller.sub)
    if (!info) throw notFound()
    return { status: 200, body: encode(registrationAdditionalInfoCodec, info) }
  })

  mount(apiRoutes.putRegistrationAdditionalInfo, async ({ body, caller }) => {
    const info = registrationAdditionalInfoRequestCodec.decode(body)
    const saved = await putAdditionalInfo(db, caller.sub, info, clock)
    return { status: 200, body: encode(registrationAdditionalInfoCodec, saved) }
  })

  mount(apiRoutes.getInventory, async () => ({
    status: 200,
    body: encode(inventoryCodec, await registrations.inventory()),
  }))

  mount(apiRoutes.getRegistration, async ({ caller }) => {
    const row = await registrations.current(caller.sub)
    if (!row) throw notFound()
    const registration = toRegistration(row, clock())
    // Not shown: its checkout session is still being opened, and it holds a spot meanwhile. Not 404 (the
    // user is registering); they try again, and see it pending, or expired if its creator died (decision 056).
    if (!registration) throw highTraffic()
    // A registration canceled after payment says what was refunded (decision 111).
    const refundedJpy =
      registration.paymentStatus === 'canceled' ? await refunds.refundedJpy(row.registrationId) : undefined
    const shown =
      registration.paymentStatus === 'canceled' && refundedJpy !== undefined
        ? { ...registration, refundedJpy }
        : registration
    return { status: 200, body: encode(registrationCodec, shown) }
  })

  mount(apiRoutes.postRegistration, async ({ body, caller }) => {
    for (const url of [body.success_url, body.cancel_url]) {
      // Checkout redirects there after payment: only our own site, never an open redirect.
      if (new URL(url).origin !== pwaOrigin) throw productError(400, 'invalidRequest')
    }
    await requireRegistrationOpen()
    const email = caller.email ?? (await storedEmail(caller.sub))
    const { paymentUrl } = await registrations.start({ userId: caller.sub, email, request: body })
    return { status: 201, body: { payment_url: paymentUrl } }
  })

  mount(apiRoutes.deleteRegistration, async ({ caller }) => {
    const registration = toRegistration(await registrations.cancel(caller.sub), clock())
    if (!registration) throw notFound()
    return { status: 200, body: encode(registrationCodec, registration) }
  })

  mount(apiRoutes.getRegistrationJwt, async ({ caller }) => {
    const row = await registrations.current(caller.sub)
    if (row?.paymentStatus !== 'paid') throw notFound()
    try {
      const token = await signer.sign({ registrationId: row.registrationId })
      return { status: 200, body: encode(registrationCodeCodec, token) }
    } catch (error) {
      logger.error('Could not sign a registration code', { registrationId: row.registrationId, error })
      throw productError(500, 'registrationCodeGenerationFailed')
    }
  })

  // The waiting list (decision 115).
  mount(apiRoutes.getWaitingList, async ({ caller }) => {
    const status = await waitingList.status(caller.sub)
    if (!status) throw notFound()
    return { status: 200, body: encode(waitingListEntryCodec, toWaitingListEntry(status)) }
  })

  mount(apiRoutes.postWaitingList, async ({ body, caller }) => {
    await requireRegistrationOpen()
    const joined = await waitingList.join({
      userId: caller.sub,
      registrationTier: body.registration_tier,
      badgeName: body.badge_name,
      tShirtSize: body.t_shirt_size,
      changingRoomType: body.changing_room_type,
      language: body.language,
    })
    return { status: 201, body: encode(waitingListEntryCodec, toWaitingListEntry(joined)) }
  })

  mount(apiRoutes.deleteWaitingList, async ({ caller }) => ({
    status: 200,
    body: encode(waitingListEntryCodec, toWaitingListEntry(await waitingList.leave(caller.sub))),
  }))

  mount(apiRoutes.postWaitingListAccept, async ({ body, caller }) => {
    for (const url of [body.success_url, body.cancel_url]) {
      if (new URL(url).origin !== pwaOrigin) throw productError(400, 'invalidRequest')
    }
    // Accepting opens a checkout: refused exactly when registering is.
    await requireRegistrationOpen()
    const email = caller.email ?? (await storedEmail(caller.sub))
    const { paymentUrl } = await registrations.acceptOffer({
      userId: caller.sub,
      email,
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
    })
    return { status: 201, body: { payment_url: paymentUrl } }
  })

  mount(apiRoutes.getAdminWaitingList, async () => {
    // Offers past their deadline end first, so the list shows the offers that still hold a spot.
    await waitingList.sweep()
    const entries = (await waitingList.list()).map(toAdminWaitingListEntry)
    return { status: 200, body: encode(adminWaitingListCodec, entries) }
  })

  // Only a paid registration is told where the event is, and anyone else gets the same 404 as for the
  // registration code, so the answer says nothing about the venue or about other registrations (decision 123).
  mount(apiRoutes.getVenue, async ({ caller }) => {
    const row = await registrations.current(caller.sub)
    if (row?.paymentStatus !== 'paid' || options.venue === undefined) throw notFound()
    return { status: 200, body: options.venue }
  })

  mount(apiRoutes.getAdminParticipants, async () => {
    // Due holds go back first, so every registration the list shows as ended is ended in the counters too and
    // the holders it shows are exactly the spots taken (decision 056).
    await registrations.releaseExpired()
    return { status: 200, body: encode(participantListCodec, await participants(db, clock)) }
  })

  mount(apiRoutes.getAdminDashboard, async () => {
    // Due holds go back first, so pending and spots left count only holds still in force (decision 056).
    await registrations.releaseExpired()
    return { status: 200, body: await dashboard(db, clock()) }
  })

  // Reception check-ins (decisions 070 and 073).
  const checkIns = createCheckInService({ db, clock })

  mount(apiRoutes.postAdminCheckIns, async ({ body, caller }) => {
    const results = await checkIns.upload(checkInUploadCodec.decode(body), caller.sub)
    return { status: 200, body: encode(checkInUploadResultCodec, results) }
  })

  mount(apiRoutes.getAdminCheckIns, async ({ context }) => {
    const query = apiRoutes.getAdminCheckIns.request.query.safeParse(context.req.query())
    const since = query.success ? parseCheckInCursor(query.data.since) : undefined
    if (since === undefined) throw productError(400, 'invalidRequest')
    return { status: 200, body: encode(checkInPageCodec, await checkIns.page(since)) }
  })

  // Cancellations with a refund (decision 111).
  const registrationIdParam = (context: Context): string => {
    const parsed = registrationIdSchema.safeParse(context.req.param('registration_id'))
    if (!parsed.success) throw notFound()
    return parsed.data
  }

  mount(apiRoutes.getAdminRegistrationRefund, async ({ context }) => {
    const registrationId = registrationIdParam(context)
    const quote = await refunds.quote(registrationId)
    // A payment that could not buy the registration and went back by itself (decision 141): staff see it here.
    const automaticRefund = await automaticRefunds.of(registrationId)
    return {
      status: 200,
      body: encode(refundQuoteCodec, automaticRefund ? { ...quote, automaticRefund } : quote),
    }
  })

  mount(apiRoutes.postAdminRegistrationRefund, async ({ body, caller, context }) => {
    const refund = await refunds.refundByStaff({
      registrationId: registrationIdParam(context),
      amountJpy: body.amount_jpy,
      reason: body.reason,
      clientKey: body.idempotency_key,
      staffUserId: caller.sub,
    })
    return { status: 200, body: encode(refundCodec, refund) }
  })

  // The event-cancelled refund (decision 113).
  mount(apiRoutes.postAdminEventCancellationDryRun, async ({ body }) => ({
    status: 200,
    body: await eventCancellation.dryRun(body.expenses_per_person_jpy),
  }))

  mount(apiRoutes.postAdminEventCancellation, async ({ body, caller }) => ({
    status: 202,
    body: encode(
      eventCancellationRunCodec,
      await eventCancellation.start(body.expenses_per_person_jpy, caller.sub),
    ),
  }))

  mount(apiRoutes.getAdminEventCancellation, async () => {
    const run = await eventCancellation.status()
    if (!run) throw notFound()
    return { status: 200, body: encode(eventCancellationRunCodec, run) }
  })

  /**
   * Registering, joining the waiting list and accepting an offer while registration is off answer 409, like
   * soldOut: the request is fine, registration is closed right now (decision 033), and for good once the event
   * is cancelled (decision 113).
   */
  async function requireRegistrationOpen(): Promise<void> {
    if (!(await featureFlags.get()).isRegistrationAvailable)
      throw productError(409, 'registrationUnavailable')
  }

  async function storedEmail(userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ email: usersTable.email })
      .from(usersTable)
      .where(eq(usersTable.userId, userId))
    return row?.email ?? undefined
  }

  return {
    app,
    registrations,
    waitingList,
    refunds,
    eventCancellation,
    featureFlags,
    admission,
    startDraining: () => {
      draining = true
    },
  }
}
