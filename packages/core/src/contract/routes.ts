import { z } from 'zod'
import { dashboardWireSchema } from './dashboard.ts'
import {
  eventCancellationDryRunWireSchema,
  eventCancellationRequestWireSchema,
  eventCancellationRunWireSchema,
  refundQuoteWireSchema,
  refundRequestWireSchema,
  refundWireSchema,
} from './refunds.ts'
import {
  adminWaitingListWireSchema,
  checkInPageQueryWireSchema,
  checkInPageWireSchema,
  checkInUploadResultWireSchema,
  checkInUploadWireSchema,
  featureFlagsWireSchema,
  inventoryWireSchema,
  participantListWireSchema,
  profileListWireSchema,
  profileRequestWireSchema,
  profileWireSchema,
  registrationAdditionalInfoRequestWireSchema,
  registrationAdditionalInfoWireSchema,
  registrationCheckoutWireSchema,
  registrationCodeKeySetWireSchema,
  registrationCodeWireSchema,
  registrationIdSchema,
  registrationRequestWireSchema,
  registrationWireSchema,
  venueWireSchema,
  waitingListAcceptWireSchema,
  waitingListEntryWireSchema,
  waitingListJoinWireSchema,
} from './schemas.ts'

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const
export type HttpMethod = (typeof httpMethods)[number]

/** Who may call a route: anyone, a signed-in member (members pool token), or an admin (admins pool token). */
export const routeAuthKinds = ['none', 'member', 'admin'] as const
export type RouteAuth = (typeof routeAuthKinds)[number]

export interface RouteResponse {
  description: string
  /** The JSON body; absent for an empty body (204). */
  schema?: z.ZodType
}

/**
 * One operation of the API. The API registers a handler per route and validates with its schemas; the
 * clients call routes and parse answers with them; the OpenAPI document is generated from them.
 */
export interface RouteDefinition {
  method: HttpMethod
  /** OpenAPI-style template: `/admin/check-ins/{id}`. */
  path: string
  auth: RouteAuth
  summary: string
  description?: string
  tag: string
  request?: {
    params?: z.ZodObject
    query?: z.ZodObject
    body?: z.ZodType
  }
  /** The documented successful answers by status. Error answers are `ErrorBody` (see openapi.ts). */
  responses: Readonly<Record<number, RouteResponse>>
  /** A 404 means "there is none" (no profile, not registered), which clients return as null. */
  noneOn404?: { description: string }
}

/** What a route states besides its method, path, caller kind and tag. */
type RouteSpec = Omit<RouteDefinition, 'method' | 'path' | 'auth' | 'tag'>

/** Flattens an intersection, so a built route's type reads as the one object it is. */
type Flat<T> = { [K in keyof T]: T[K] } & {}

/**
 * The routes of one caller kind under one OpenAPI tag. Each method builder takes the path and the rest of
 * the definition, so the table below states only what differs from route to route, and every route keeps
 * its literal type (the API handlers and the clients read their bodies from it).
 */
export function routeGroup<const A extends RouteAuth, const T extends string>(auth: A, tag: T) {
  const builder =
    <const M extends HttpMethod>(method: M) =>
    <const P extends string, const S extends RouteSpec>(
      path: P,
      spec: S,
    ): Flat<{ readonly method: M; readonly path: P; readonly auth: A; readonly tag: T } & S> => ({
      method,
      path,
      auth,
      tag,
      ...spec,
    })
  return { get: builder('get'), post: builder('post'), put: builder('put'), delete: builder('delete') }
}

const openFeatures = routeGroup('none', 'features')
const openProfile = routeGroup('none', 'profile')
const openRegistration = routeGroup('none', 'registration')
const memberProfile = routeGroup('member', 'profile')
const memberRegistration = routeGroup('member', 'registration')
const admin = routeGroup('admin', 'admin')
const adminCheckIn = routeGroup('admin', 'check-in')
const adminRefund = routeGroup('admin', 'refund')

/**
 * The route table of the API, every route included (member calls, check-ins, the admin feature-flag switch,
 * the JWKS, webhooks): it is the single source for the API, the clients and docs/api/openapi.json.
 */
export const apiRoutes = {
  getFeatures: openFeatures.get('/features', {
    summary: 'Read the product-wide feature flags',
    responses: { 200: { description: 'The three flags', schema: featureFlagsWireSchema } },
  }),
  getPublicProfiles: openProfile.get('/public-profile', {
    summary: 'List public profiles',
    description: 'Only public profiles of participants who completed registration appear.',
    responses: { 200: { description: 'The public profiles', schema: profileListWireSchema } },
  }),
  getProfile: memberProfile.get('/profile', {
    summary: "Read the user's profile",
    responses: { 200: { description: 'The profile', schema: profileWireSchema } },
    noneOn404: { description: 'The user has no profile yet' },
  }),
  putProfile: memberProfile.put('/profile', {
    summary: "Create or replace the user's profile",
    request: { body: profileRequestWireSchema },
    responses: { 200: { description: 'The saved profile', schema: profileWireSchema } },
  }),
  getRegistrationAdditionalInfo: memberRegistration.get('/registration/additional', {
    summary: "Read the user's registration additional info",
    responses: { 200: { description: 'The additional info', schema: registrationAdditionalInfoWireSchema } },
    noneOn404: { description: 'The user has given no additional info' },
  }),
  putRegistrationAdditionalInfo: memberRegistration.put('/registration/additional', {
    summary: "Create or replace the user's registration additional info",
    description: 'Leaving club_activity_x_username out clears it.',
    request: { body: registrationAdditionalInfoRequestWireSchema },
    responses: {
      200: { description: 'The saved additional info', schema: registrationAdditionalInfoWireSchema },
    },
  }),
  getInventory: memberRegistration.get('/inventory', {
    summary: 'Read which tiers are available or sold out',
    responses: { 200: { description: 'Availability per tier', schema: inventoryWireSchema } },
  }),
  getRegistration: memberRegistration.get('/registration', {
    summary: "Read the user's registration",
    responses: { 200: { description: 'The registration', schema: registrationWireSchema } },
    noneOn404: { description: 'The user has not registered' },
  }),
  postRegistration: memberRegistration.post('/registration', {
    summary: 'Start a registration and its Checkout session',
    description:
      'Takes a spot of the tier until the session expires. Errors: 409 purchaseSessionAlreadyExists, ' +
      'soldOut or registrationUnavailable (the registration flag is off); 503 highTraffic.',
    request: { body: registrationRequestWireSchema },
    responses: {
      201: { description: 'The Checkout page to send the user to', schema: registrationCheckoutWireSchema },
    },
  }),
  deleteRegistration: memberRegistration.delete('/registration', {
    summary: 'Cancel the pending Checkout session',
    description: 'Ends the registration session and returns the registration as it now is.',
    responses: { 200: { description: 'The registration after cancelling', schema: registrationWireSchema } },
  }),
  getRegistrationJwt: memberRegistration.get('/registration/jwt', {
    summary: 'Issue the registration code',
    description: 'Only for a paid registration; otherwise 404 notFound.',
    responses: { 200: { description: 'The registration code', schema: registrationCodeWireSchema } },
  }),
  // The waiting list (decision 115).
  getWaitingList: memberRegistration.get('/waiting-list', {
    summary: "Read the member's waiting-list entry",
    description:
      'The open entry (waiting with its position, or offered with its deadline), else the latest ended one.',
    responses: { 200: { description: 'The entry', schema: waitingListEntryWireSchema } },
    noneOn404: { description: 'The member never joined a waiting list' },
  }),
  postWaitingList: memberRegistration.post('/waiting-list', {
    summary: "Join a tier's waiting list",
    description:
      'Same fields and rules as registering. A spot free with nobody ahead is offered at once. Errors: 409 ' +
      'alreadyOnWaitingList, purchaseSessionAlreadyExists (the member holds a registration), ' +
      'registrationUnavailable.',
    request: { body: waitingListJoinWireSchema },
    responses: { 201: { description: 'The new entry', schema: waitingListEntryWireSchema } },
  }),
  deleteWaitingList: memberRegistration.delete('/waiting-list', {
    summary: 'Leave the waiting list, or decline the open offer',
    description: 'A declined offer passes to the next person at once. 404 notFound when not on a list.',
    responses: { 200: { description: 'The entry after leaving', schema: waitingListEntryWireSchema } },
  }),
  postWaitingListAccept: memberRegistration.post('/waiting-list/accept', {
    summary: 'Accept the open offer and open its checkout',
    description:
      'The held spot becomes a pending registration with a Checkout session, paid like any other. Errors: ' +
      '409 registrationUnavailable (registration is off, as for POST /registration; the offer is kept), ' +
      'noWaitingListOffer, purchaseSessionAlreadyExists; 503 highTraffic.',
    request: { body: waitingListAcceptWireSchema },
    responses: {
      201: { description: 'The Checkout page to send the user to', schema: registrationCheckoutWireSchema },
    },
  }),
  getAdminWaitingList: admin.get('/admin/waiting-list', {
    summary: "Every tier's waiting list and offers",
    responses: { 200: { description: 'The entries', schema: adminWaitingListWireSchema } },
  }),
  getVenue: memberRegistration.get('/venue', {
    summary: 'Read the venue details',
    description:
      'Only for a paid registration; otherwise (none, pending, expired, canceled) 404 notFound, as for ' +
      'the registration code. Also 404 while the committee has not announced the venue.',
    responses: { 200: { description: 'The venue', schema: venueWireSchema } },
    noneOn404: { description: 'No paid registration, or no venue announced yet' },
  }),
  getAdminParticipants: admin.get('/admin/participants', {
    summary: 'List every participant',
    responses: { 200: { description: 'The participants', schema: participantListWireSchema } },
  }),
  getAdminDashboard: admin.get('/admin/dashboard', {
    summary: "Read the committee's figures",
    description:
      'Per tier: capacity, paid, pending, spots left, waiting, revenue gross/refunded/net in JPY, checked in; ' +
      'registrations paid per day in Japan by tier; check-ins in force per 10 minutes and device; checked in ' +
      'and paid in total. Canceled and expired registrations never count as paid. Computed by the database ' +
      'on each call.',
    responses: { 200: { description: 'The figures', schema: dashboardWireSchema } },
  }),
  putAdminFeatures: admin.put('/admin/features', {
    summary: 'Set the product-wide feature flags',
    description:
      'Replaces the three flags (is_event_cancelled is read-only and ignored). Every API instance sees the ' +
      'change within FEATURE_FLAGS_CACHE_MS. Once an event-cancelled run exists, registration stays off: ' +
      'switching it on answers 409 eventCancelled.',
    request: { body: featureFlagsWireSchema },
    responses: { 200: { description: 'The flags now in force', schema: featureFlagsWireSchema } },
  }),
  postAdminCheckIns: adminCheckIn.post('/admin/check-ins', {
    summary: 'Upload check-ins recorded by a reception device',
    description:
      'Idempotent by item id: an id the API already stored is answered as it was the first time, and ' +
      'stored once. Items are processed in order. The first check-in of a registration to reach the API ' +
      'wins; a later check-in of it (from any device) is stored as a duplicate and answered with the first ' +
      'one. An undo cancels an accepted check-in that is still in force, after which the registration can ' +
      'be checked in again. Only a paid registration may be checked in: a check-in of a pending, expired ' +
      'or canceled one is stored and refused (rejected, reason not_paid or canceled), whatever the device ' +
      'showed. Every item is kept with the admin who uploaded it (audit).',
    request: { body: checkInUploadWireSchema },
    responses: {
      200: { description: 'One result per item, in order', schema: checkInUploadResultWireSchema },
    },
  }),
  getAdminCheckIns: adminCheckIn.get('/admin/check-ins', {
    summary: 'Read check-in records stored since a cursor',
    description:
      'Every stored item (accepted, duplicate, rejected with its reason) in the order the API stored it. ' +
      'Devices keep ' +
      'next_cursor and ask for what came after it; has_more says to ask again at once. A record never ' +
      'changes once stored, so a cursor never misses a change.',
    request: { query: checkInPageQueryWireSchema },
    responses: { 200: { description: 'The next page of records', schema: checkInPageWireSchema } },
  }),
  getAdminRegistrationRefund: adminRefund.get('/admin/registrations/{registration_id}/refund', {
    summary: 'Read what canceling a registration refunds today',
    description:
      "The published refund policy applied to the registration's fee on today's date in Japan, and the " +
      'refund already made, if any. 404 notFound for an unknown registration.',
    request: { params: z.object({ registration_id: registrationIdSchema }) },
    responses: { 200: { description: 'The policy amount and any refund', schema: refundQuoteWireSchema } },
  }),
  postAdminRegistrationRefund: adminRefund.post('/admin/registrations/{registration_id}/refund', {
    summary: 'Cancel a paid registration and refund it',
    description:
      'Refunds amount_jpy (the policy amount today when absent; a different amount needs a reason) through ' +
      'the payment provider, then cancels the registration, gives its spot back and keeps an audit record. ' +
      'A registration is refunded at most once. The idempotency_key that made the refund answers it again ' +
      '(a double submit, a retry, on any API instance); every other key is told 409 alreadyRefunded, also ' +
      'when requests under several keys race (exactly one answers 200). Errors: 409 registrationNotPaid ' +
      '(not paid), alreadyRefunded (refunded under another key), refundKeyReused (this key was sent with ' +
      'another amount); 400 refundReasonRequired or refundAmountTooLarge; 502 refundFailed (the provider ' +
      'refused or could not be reached: try again with the same key).',
    request: {
      params: z.object({ registration_id: registrationIdSchema }),
      body: refundRequestWireSchema,
    },
    responses: { 200: { description: 'The refund made', schema: refundWireSchema } },
  }),
  postAdminEventCancellationDryRun: adminRefund.post('/admin/event-cancellation/dry-run', {
    summary: 'Compute the event-cancelled refund without refunding',
    description: 'Totals over the paid registrations: the fee minus the per-person expenses each, per tier.',
    request: { body: eventCancellationRequestWireSchema },
    responses: { 200: { description: 'The totals', schema: eventCancellationDryRunWireSchema } },
  }),
  postAdminEventCancellation: adminRefund.post('/admin/event-cancellation', {
    summary: 'Refund every paid registration because the event is cancelled',
    description:
      'Starts the run (or answers the one running): registration is switched off for good, open checkouts ' +
      'are ended, and every paid registration (also one paid during the run) is refunded the fee minus the ' +
      'per-person expenses and canceled, in batches, until none is paid. A refund the provider refuses ' +
      'stays paid (failed, last_error) and is retried with a growing backoff. Poll GET ' +
      '/admin/event-cancellation for progress; a run whose instance stopped is resumed by the next poll, ' +
      'and nobody is refunded twice.',
    request: { body: eventCancellationRequestWireSchema },
    responses: { 202: { description: 'The run', schema: eventCancellationRunWireSchema } },
  }),
  getAdminEventCancellation: adminRefund.get('/admin/event-cancellation', {
    summary: 'Read the progress of the event-cancelled refund',
    responses: { 200: { description: 'The latest run', schema: eventCancellationRunWireSchema } },
    noneOn404: { description: 'No run has been started' },
  }),
  getRegistrationCodeKeys: openRegistration.get('/.well-known/jwks.json', {
    summary: 'Read the public keys registration codes are signed with',
    description: 'A JWK Set: every key a valid code may be signed with, so keys can rotate.',
    responses: { 200: { description: 'The key set', schema: registrationCodeKeySetWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>

export type ApiRoutes = typeof apiRoutes
export type ApiRouteName = keyof ApiRoutes

/** The route's path with Hono's `:name` parameters: `/admin/check-ins/{id}` → `/admin/check-ins/:id`. */
export function toColonPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1')
}

/** Fills a path template, encoding each value. Throws when a parameter is missing. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}

type Schema<T> = T extends z.ZodType ? T : never
type SuccessStatus = 200 | 201 | 202 | 204

/** The wire body a route's request takes. */
export type RouteRequestBody<R extends RouteDefinition> = R['request'] extends { body: infer B }
  ? z.input<Schema<B>>
  : undefined

/** The wire body of a route's successful answers. */
export type RouteSuccessBody<R extends RouteDefinition> = {
  [S in Extract<keyof R['responses'], SuccessStatus>]: R['responses'][S] extends { schema: infer T }
    ? z.output<Schema<T>>
    : undefined
}[Extract<keyof R['responses'], SuccessStatus>]
