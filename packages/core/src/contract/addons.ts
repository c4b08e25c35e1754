import { z } from 'zod'
import { addonCodePattern, addonPurchaseStatuses } from '../domain/addons.ts'
import { redirectUrlSchema } from '../validation/fields.ts'
import { listCodec, toIso } from './codecs.ts'
import { registrationCheckoutWireSchema } from './registration.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, listComponent, registrationIdSchema } from './schemas.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

/* Add-on products and their purchases (decision 178). */

const addonCodeSchema = z
  .string()
  .regex(addonCodePattern)
  .describe('The product code, e.g. cooking_club_tasting')
const instantWire = z.iso.datetime({ offset: true })

export const addonPurchaseWireSchema = component(
  z.object({
    purchase_id: z.uuid(),
    status: z.enum(addonPurchaseStatuses),
    amount_jpy: z.int().nonnegative(),
    purchased_at: instantWire.describe('When the purchase was started'),
    paid_at: instantWire.optional(),
    refunded_at: instantWire.optional(),
    payment_url: z.string().optional().describe('While pending: the Checkout page to finish paying on'),
  }),
  { id: 'AddonPurchase', description: "A registration's purchase of an add-on" },
)
export type AddonPurchaseWire = z.infer<typeof addonPurchaseWireSchema>

export const addonWireSchema = z.object({
  code: addonCodeSchema,
  name_ja: z.string(),
  name_en: z.string(),
  price_jpy: z.int().positive(),
  capacity: z.int().nonnegative(),
  remaining: z.int().nonnegative().describe('Places not held by a pending or paid purchase'),
  sale_opens_at: instantWire,
  sale_closes_at: instantWire,
  purchase: addonPurchaseWireSchema
    .nullable()
    .describe("The caller's latest purchase of it (the one holding a place first), or null"),
})

export const addonListWireSchema = listComponent(addonWireSchema, {
  id: 'AddonList',
  description: "The current edition's add-ons, with the caller's purchase of each",
})
export type AddonListWire = z.infer<typeof addonListWireSchema>

export const addonCheckoutWireSchema = component(
  z.object({
    success_url: redirectUrlSchema.describe('Where Checkout returns after payment; one of our origins'),
    cancel_url: redirectUrlSchema.describe(
      'Where Checkout returns when the user gives up; one of our origins',
    ),
  }),
  { id: 'AddonCheckoutRequest', description: 'Buy one add-on through Checkout' },
)

export const addonPurchaseSchema = z.object({
  purchaseId: z.string(),
  status: z.enum(addonPurchaseStatuses),
  amountJpy: z.number(),
  purchasedAt: z.number(),
  paidAt: z.number().optional(),
  refundedAt: z.number().optional(),
  paymentUrl: z.string().optional(),
})
export type AddonPurchase = z.output<typeof addonPurchaseSchema>

export const addonSchema = z.object({
  code: z.string(),
  name: z.object({ ja: z.string(), en: z.string() }),
  priceJpy: z.number(),
  capacity: z.number(),
  remaining: z.number(),
  saleOpensAt: z.number(),
  saleClosesAt: z.number(),
  purchase: addonPurchaseSchema.nullable(),
})
export type Addon = z.output<typeof addonSchema>

const optionalInstant = <K extends string>(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: Date.parse(value) }) as Partial<Record<K, number>>
const optionalIso = <K extends string>(key: K, value: number | undefined) =>
  (value === undefined ? {} : { [key]: toIso(value) }) as Partial<Record<K, string>>

export const addonPurchaseCodec = z.codec(addonPurchaseWireSchema, addonPurchaseSchema, {
  decode: ({ purchased_at, paid_at, refunded_at, ...wire }) => ({
    ...toClientNames(wire),
    purchasedAt: Date.parse(purchased_at),
    ...optionalInstant('paidAt', paid_at),
    ...optionalInstant('refundedAt', refunded_at),
  }),
  encode: ({ purchasedAt, paidAt, refundedAt, ...purchase }) => ({
    ...toWireNames(purchase),
    purchased_at: toIso(purchasedAt),
    ...optionalIso('paid_at', paidAt),
    ...optionalIso('refunded_at', refundedAt),
  }),
})

export const addonListCodec = listCodec(
  addonListWireSchema,
  addonSchema,
  ({ name_ja, name_en, sale_opens_at, sale_closes_at, purchase, ...item }) => ({
    ...toClientNames(item),
    name: { ja: name_ja, en: name_en },
    saleOpensAt: Date.parse(sale_opens_at),
    saleClosesAt: Date.parse(sale_closes_at),
    purchase: purchase === null ? null : addonPurchaseCodec.decode(purchase),
  }),
  ({ name, saleOpensAt, saleClosesAt, purchase, ...item }) => ({
    ...toWireNames(item),
    name_ja: name.ja,
    name_en: name.en,
    sale_opens_at: toIso(saleOpensAt),
    sale_closes_at: toIso(saleClosesAt),
    purchase: purchase === null ? null : addonPurchaseCodec.encode(purchase),
  }),
)

export const addonCheckoutSchema = z.object({ successUrl: z.string(), cancelUrl: z.string() })
export type AddonCheckout = z.output<typeof addonCheckoutSchema>

export const addonCheckoutCodec = z.codec(addonCheckoutWireSchema, addonCheckoutSchema, {
  decode: (wire) => toClientNames(wire),
  encode: (checkout) => toWireNames(checkout),
})

const memberRegistration = routeGroup('member', 'registration')
const adminRefund = routeGroup('admin', 'refund')
const addonParams = z.object({ code: addonCodeSchema })

/** The add-on routes. */
export const addonRoutes = {
  getRegistrationAddons: memberRegistration.get('/registration/addons', {
    summary: "The current edition's add-ons and the member's purchases",
    responses: { 200: { description: 'The add-ons', schema: addonListWireSchema } },
  }),
  postRegistrationAddon: memberRegistration.post('/registration/addons/{code}', {
    summary: 'Buy one add-on through Checkout',
    description:
      "Holds a place of the add-on for the checkout's life; the payment webhook makes the purchase paid. One " +
      'per registration: an open checkout of it is answered again. Errors: 409 addonNeedsPaidRegistration, ' +
      'addonNotOnSale, addonAlreadyBought, addonSoldOut, purchaseSessionAlreadyExists (another request is ' +
      'opening it); 404 notFound (no such add-on); 503 highTraffic.',
    request: { params: addonParams, body: addonCheckoutWireSchema },
    responses: {
      201: { description: 'The Checkout page to send the user to', schema: registrationCheckoutWireSchema },
    },
  }),
  postAdminRegistrationAddonRefund: adminRefund.post(
    '/admin/registrations/{registration_id}/addons/{code}/refund',
    {
      staff: 'refundWithinPolicy',
      summary: "Refund a registration's add-on alone",
      description:
        'Refunds the paid purchase in full through the payment provider (its own payment, its own key), gives ' +
        'its place back and keeps an audit record; the registration stays as it is. Sent again while the ' +
        'refund is under way, it retries the same refund. Errors: 409 addonNotBought; 404 notFound.',
      request: { params: addonParams.extend({ registration_id: registrationIdSchema }) },
      responses: { 200: { description: 'The purchase after the refund', schema: addonPurchaseWireSchema } },
    },
  ),
} as const satisfies Record<string, RouteDefinition>
