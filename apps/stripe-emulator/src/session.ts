/** Checkout Sessions as the emulator stores them, and the JSON objects Stripe's API answers with. */

type SessionStatus = 'open' | 'complete' | 'expired'

interface LineItemRecord {
  id: string
  priceId: string
  productId: string
  /** product_data.name; Stripe shows it on the page and answers it as the line item's description. */
  name: string
  description: string | null
  unitAmount: number
  quantity: number
}

export interface SessionRecord {
  id: string
  /** Unix seconds, as every Stripe timestamp. */
  created: number
  expiresAt: number
  mode: 'payment'
  currency: string
  status: SessionStatus
  paymentStatus: 'unpaid' | 'paid'
  customerEmail: string | null
  clientReferenceId: string | null
  metadata: Record<string, string>
  successUrl: string | null
  cancelUrl: string | null
  locale: string | null
  paymentMethodTypes: string[]
  /** Set only when the request gave allowed_payment_method_types. */
  allowedPaymentMethodTypes: string[] | null
  lineItems: LineItemRecord[]
  paymentIntent: string | null
  customerDetails: { email: string | null; name: string } | null
  /** The successful charge of the payment intent, once paid (absent from state saved before it was kept). */
  charge?: ChargeRecord | null
}

/** What a paid session's charge records of the card: Stripe's `payment_method_details.card`, in part. */
export interface ChargeRecord {
  id: string
  paymentMethodId: string
  /** Unix seconds. */
  created: number
  brand: string
  funding: string
  last4: string
  /** Yen refunded so far (absent from state saved before refunds were emulated). */
  amountRefunded?: number
}

export type JsonObject = { [key: string]: unknown }

export const amountTotal = (session: SessionRecord): number =>
  session.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0)

export const hostedPagePath = (id: string): string => `/c/pay/${encodeURIComponent(id)}`

/** Stripe substitutes the literal `{CHECKOUT_SESSION_ID}` in success_url when it redirects. */
export const successUrlFor = (session: SessionRecord): string | null =>
  session.successUrl?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null

function priceObject(session: SessionRecord, item: LineItemRecord): JsonObject {
  return {
    id: item.priceId,
    object: 'price',
    active: false,
    billing_scheme: 'per_unit',
    created: session.created,
    currency: session.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: item.productId,
    recurring: null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'one_time',
    unit_amount: item.unitAmount,
    unit_amount_decimal: String(item.unitAmount),
  }
}

export function lineItemList(session: SessionRecord): JsonObject {
  return {
    object: 'list',
    data: session.lineItems.map((item) => {
      const amount = item.unitAmount * item.quantity
      return {
        id: item.id,
        object: 'item',
        adjustable_quantity: null,
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: session.currency,
        description: item.name,
        metadata: {},
        price: priceObject(session, item),
        quantity: item.quantity,
      }
    }),
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  }
}

export interface SessionView {
  /** Public base URL of the emulator, for the hosted page link. */
  baseUrl: string
  expandLineItems?: boolean
  /** `payment_intent`: the PaymentIntent object instead of its id; with `latestCharge` its charge too. */
  expandPaymentIntent?: { latestCharge: boolean }
}

/** The `charge` object of a paid session, with the card as Stripe reports it. */
export function chargeObject(session: SessionRecord, charge: ChargeRecord): JsonObject {
  const amount = amountTotal(session)
  const refunded = charge.amountRefunded ?? 0
  return {
    id: charge.id,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: refunded,
    captured: true,
    created: charge.created,
    currency: session.currency,
    livemode: false,
    paid: true,
    payment_intent: session.paymentIntent,
    payment_method: charge.paymentMethodId,
    payment_method_details: {
      type: 'card',
      card: { brand: charge.brand, funding: charge.funding, last4: charge.last4, country: 'JP' },
    },
    refunded: refunded >= amount,
    status: 'succeeded',
  }
}

/** The `payment_intent` object behind a paid session (the fields a receipt needs, as Stripe names them). */
function paymentIntentObject(session: SessionRecord, expandLatestCharge: boolean): JsonObject | null {
  if (session.paymentIntent === null) return null
  const charge = session.charge ?? null
  const amount = amountTotal(session)
  return {
    id: session.paymentIntent,
    object: 'payment_intent',
    amount,
    amount_received: session.paymentStatus === 'paid' ? amount : 0,
    created: charge?.created ?? session.created,
    currency: session.currency,
    latest_charge: charge && (expandLatestCharge ? chargeObject(session, charge) : charge.id),
    livemode: false,
    metadata: {},
    payment_method: charge?.paymentMethodId ?? null,
    payment_method_types: [...session.paymentMethodTypes],
    status: session.paymentStatus === 'paid' ? 'succeeded' : 'requires_payment_method',
  }
}

/** The `checkout.session` object, field for field as the API version the SDK pins describes it. */
export function checkoutSessionObject(session: SessionRecord, view: SessionView): JsonObject {
  const total = amountTotal(session)
  return {
    id: session.id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: session.allowedPaymentMethodTypes && [...session.allowedPaymentMethodTypes],
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: session.cancelUrl,
    client_reference_id: session.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: session.created,
    currency: session.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: null,
    customer_account: null,
    customer_creation: 'if_required',
    customer_details: session.customerDetails && {
      address: null,
      business_name: null,
      email: session.customerDetails.email,
      individual_name: null,
      name: session.customerDetails.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    customer_email: session.customerEmail,
    discounts: [],
    expires_at: session.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: null,
        metadata: {},
        rendering_options: null,
      },
    },
    ...(view.expandLineItems ? { line_items: lineItemList(session) } : {}),
    livemode: false,
    locale: session.locale,
    managed_payments: null,
    metadata: { ...session.metadata },
    mode: session.mode,
    origin_context: null,
    payment_intent: view.expandPaymentIntent
      ? paymentIntentObject(session, view.expandPaymentIntent.latestCharge)
      : session.paymentIntent,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: session.paymentMethodTypes.includes('card')
      ? { card: { request_three_d_secure: 'automatic' } }
      : {},
    payment_method_types: [...session.paymentMethodTypes],
    payment_status: session.paymentStatus,
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: session.status,
    submit_type: null,
    subscription: null,
    success_url: session.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    // Stripe gives the URL only while the session can still be paid.
    url: session.status === 'open' ? `${view.baseUrl}${hostedPagePath(session.id)}` : null,
    wallet_options: null,
  }
}
