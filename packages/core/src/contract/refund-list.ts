import { z } from 'zod'
import { registrationTiers } from '../domain/registration-tier.ts'
import { listCodec, toIso } from './codecs.ts'
import { editionQueryWireSchema } from './editions.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { listComponent, registrationIdSchema } from './schemas.ts'
import { toClientNames } from './wire-names.ts'

/*
 * The edition's refunds for the accounts (docs/decisions/191-desk-payments-and-receipts.md): every refund that
 * reached the payment provider or was made in its Dashboard, whatever refunded it, one row per refund.
 */

/** What was refunded: a canceled registration, an add-on alone, a downgrade's difference, a late payment. */
export const refundListKinds = ['registration', 'addon', 'tier_change', 'late_payment'] as const
export type RefundListKind = (typeof refundListKinds)[number]

export const refundListItemWireSchema = z.object({
  refunded_at: z.iso.datetime({ offset: true }),
  kind: z.enum(refundListKinds),
  registration_id: registrationIdSchema,
  badge_number: z.number().int().positive().optional(),
  badge_name: z.string(),
  registration_tier: z.enum(registrationTiers).describe("The registration's tier now"),
  addon: z.string().optional().describe("The add-on's code, on an add-on's refund"),
  amount_jpy: z.number().int().nonnegative(),
  policy_amount_jpy: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe("On a cancellation's refund: what the published policy gave back then"),
  stripe_refund_ids: z
    .array(z.string())
    .describe(
      "Stripe's re_…: one, or one per payment refunded when the registration's " +
        'money sat in several (an upgrade paid its difference apart); none for a refund made in its Dashboard',
    ),
  source: z
    .string()
    .describe(
      'Who refunded: staff, stripe_dashboard, event_cancelled, participant (a cancellation or a downgrade), ' +
        'cancellation (an add-on refunded with its registration) or automatic (a late payment)',
    ),
  reason: z.string().optional().describe("Staff's reason, the late payment's cause, or the tiers changed"),
  staff: z.string().optional().describe("The staff member's e-mail address (or id) who refunded"),
})

export const refundListWireSchema = listComponent(refundListItemWireSchema, {
  id: 'RefundList',
  description: "The edition's refunds, oldest first",
})
export type RefundListWire = z.infer<typeof refundListWireSchema>

const refundListItemSchema = z.object({
  refundedAt: z.number(),
  kind: z.enum(refundListKinds),
  registrationId: z.string(),
  badgeNumber: z.number().optional(),
  badgeName: z.string(),
  registrationTier: z.enum(registrationTiers),
  addon: z.string().optional(),
  amountJpy: z.number(),
  policyAmountJpy: z.number().optional(),
  stripeRefundIds: z.array(z.string()),
  source: z.string(),
  reason: z.string().optional(),
  staff: z.string().optional(),
})
export type RefundListItem = z.output<typeof refundListItemSchema>

export const refundListCodec = listCodec(
  refundListWireSchema,
  refundListItemSchema,
  (wire) => ({ ...toClientNames(wire), refundedAt: Date.parse(wire.refunded_at) }),
  (item) => ({
    refunded_at: toIso(item.refundedAt),
    kind: item.kind,
    registration_id: item.registrationId,
    ...(item.badgeNumber === undefined ? {} : { badge_number: item.badgeNumber }),
    badge_name: item.badgeName,
    registration_tier: item.registrationTier,
    ...(item.addon === undefined ? {} : { addon: item.addon }),
    amount_jpy: item.amountJpy,
    ...(item.policyAmountJpy === undefined ? {} : { policy_amount_jpy: item.policyAmountJpy }),
    stripe_refund_ids: item.stripeRefundIds,
    source: item.source,
    ...(item.reason === undefined ? {} : { reason: item.reason }),
    ...(item.staff === undefined ? {} : { staff: item.staff }),
  }),
)

const admin = routeGroup('admin', 'refund')

/** The accounts' list of refunds. */
export const refundListRoutes = {
  getAdminRefunds: admin.get('/admin/refunds', {
    staff: 'exportWithEmail',
    summary: "List the refunds of the current edition or the one named, for the accounts' CSV",
    description:
      'Cancellations with a refund of more than 0 JPY, add-ons refunded, downgrades refunded and late payments ' +
      'refunded, oldest first, each with the registration, the amount, the Stripe refund ids, who refunded and why.',
    request: { query: editionQueryWireSchema },
    responses: { 200: { description: 'The refunds', schema: refundListWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>
