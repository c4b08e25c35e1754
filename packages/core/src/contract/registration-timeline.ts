import { z } from 'zod'
import { registrationTiers } from '../domain/registration-tier.ts'
import { registrationTierSchema } from '../validation/fields.ts'
import { instantSchema } from './check-ins.ts'
import { listCodec, toIso } from './codecs.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, listComponent } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/*
 * What happened to the member's registration in the current edition, oldest first, for My Page
 * (docs/decisions/171-the-registration-timeline-on-my-page.md). Read from what the API records anyway: the
 * registration, its payment, the audit trail, the refund record and the check-ins.
 */

/** The details a participant can change (decisions 166 and 185), by their wire names. */
export const changedDetailFields = [
  'badge_name',
  't_shirt_size',
  'changing_room_type',
  'access_needs',
] as const
export type ChangedDetailField = (typeof changedDetailFields)[number]

/** Who gave money back: the participant's own cancel, or the committee (staff, the Stripe Dashboard, the run). */
export const refundedByValues = ['participant', 'committee'] as const

const yen = z.number().int().min(0)
const at = instantSchema.describe('When it happened (the API clock; a check-in: the door device clock)')

export const timelineEntryWireSchema = component(
  z.discriminatedUnion('kind', [
    z.object({ at, kind: z.literal('registered'), registration_tier: registrationTierSchema }),
    z.object({ at, kind: z.literal('paid'), amount_jpy: yen }),
    z.object({ at, kind: z.literal('details_changed'), fields: z.array(z.enum(changedDetailFields)) }),
    z.object({
      at,
      kind: z.literal('tier_changed'),
      from: registrationTierSchema,
      to: registrationTierSchema,
      paid_jpy: yen.optional().describe('Paid for an upgrade'),
      refunded_jpy: yen.optional().describe('Refunded for a downgrade'),
    }),
    z.object({ at, kind: z.literal('refunded'), amount_jpy: yen, by: z.enum(refundedByValues) }),
    z.object({ at, kind: z.literal('canceled') }),
    z.object({ at, kind: z.literal('checked_in') }),
  ]),
  { id: 'TimelineEntry', description: 'One thing that happened to the registration' },
)
export type TimelineEntryWire = z.infer<typeof timelineEntryWireSchema>

export const registrationTimelineWireSchema = listComponent(timelineEntryWireSchema, {
  id: 'RegistrationTimeline',
  description: "What happened to the member's registration in the current edition, oldest first",
})

const clientAt = z.number()
const tier = z.enum(registrationTiers)

export const timelineEntrySchema = z.discriminatedUnion('kind', [
  z.object({ at: clientAt, kind: z.literal('registered'), registrationTier: tier }),
  z.object({ at: clientAt, kind: z.literal('paid'), amountJpy: z.number() }),
  z.object({
    at: clientAt,
    kind: z.literal('details_changed'),
    fields: z.array(z.enum(changedDetailFields)),
  }),
  z.object({
    at: clientAt,
    kind: z.literal('tier_changed'),
    from: tier,
    to: tier,
    paidJpy: z.number().optional(),
    refundedJpy: z.number().optional(),
  }),
  z.object({
    at: clientAt,
    kind: z.literal('refunded'),
    amountJpy: z.number(),
    by: z.enum(refundedByValues),
  }),
  z.object({ at: clientAt, kind: z.literal('canceled') }),
  z.object({ at: clientAt, kind: z.literal('checked_in') }),
])
export type TimelineEntry = z.output<typeof timelineEntrySchema>

export const registrationTimelineCodec = listCodec(
  registrationTimelineWireSchema,
  timelineEntrySchema,
  ({ at: when, ...event }) => ({ ...toClientNames(event), at: Date.parse(when) }) as TimelineEntry,
  ({ at: when, ...event }) => ({ ...toWireNames(event), at: toIso(when) }) as TimelineEntryWire,
)

const memberRegistration = routeGroup('member', 'registration')

export const registrationTimelineRoutes = {
  getRegistrationTimeline: memberRegistration.get('/registration/timeline', {
    summary: "Read what happened to the member's registration in the current edition",
    description:
      'Registered, paid, details and tier changed, refunded (by the participant or the committee), canceled, ' +
      'checked in; oldest first. 404 when the member has no registration in the current edition.',
    responses: { 200: { description: 'The events', schema: registrationTimelineWireSchema } },
    noneOn404: { description: 'The user has not registered' },
  }),
} as const satisfies Record<string, RouteDefinition>
