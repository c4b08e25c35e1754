import { randomUUID } from 'node:crypto'
import { createOpenApiDocument, errorBody } from '@furfes/core'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { ApiOptions } from './api-options.ts'
import { createSharedRevocations } from './auth/revocations.ts'
import { createSessionCheck } from './auth/sessions.ts'
import { type AdmissionControl, createAdmissionControl } from './http/admission.ts'
import { createAuthentication } from './http/authentication.ts'
import { HttpError, highTraffic } from './http/errors.ts'
import { createRouteMounter } from './http/route.ts'
import { mountPaymentWebhook } from './payments/webhooks.ts'
import { mountAdminParticipantRoutes } from './routes/admin-participants.ts'
import { mountCheckInRoutes } from './routes/check-ins.ts'
import { mountDashboardRoutes } from './routes/dashboard.ts'
import { mountEditionRoutes } from './routes/editions.ts'
import { mountEventCancellationRoutes } from './routes/event-cancellation.ts'
import { mountFlagRoutes } from './routes/flags.ts'
import { mountHealthRoute } from './routes/health.ts'
import { mountProfileRoutes } from './routes/profile.ts'
import { createPublicProfileCache, mountPublicRoutes } from './routes/public.ts'
import { mountRefundRoutes } from './routes/refunds.ts'
import { mountRegistrationRoutes } from './routes/registration.ts'
import { mountRetentionRoutes } from './routes/retention.ts'
import { mountStaffRoutes } from './routes/staff.ts'
import { mountWaitingListRoutes } from './routes/waiting-list.ts'
import type { EventCancellationService } from './services/event-cancellation.ts'
import type { FeatureFlagService } from './services/feature-flags.ts'
import type { RefundService } from './services/refunds.ts'
import type { RegistrationService } from './services/registrations.ts'
import type { RetentionDeps } from './services/retention.ts'
import type { WaitingListService } from './services/waiting-list.ts'
import { createServices } from './wiring.ts'

export type { ApiOptions } from './api-options.ts'

export interface Api {
  app: Hono
  registrations: RegistrationService
  waitingList: WaitingListService
  refunds: RefundService
  eventCancellation: EventCancellationService
  featureFlags: FeatureFlagService
  admission: AdmissionControl
  retention: RetentionDeps
  /** From now on /health answers 503, so load balancers stop sending traffic while in-flight requests finish. */
  startDraining(): void
}

const maxBodyBytes = 64 * 1024

/**
 * The API: middleware in the order a request meets it, the services, and each feature's routes (routes/) mounted
 * with them. Handlers live in their feature's module; this file only wires.
 */
export function createApi(options: ApiOptions): Api {
  const { database, clock, logger } = options
  const db = database.db
  const app = new Hono()
  const admission = createAdmissionControl(options.admission)
  const services = createServices(options)
  const { featureFlags, automaticRefunds, registrations, waitingList, refunds, eventCancellation } = services
  const authentication = createAuthentication({
    sessions: createSessionCheck({
      identity: options.identity,
      staffDirectory: options.staffDirectory,
      revocations: createSharedRevocations(db),
      clock,
      logger,
      recheckMs: options.tokenRecheckMs,
      failOpenMs: options.tokenFailOpenMs,
    }),
    memberTokens: options.memberTokens,
    adminTokens: options.adminTokens,
    featureFlags,
    users: services.users,
  })
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
      allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'If-None-Match'],
      maxAge: 600,
    }),
  )

  mountHealthRoute(app, { database, logger, isDraining: () => draining })

  // A signed-in request's token is checked with Cognito before it queues for admission (decision 055).
  app.use(authentication.checkSessionEarly)

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

  const mounter = createRouteMounter(app, {
    authenticate: authentication.authenticate,
    validateResponses: options.validateResponses,
    onInvalidResponse: ({ method, path }, { issues }) =>
      logger.error('Answer breaks its schema', { route: `${method} ${path}`, issues }),
  })
  const pwaOrigin = new URL(options.pwaUrl).origin
  const publicProfiles = createPublicProfileCache({ db, clock, cacheMs: options.publicProfilesCacheMs })
  mountPublicRoutes(mounter, { ...options, publicProfiles })
  mountFlagRoutes(mounter, { featureFlags, logger })
  mountProfileRoutes(mounter, { db, clock, publicProfiles })
  mountRegistrationRoutes(mounter, {
    db,
    clock,
    logger,
    registrations,
    refunds,
    featureFlags,
    signer: services.signer,
    pwaOrigin,
    currentEdition: services.currentEdition,
  })
  mountWaitingListRoutes(mounter, { db, clock, waitingList, registrations, featureFlags, pwaOrigin })
  mountAdminParticipantRoutes(mounter, { ...services, db, clock, gateway: options.paymentGateway })
  mountDashboardRoutes(mounter, { db, clock, registrations })
  mountCheckInRoutes(mounter, { db, clock, checkCode: services.checkCode })
  mountRefundRoutes(mounter, { refunds, automaticRefunds })
  mountEventCancellationRoutes(mounter, { eventCancellation })
  mountEditionRoutes(mounter, { ...options, db, currentEdition: services.currentEdition, app })
  mountRetentionRoutes(mounter, services.retention)
  mountStaffRoutes(mounter, { db, clock, staff: services.staff })

  return {
    app,
    registrations,
    waitingList,
    refunds,
    eventCancellation,
    featureFlags,
    admission,
    retention: services.retention,
    startDraining: () => {
      draining = true
    },
  }
}
