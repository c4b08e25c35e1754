import { z } from 'zod'
import { type RefundPeriod, refundPercentages } from '../domain/refund-policy.ts'
import { paymentStatuses } from '../domain/registration.ts'
import { registrationTiers } from '../domain/registration-tier.ts'
import { storableTextSchema, storedTextSchema } from '../validation/fields.ts'
import { toIso } from './codecs.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, registrationIdSchema } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/*
 * Cancelling a paid registration with a refund (decision 111): what the policy gives back today, the staff
 * request, and the audit record of a refund however it was made.
 */

export const refundSources = ['staff', 'stripe_dashboard', 'event_cancelled', 'participant'] as const
export type RefundSource = (typeof refundSources)[number]

const refundPeriods = Object.keys(refundPercentages) as RefundPeriod[]

/** The longest override reason staff may give. */
export const maxRefundReasonLength = 500
/** No fee is higher; a larger amount is a typing mistake. */
const maxRefundJpy = 1_000_000

const yenSchema = z.number().int().min(0).max(maxRefundJpy)

export const refundWireSchema = component(
  z.object({
    registration_id: registrationIdSchema,
    amount_jpy: yenSchema.describe('Yen refunded (0: canceled without a refund)'),
    policy_amount_jpy: yenSchema.describe('What the published policy gave back when it was refunded'),
    reason: storedTextSchema.optional().describe('Why the amount differs from the policy, as staff wrote it'),
    source: z
      .enum(refundSources)
      .describe(
        'staff (reception app), stripe_dashboard (outside), event_cancelled, participant (canceled on My Page)',
      ),
    staff_user_id: z.string().optional().describe('The admin who refunded (absent for stripe_dashboard)'),
    refunded_at: z.iso.datetime({ offset: true }),
  }),
  { id: 'Refund', description: 'How a registration was canceled and refunded (the audit record)' },
)
export type RefundWire = z.infer<typeof refundWireSchema>

/** Why a payment could not buy a registration and was given back whole, automatically (decision 141). */
export const automaticRefundReasons = ['hold_ended', 'canceled', 'already_paid', 'event_cancelled'] as const
export type AutomaticRefundReason = (typeof automaticRefundReasons)[number]
/** owed (the provider has not refunded yet; retried), refunded, refused (staff pay back by hand). */
export const automaticRefundStatuses = ['owed', 'refunded', 'refused'] as const

export const automaticRefundWireSchema = component(
  z.object({
    amount_jpy: yenSchema.describe('The whole payment'),
    reason: z
      .enum(automaticRefundReasons)
      .describe('hold_ended (the spot went elsewhere), canceled, already_paid, event_cancelled'),
    status: z.enum(automaticRefundStatuses),
    owed_at: z.iso.datetime({ offset: true }).describe('When the payment arrived'),
    refunded_at: z.iso.datetime({ offset: true }).optional(),
  }),
  {
    id: 'AutomaticRefund',
    description:
      'A payment that arrived when it could not buy the registration, refunded in full automatically',
  },
)
export type AutomaticRefundWire = z.infer<typeof automaticRefundWireSchema>

export const refundQuoteWireSchema = component(
  z.object({
    registration_id: registrationIdSchema,
    payment_status: z.enum(paymentStatuses),
    fee_jpy: yenSchema,
    policy_period: z.enum(refundPeriods).describe('Which part of the refund policy applies today (Japan)'),
    policy_percentage: z.number().int().min(0).max(100),
    policy_refund_jpy: yenSchema.describe('What the policy refunds if the registration is canceled now'),
    refund: refundWireSchema.optional().describe('Present once the registration was refunded'),
    automatic_refund: automaticRefundWireSchema
      .optional()
      .describe('Present when a payment for it was refunded automatically'),
  }),
  { id: 'RefundQuote', description: 'What canceling a registration would refund today, and any refund made' },
)
export type RefundQuoteWire = z.infer<typeof refundQuoteWireSchema>

export const refundRequestWireSchema = component(
  z.object({
    idempotency_key: z
      .uuid()
      .describe('One per confirmation in the client: the same key sent again answers the same refund'),
    amount_jpy: yenSchema.optional().describe("Yen to refund; the policy's amount today when absent"),
    reason: storableTextSchema(z.string().trim().min(1).max(maxRefundReasonLength))
      .optional()
      .describe('Required when amount_jpy differs from the policy amount'),
  }),
  { id: 'RefundRequest', description: 'Cancels a paid registration and refunds it' },
)
export type RefundRequestWire = z.infer<typeof refundRequestWireSchema>

export const participantCancelRequestWireSchema = component(
  z.object({
    idempotency_key: z
      .uuid()
      .describe('One per confirmation on the page: the same key sent again answers the same cancellation'),
    refund_jpy: yenSchema.describe(
      'The refund the participant was shown and confirmed; refused with 409 refundAmountChanged when the policy now gives another',
    ),
  }),
  {
    id: 'ParticipantCancelRequest',
    description: 'The participant cancels their own paid registration with the refund the policy gives today',
  },
)
export type ParticipantCancelRequestWire = z.infer<typeof participantCancelRequestWireSchema>

export const refundSchema = z.object({
  registrationId: z.string(),
  amountJpy: z.number(),
  policyAmountJpy: z.number(),
  reason: z.string().optional(),
  source: z.enum(refundSources),
  staffUserId: z.string().optional(),
  /** Epoch ms. */
  refundedAt: z.number(),
})
export type Refund = z.output<typeof refundSchema>

export const automaticRefundSchema = z.object({
  amountJpy: z.number(),
  reason: z.enum(automaticRefundReasons),
  status: z.enum(automaticRefundStatuses),
  /** Epoch ms. */
  owedAt: z.number(),
  refundedAt: z.number().optional(),
})
export type AutomaticRefund = z.output<typeof automaticRefundSchema>

export const refundQuoteSchema = z.object({
  registrationId: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  feeJpy: z.number(),
  policyPeriod: z.enum(refundPeriods),
  policyPercentage: z.number(),
  policyRefundJpy: z.number(),
  refund: refundSchema.optional(),
  automaticRefund: automaticRefundSchema.optional(),
})
export type RefundQuote = z.output<typeof refundQuoteSchema>

export const refundRequestSchema = z.object({
  idempotencyKey: z.uuid(),
  amountJpy: z.number().int().min(0).max(maxRefundJpy).optional(),
  reason: z.string().optional(),
})
export type RefundRequest = z.output<typeof refundRequestSchema>

export const participantCancelRequestSchema = z.object({
  idempotencyKey: z.uuid(),
  refundJpy: z.number().int().min(0).max(maxRefundJpy),
})
export type ParticipantCancelRequest = z.output<typeof participantCancelRequestSchema>

function refundFromWire(wire: RefundWire): Refund {
  return { ...toClientNames(wire), refundedAt: Date.parse(wire.refunded_at) }
}

function refundToWire(refund: Refund): RefundWire {
  return { ...toWireNames(refund), refunded_at: new Date(refund.refundedAt).toISOString() }
}

export const refundCodec = z.codec(refundWireSchema, refundSchema, {
  decode: refundFromWire,
  encode: refundToWire,
})

const instantFromWire = (wire: string | undefined) => (wire === undefined ? undefined : Date.parse(wire))
const instantToWire = (epochMs: number | undefined) =>
  epochMs === undefined ? undefined : new Date(epochMs).toISOString()

export const refundQuoteCodec = z.codec(refundQuoteWireSchema, refundQuoteSchema, {
  decode: ({ refund, automatic_refund: automatic, ...wire }) => ({
    ...toClientNames(wire),
    ...(refund === undefined ? {} : { refund: refundFromWire(refund) }),
    ...(automatic === undefined
      ? {}
      : {
          automaticRefund: toClientNames({
            ...automatic,
            owed_at: Date.parse(automatic.owed_at),
            refunded_at: instantFromWire(automatic.refunded_at),
          }),
        }),
  }),
  encode: ({ refund, automaticRefund: automatic, ...quote }) => ({
    ...toWireNames(quote),
    ...(refund === undefined ? {} : { refund: refundToWire(refund) }),
    ...(automatic === undefined
      ? {}
      : {
          automatic_refund: toWireNames({
            ...automatic,
            owedAt: new Date(automatic.owedAt).toISOString(),
            refundedAt: instantToWire(automatic.refundedAt),
          }),
        }),
  }),
})

export const participantCancelRequestCodec = z.codec(
  participantCancelRequestWireSchema,
  participantCancelRequestSchema,
  { decode: (wire) => toClientNames(wire), encode: (request) => toWireNames(request) },
)

export const refundRequestCodec = z.codec(refundRequestWireSchema, refundRequestSchema, {
  decode: (wire) => toClientNames(wire),
  // A blank reason is no reason.
  encode: (request) => toWireNames({ ...request, reason: request.reason?.trim() || undefined }),
})

/*
 * The event-cancelled refund run (decision 113): a dry run with totals, then a run in batches whose progress the
 * client polls.
 */

export const eventCancellationRequestWireSchema = component(
  z.object({
    expenses_per_person_jpy: yenSchema.describe(
      'Expenses already incurred per participant, kept from each fee',
    ),
  }),
  { id: 'EventCancellationRequest', description: 'The per-person expenses of an event-cancelled refund' },
)
export type EventCancellationRequestWire = z.infer<typeof eventCancellationRequestWireSchema>

export const eventCancellationRequestSchema = z.object({ expensesPerPersonJpy: z.number() })
export type EventCancellationRequest = z.output<typeof eventCancellationRequestSchema>

export const eventCancellationRequestCodec = z.codec(
  eventCancellationRequestWireSchema,
  eventCancellationRequestSchema,
  { decode: (wire) => toClientNames(wire), encode: (request) => toWireNames(request) },
)

const countSchema = z.number().int().min(0)
const totalYenSchema = z.number().int().min(0)

export const eventCancellationDryRunWireSchema = component(
  z.object({
    expenses_per_person_jpy: yenSchema,
    paid_registrations: countSchema,
    gross_jpy: totalYenSchema.describe('Fees paid by the paid registrations'),
    expenses_total_jpy: totalYenSchema.describe('What is kept: gross minus the refunds'),
    refund_total_jpy: totalYenSchema,
    tiers: z.array(
      z.object({
        registration_tier: z.enum(registrationTiers),
        paid_registrations: countSchema,
        gross_jpy: totalYenSchema,
        refund_total_jpy: totalYenSchema,
      }),
    ),
  }),
  { id: 'EventCancellationDryRun', description: 'What an event-cancelled refund would refund, per tier' },
)
export type EventCancellationDryRunWire = z.infer<typeof eventCancellationDryRunWireSchema>

/** What an event-cancelled refund would refund, in total and per tier. */
export const eventCancellationDryRunSchema = z.object({
  expensesPerPersonJpy: z.number(),
  paidRegistrations: z.number(),
  grossJpy: z.number(),
  expensesTotalJpy: z.number(),
  refundTotalJpy: z.number(),
  tiers: z.array(
    z.object({
      registrationTier: z.enum(registrationTiers),
      paidRegistrations: z.number(),
      grossJpy: z.number(),
      refundTotalJpy: z.number(),
    }),
  ),
})
export type EventCancellationDryRun = z.output<typeof eventCancellationDryRunSchema>

/** Only the names change, the totals and each tier's alike. */
export const eventCancellationDryRunCodec = z.codec(
  eventCancellationDryRunWireSchema,
  eventCancellationDryRunSchema,
  {
    decode: (wire) => ({ ...toClientNames(wire), tiers: wire.tiers.map((tier) => toClientNames(tier)) }),
    encode: (dryRun) => ({ ...toWireNames(dryRun), tiers: dryRun.tiers.map((tier) => toWireNames(tier)) }),
  },
)

export const eventCancellationRunWireSchema = component(
  z.object({
    run_id: z.uuid(),
    status: z.enum(['running', 'finished']).describe('finished: no registration is paid any more'),
    expenses_per_person_jpy: yenSchema,
    total_registrations: countSchema.describe('Paid registrations when the run started'),
    refunded: countSchema.describe('Refunded by the run, payments that landed during it included'),
    failed: countSchema.describe(
      'Registrations the provider refused to refund during the run: they stay paid and are retried',
    ),
    started_at: z.iso.datetime({ offset: true }),
    finished_at: z.iso.datetime({ offset: true }).optional(),
    last_error: z.string().optional().describe('The last refund that failed, and why'),
  }),
  { id: 'EventCancellationRun', description: 'The event-cancelled refund run and its progress' },
)
export type EventCancellationRunWire = z.infer<typeof eventCancellationRunWireSchema>

// --- The event-cancelled refund run (decision 113) --------------------------------------------------------------

/** The run and its progress; instants in epoch ms. */
export const eventCancellationRunSchema = z.object({
  runId: z.string(),
  status: z.enum(['running', 'finished']),
  expensesPerPersonJpy: z.number(),
  totalRegistrations: z.number(),
  refunded: z.number(),
  failed: z.number(),
  startedAt: z.number(),
  finishedAt: z.number().optional(),
  lastError: z.string().optional(),
})
export type EventCancellationRun = z.output<typeof eventCancellationRunSchema>

/** Only the names and the instants change: the status and the counts read the same on both sides. */
export const eventCancellationRunCodec = z.codec(eventCancellationRunWireSchema, eventCancellationRunSchema, {
  decode: ({ started_at, finished_at, ...wire }) => ({
    ...toClientNames(wire),
    startedAt: Date.parse(started_at),
    ...(finished_at === undefined ? {} : { finishedAt: Date.parse(finished_at) }),
  }),
  encode: ({ startedAt, finishedAt, ...run }) => ({
    ...toWireNames(run),
    started_at: toIso(startedAt),
    ...(finishedAt === undefined ? {} : { finished_at: toIso(finishedAt) }),
  }),
})

const adminRefund = routeGroup('admin', 'refund')

/** Cancellations with a refund, by staff (decision 111). */
export const refundRoutes = {
  getAdminRegistrationRefund: adminRefund.get('/admin/registrations/{registration_id}/refund', {
    staff: 'refundWithinPolicy',
    summary: 'Read what canceling a registration refunds today',
    description:
      "The published refund policy applied to the registration's fee on today's date in Japan, and the " +
      'refund already made, if any. 404 notFound for an unknown registration.',
    request: { params: z.object({ registration_id: registrationIdSchema }) },
    responses: { 200: { description: 'The policy amount and any refund', schema: refundQuoteWireSchema } },
  }),
  postAdminRegistrationRefund: adminRefund.post('/admin/registrations/{registration_id}/refund', {
    staff: 'refundWithinPolicy',
    summary: 'Cancel a paid registration and refund it',
    description:
      'Refunds amount_jpy (the policy amount today when absent; a different amount needs a reason) through ' +
      'the payment provider, then cancels the registration, gives its spot back and keeps an audit record. ' +
      'An amount other than the policy amount is a refund beyond the policy: 403 forbidden unless the ' +
      "caller's roles grant refundBeyondPolicy. " +
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
} as const satisfies Record<string, RouteDefinition>

/** The event-cancelled refund (decision 113). */
export const eventCancellationRoutes = {
  postAdminEventCancellationDryRun: adminRefund.post('/admin/event-cancellation/dry-run', {
    staff: 'cancelEvent',
    summary: 'Compute the event-cancelled refund without refunding',
    description: 'Totals over the paid registrations: the fee minus the per-person expenses each, per tier.',
    request: { body: eventCancellationRequestWireSchema },
    responses: { 200: { description: 'The totals', schema: eventCancellationDryRunWireSchema } },
  }),
  postAdminEventCancellation: adminRefund.post('/admin/event-cancellation', {
    staff: 'cancelEvent',
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
    staff: 'cancelEvent',
    summary: 'Read the progress of the event-cancelled refund',
    responses: { 200: { description: 'The latest run', schema: eventCancellationRunWireSchema } },
    noneOn404: { description: 'No run has been started' },
  }),
} as const satisfies Record<string, RouteDefinition>
