import { z } from 'zod'
import { isFursuitTier, registrationTiers } from '../domain/registration-tier.ts'
import {
  paymentUrlSchema,
  redirectUrlSchema,
  registrationTierSchema,
  tShirtSizeSchema,
} from '../validation/fields.ts'
import { checkTierFields } from './registration.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, registrationIdSchema } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/*
 * A paid participant moves their registration to another tier (docs/decisions/167-participants-change-tier.md):
 * the quote of every tier open to them, and the change itself.
 */

const yenSchema = z.number().int().min(0).max(1_000_000)
const directions = ['upgrade', 'downgrade'] as const

export const tierChangeQuoteWireSchema = component(
  z.object({
    registration_id: registrationIdSchema,
    registration_tier: z.enum(registrationTiers).describe('The tier held now'),
    paid_jpy: yenSchema.describe('The fee of the tier held, as the registration recorded it'),
    policy_percentage: z.number().int().min(0).max(100).describe("The refund policy's rate today (Japan)"),
    closes_at: z.iso
      .datetime({ offset: true })
      .describe('Changes close then: the badge print day (decision 166)'),
    targets: z.array(
      z.object({
        registration_tier: z.enum(registrationTiers),
        price_jpy: yenSchema,
        direction: z.enum(directions),
        pay_jpy: yenSchema.describe('Paid through Checkout for an upgrade; 0 for a downgrade'),
        refund_jpy: yenSchema.describe("Refunded for a downgrade at today's policy rate; 0 for an upgrade"),
        available: z.boolean().describe('Whether the tier has a spot for the move now'),
      }),
    ),
    pending_upgrade: z
      .object({
        to_tier: z.enum(registrationTiers),
        pay_jpy: yenSchema,
        payment_url: paymentUrlSchema.describe('The Checkout page of the difference'),
        expires_at: z.iso
          .datetime({ offset: true })
          .describe("The target tier's spot is held until then; unpaid, nothing changes"),
      })
      .optional()
      .describe('An upgrade awaiting its payment in Checkout (decision 169); no other change meanwhile'),
  }),
  {
    id: 'TierChangeQuote',
    description:
      'The tiers a paid registration may move to (none with a changing room) and what each costs today',
  },
)
export type TierChangeQuoteWire = z.infer<typeof tierChangeQuoteWireSchema>

export const tierChangeRequestWireSchema = component(
  z
    .object({
      idempotency_key: z
        .uuid()
        .describe('One per confirmation on the page: the same key sent again answers the same change'),
      registration_tier: registrationTierSchema.describe('The tier to move to'),
      t_shirt_size: tShirtSizeSchema
        .optional()
        .describe('Required when moving to a sponsor tier; not allowed otherwise'),
      amount_jpy: yenSchema.describe(
        'What the participant was shown: pay_jpy of an upgrade, refund_jpy of a downgrade; refused with 409 tierChangeAmountChanged when it is no longer right',
      ),
      success_url: redirectUrlSchema
        .optional()
        .describe('An upgrade: where Checkout returns after payment (My Page when absent)'),
      cancel_url: redirectUrlSchema
        .optional()
        .describe('An upgrade: where Checkout returns when given up (My Page when absent)'),
    })
    // A fursuit tier is refused with its own message (409 tierChangeToFursuitTier), not as a missing room.
    .superRefine((value, ctx) => {
      if (!isFursuitTier(value.registration_tier)) checkTierFields(value, ctx)
    }),
  { id: 'TierChangeRequest', description: 'Moves the paid registration to another tier' },
)
export type TierChangeRequestWire = z.infer<typeof tierChangeRequestWireSchema>

export const tierChangeWireSchema = component(
  z.object({
    registration_id: registrationIdSchema,
    from_tier: z.enum(registrationTiers),
    to_tier: z.enum(registrationTiers),
    direction: z.enum(directions),
    status: z
      .enum(['changed', 'awaiting_payment', 'expired'])
      .describe(
        'changed: the registration is in to_tier now; awaiting_payment: an upgrade waits for its payment in Checkout; expired: an upgrade whose Checkout ended unpaid (nothing changed)',
      ),
    refund_jpy: yenSchema.describe('A downgrade: what is refunded (0: nothing)'),
    pay_jpy: yenSchema.describe('An upgrade: what Checkout charges'),
    payment_url: paymentUrlSchema.optional().describe('An upgrade awaiting payment: the Checkout page'),
  }),
  { id: 'TierChange', description: 'A tier change made, or an upgrade waiting for its payment' },
)
export type TierChangeWire = z.infer<typeof tierChangeWireSchema>

export const tierChangeQuoteSchema = z.object({
  registrationId: z.string(),
  registrationTier: z.enum(registrationTiers),
  paidJpy: z.number(),
  policyPercentage: z.number(),
  /** Epoch ms. */
  closesAt: z.number(),
  targets: z.array(
    z.object({
      registrationTier: z.enum(registrationTiers),
      priceJpy: z.number(),
      direction: z.enum(directions),
      payJpy: z.number(),
      refundJpy: z.number(),
      available: z.boolean(),
    }),
  ),
  pendingUpgrade: z
    .object({
      toTier: z.enum(registrationTiers),
      payJpy: z.number(),
      paymentUrl: z.string(),
      /** Epoch ms. */
      expiresAt: z.number(),
    })
    .optional(),
})
export type TierChangeQuote = z.output<typeof tierChangeQuoteSchema>

export const tierChangeRequestSchema = z.object({
  idempotencyKey: z.string(),
  registrationTier: z.enum(registrationTiers),
  tShirtSize: tShirtSizeSchema.optional(),
  amountJpy: z.number(),
  successUrl: z.string().optional(),
  cancelUrl: z.string().optional(),
})
export type TierChangeRequest = z.output<typeof tierChangeRequestSchema>

export const tierChangeSchema = z.object({
  registrationId: z.string(),
  fromTier: z.enum(registrationTiers),
  toTier: z.enum(registrationTiers),
  direction: z.enum(directions),
  status: z.enum(['changed', 'awaiting_payment', 'expired']),
  refundJpy: z.number(),
  payJpy: z.number(),
  paymentUrl: z.string().optional(),
})
export type TierChange = z.output<typeof tierChangeSchema>

export const tierChangeQuoteCodec = z.codec(tierChangeQuoteWireSchema, tierChangeQuoteSchema, {
  decode: ({ closes_at, targets, pending_upgrade, ...wire }) => ({
    ...toClientNames(wire),
    closesAt: Date.parse(closes_at),
    targets: targets.map((target) => toClientNames(target)),
    ...(pending_upgrade && {
      pendingUpgrade: {
        toTier: pending_upgrade.to_tier,
        payJpy: pending_upgrade.pay_jpy,
        paymentUrl: pending_upgrade.payment_url,
        expiresAt: Date.parse(pending_upgrade.expires_at),
      },
    }),
  }),
  encode: ({ closesAt, targets, pendingUpgrade, ...quote }) => ({
    ...toWireNames(quote),
    closes_at: new Date(closesAt).toISOString(),
    targets: targets.map((target) => toWireNames(target)),
    ...(pendingUpgrade && {
      pending_upgrade: {
        to_tier: pendingUpgrade.toTier,
        pay_jpy: pendingUpgrade.payJpy,
        payment_url: pendingUpgrade.paymentUrl,
        expires_at: new Date(pendingUpgrade.expiresAt).toISOString(),
      },
    }),
  }),
})

export const tierChangeRequestCodec = z.codec(tierChangeRequestWireSchema, tierChangeRequestSchema, {
  decode: (wire) => toClientNames(wire),
  encode: (request) => toWireNames(request),
})

export const tierChangeCodec = z.codec(tierChangeWireSchema, tierChangeSchema, {
  decode: (wire) => toClientNames(wire),
  encode: (change) => toWireNames(change),
})

const memberTierChange = routeGroup('member', 'registration')

export const tierChangeRoutes = {
  getRegistrationTierChange: memberTierChange.get('/registration/tier-change', {
    summary: 'Read the tiers the paid registration may move to, with what each costs today',
    description:
      'Only tiers without a changing room, never the tier held (decision 167). An upgrade pays the price ' +
      "difference; a downgrade refunds it at today's refund policy rate. 404 notFound without a registration; " +
      '409 registrationNotPaid when it is not paid.',
    responses: { 200: { description: 'The quote per tier', schema: tierChangeQuoteWireSchema } },
    noneOn404: { description: 'No registration in the current edition' },
  }),
  postRegistrationTierChange: memberTierChange.post('/registration/tier-change', {
    summary: 'Move the paid registration to another tier',
    description:
      'A downgrade takes the spot of the new tier, gives the old one back (offered to the waiting list), ' +
      'refunds the difference once per idempotency_key and mails the participant. An upgrade holds the new ' +
      "tier's spot and answers awaiting_payment with the Checkout page for the difference (the same page for " +
      'the same idempotency_key); its payment applies it (decision 169). Errors: 400 invalidRequest; 409 ' +
      'registrationNotPaid, tierChangeToFursuitTier, tierChangeSameTier, tierChangeClosed, ' +
      'tierChangeAmountChanged, tierChangeCheckedIn, tierChangePending, tierNotOnSale, soldOut, alreadyRefunded, ' +
      'purchaseSessionTimedOut, editionNotCurrent, editionOver, cancelDuringEventCancellation; 503 highTraffic ' +
      'when Checkout cannot be opened.',
    request: { body: tierChangeRequestWireSchema },
    responses: {
      200: { description: 'The change made, or the upgrade to pay', schema: tierChangeWireSchema },
    },
  }),
} as const satisfies Record<string, RouteDefinition>
