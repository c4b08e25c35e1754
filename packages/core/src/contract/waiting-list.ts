import { z } from 'zod'
import { defaultLanguage, supportedLanguages } from '../domain/language.ts'
import { registrationTiers } from '../domain/registration-tier.ts'
import {
  redirectUrlSchema,
  registrationTierSchema,
  rulesAgreementSchema,
  storedTextSchema,
} from '../validation/fields.ts'
import { type WaitingListJoinRequest, waitingListJoinRequestSchema } from '../validation/forms.ts'
import { listCodec, toIso } from './codecs.ts'
import { editionQueryWireSchema } from './editions.ts'
import {
  checkTierFields,
  registrationCheckoutWireSchema,
  registrationFieldsToWire,
  registrationFieldsWire,
} from './registration.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/* The waiting list (decision 115). */

export const waitingListStatuses = ['waiting', 'offered', 'accepted', 'expired', 'left'] as const
export type WaitingListStatus = (typeof waitingListStatuses)[number]

/** The registration fields without the checkout redirects: joining asks for exactly what registering does. */
export const waitingListJoinWireSchema = component(
  z
    .object({
      ...registrationFieldsWire,
      agreed_to_rules: rulesAgreementSchema.describe(
        'true: the member agrees to the participation rules; an accepted offer records the joining time as when',
      ),
      language: z
        .enum(supportedLanguages)
        .default(defaultLanguage)
        .describe('The language of the offer mails and of the registration an accepted offer becomes'),
    })
    .superRefine(checkTierFields),
  { id: 'WaitingListJoinRequest', description: 'Join the waiting list of a sold-out tier' },
)
export type WaitingListJoinWire = z.input<typeof waitingListJoinWireSchema>

const waitingEntryBase = {
  registration_tier: registrationTierSchema,
  badge_name: storedTextSchema.describe('Name for the badge, as stored'),
  status: z.enum(waitingListStatuses),
  joined_at: z.iso.datetime({ offset: true }),
  position: z.int().positive().optional().describe('While waiting: 1 is the next person to get an offer'),
  offer_expires_at: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('While offered: when the held spot passes to the next person'),
}

export const waitingListEntryWireSchema = component(z.object(waitingEntryBase), {
  id: 'WaitingListEntry',
  description: "The member's place on a waiting list: their open entry, else their latest ended one",
})
export type WaitingListEntryWire = z.infer<typeof waitingListEntryWireSchema>

export const waitingListAcceptWireSchema = component(
  z.object({
    success_url: redirectUrlSchema.describe('Where Checkout returns after payment; one of our origins'),
    cancel_url: redirectUrlSchema.describe(
      'Where Checkout returns when the user gives up; one of our origins',
    ),
  }),
  { id: 'WaitingListAcceptRequest', description: 'Accept the open offer and go to its checkout' },
)
export type WaitingListAcceptWire = z.infer<typeof waitingListAcceptWireSchema>

export const adminWaitingListWireSchema = component(
  z.object({
    items: z.array(
      z.object({
        ...waitingEntryBase,
        entry_id: z.uuid(),
        email: z.string().meta({ format: 'email' }).nullable(),
        offered_at: z.iso.datetime({ offset: true }).optional(),
      }),
    ),
  }),
  {
    id: 'AdminWaitingList',
    description: "Every tier's waiting list and offers, open entries first in order",
  },
)
export type AdminWaitingListWire = z.infer<typeof adminWaitingListWireSchema>

/** The member's place on a waiting list; instants in epoch ms. */
export const waitingListEntrySchema = z.object({
  registrationTier: z.enum(registrationTiers),
  badgeName: z.string(),
  status: z.enum(waitingListStatuses),
  joinedAt: z.number(),
  /** While waiting: 1 is next. */
  position: z.number().optional(),
  /** While offered: when the held spot passes on. */
  offerExpiresAt: z.number().optional(),
})
export type WaitingListEntry = z.output<typeof waitingListEntrySchema>

function waitingListEntryFromWire({
  joined_at,
  offer_expires_at,
  ...wire
}: WaitingListEntryWire): WaitingListEntry {
  return {
    ...toClientNames(wire),
    joinedAt: Date.parse(joined_at),
    ...(offer_expires_at === undefined ? {} : { offerExpiresAt: Date.parse(offer_expires_at) }),
  }
}

function waitingListEntryToWire({
  joinedAt,
  offerExpiresAt,
  ...entry
}: WaitingListEntry): WaitingListEntryWire {
  return {
    ...toWireNames(entry),
    joined_at: toIso(joinedAt),
    ...(offerExpiresAt === undefined ? {} : { offer_expires_at: toIso(offerExpiresAt) }),
  }
}

export const waitingListEntryCodec = z.codec(waitingListEntryWireSchema, waitingListEntrySchema, {
  decode: waitingListEntryFromWire,
  encode: waitingListEntryToWire,
})

/** Sends only what the tier uses, like registrationRequestCodec. */
export const waitingListJoinCodec = z.codec(waitingListJoinWireSchema, waitingListJoinRequestSchema, {
  decode: (wire): WaitingListJoinRequest => toClientNames(wire),
  encode: (request) => ({
    ...registrationFieldsToWire(request),
    language: request.language ?? defaultLanguage,
  }),
})

export const waitingListAcceptSchema = z.object({ successUrl: z.string(), cancelUrl: z.string() })
export type WaitingListAccept = z.output<typeof waitingListAcceptSchema>

export const waitingListAcceptCodec = z.codec(waitingListAcceptWireSchema, waitingListAcceptSchema, {
  decode: (wire) => toClientNames(wire),
  encode: (accept) => toWireNames(accept),
})

/** A waiting-list entry as staff see it. */
export const adminWaitingListEntrySchema = waitingListEntrySchema.extend({
  entryId: z.string(),
  email: z.string().nullable(),
  offeredAt: z.number().optional(),
})
export type AdminWaitingListEntry = z.output<typeof adminWaitingListEntrySchema>

export const adminWaitingListCodec = listCodec(
  adminWaitingListWireSchema,
  adminWaitingListEntrySchema,
  ({ entry_id, offered_at, ...item }) => ({
    ...waitingListEntryFromWire(item),
    entryId: entry_id,
    email: item.email,
    ...(offered_at === undefined ? {} : { offeredAt: Date.parse(offered_at) }),
  }),
  ({ entryId, offeredAt, ...item }) => ({
    ...waitingListEntryToWire(item),
    entry_id: entryId,
    email: item.email,
    ...(offeredAt === undefined ? {} : { offered_at: toIso(offeredAt) }),
  }),
)

const memberRegistration = routeGroup('member', 'registration')
const admin = routeGroup('admin', 'admin')

/** The waiting-list routes. */
export const waitingListRoutes = {
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
    staff: 'manageWaitingList',
    summary: "Every tier's waiting list and offers, of the current edition or the one named",
    request: { query: editionQueryWireSchema },
    responses: { 200: { description: 'The entries', schema: adminWaitingListWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>
