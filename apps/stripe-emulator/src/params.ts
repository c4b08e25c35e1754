import { invalidParam, missingParam, notEmulated, resourceMissing } from './errors.ts'
import type { Param, Params } from './form.ts'

/** Reading Stripe request parameters with Stripe's refusals: unknown names, wrong types, missing values. */

export function rejectUnknown(params: Params, allowed: readonly string[], prefix = ''): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      const name = prefix === '' ? key : `${prefix}[${key}]`
      throw invalidParam(name, `Received unknown parameter: ${name}`, 'parameter_unknown')
    }
  }
}

/** An empty string is how the SDK sends `null`; for these parameters it means "not given". */
export function optionalString(value: Param | undefined, param: string): string | undefined {
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'string') throw invalidParam(param, `Invalid string: ${JSON.stringify(value)}`)
  return value
}

function requiredString(value: Param | undefined, param: string): string {
  const text = optionalString(value, param)
  if (text === undefined) throw missingParam(param)
  return text
}

export function optionalInteger(
  value: Param | undefined,
  param: string,
  minimum?: number,
): number | undefined {
  const text = optionalString(value, param)
  if (text === undefined) return undefined
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw invalidParam(param, `Invalid integer: ${text}`, 'parameter_invalid_integer')
  }
  const number = Number(text)
  if (minimum !== undefined && number < minimum) {
    throw invalidParam(
      param,
      `This value must be greater than or equal to ${minimum}.`,
      'parameter_invalid_integer',
    )
  }
  return number
}

function requiredInteger(value: Param | undefined, param: string, minimum?: number): number {
  const number = optionalInteger(value, param, minimum)
  if (number === undefined) throw missingParam(param)
  return number
}

function optionalHash(value: Param | undefined, param: string): Params | undefined {
  if (value === undefined || value === '') return undefined
  if (typeof value === 'string') throw invalidParam(param, 'Invalid object')
  // Keys that are all digits decode as an array; for a hash they are just keys.
  if (Array.isArray(value)) return Object.fromEntries(value.map((entry, index) => [String(index), entry]))
  return value
}

function optionalArray(value: Param | undefined, param: string): Param[] | undefined {
  if (value === undefined) return undefined
  if (value === '') return []
  if (!Array.isArray(value)) throw invalidParam(param, 'Invalid array')
  return value
}

/** `expand[]`: only the expansions listed are emulated; Stripe answers others with the same message. */
export function readExpand(value: Param | undefined, expandable: readonly string[]): Set<string> {
  const expand = new Set<string>()
  for (const [index, entry] of (optionalArray(value, 'expand') ?? []).entries()) {
    const path = requiredString(entry, `expand[${index}]`)
    if (!expandable.includes(path)) {
      throw invalidParam('expand', `This property cannot be expanded (${path}).`)
    }
    expand.add(path)
  }
  return expand
}

const checkoutLocales = [
  'auto',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'en-GB',
  'es',
  'es-419',
  'et',
  'fi',
  'fil',
  'fr',
  'fr-CA',
  'hi-IN',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'mt',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'vi',
  'zh',
  'zh-HK',
  'zh-TW',
] as const

/** The smallest amount Stripe lets a Checkout Session charge, in the currency's smallest unit. */
const minimumAmounts: Record<string, number> = { jpy: 50, usd: 50, eur: 50 }

const supportedCurrencies = new Set(Intl.supportedValuesOf('currency').map((code) => code.toLowerCase()))

export interface CreateSessionInput {
  currency: string
  lineItems: { name: string; description: string | null; unitAmount: number; quantity: number }[]
  customerEmail: string | null
  clientReferenceId: string | null
  metadata: Record<string, string>
  successUrl: string | null
  cancelUrl: string | null
  /** Unix seconds; null means Stripe's default of 24 hours. */
  expiresAt: number | null
  locale: string | null
  paymentMethodTypes: string[]
  allowedPaymentMethodTypes: string[] | null
  expand: Set<string>
}

const createParams = [
  'mode',
  'line_items',
  'customer_email',
  'success_url',
  'cancel_url',
  'expires_at',
  'metadata',
  'client_reference_id',
  'allowed_payment_method_types',
  'locale',
  'expand',
] as const

const MIN_EXPIRY_SECONDS = 30 * 60
export const MAX_EXPIRY_SECONDS = 24 * 60 * 60

function readMode(value: Param | undefined): 'payment' {
  const mode = requiredString(value, 'mode')
  if (mode === 'payment') return mode
  if (mode === 'setup' || mode === 'subscription') throw notEmulated('mode', `mode=${mode} (only payment)`)
  throw invalidParam('mode', 'Invalid mode: must be one of payment, setup, or subscription')
}

function readLineItem(
  value: Param,
  index: number,
): CreateSessionInput['lineItems'][number] & { currency: string } {
  const param = `line_items[${index}]`
  const item = optionalHash(value, param) ?? {}
  rejectUnknown(item, ['price', 'price_data', 'quantity'], param)
  const price = optionalString(item.price, `${param}[price]`)
  if (price !== undefined) throw resourceMissing('price', price, `${param}[price]`, 400)
  const priceData = optionalHash(item.price_data, `${param}[price_data]`)
  if (priceData === undefined) {
    throw invalidParam(param, `You must specify either \`price\` or \`price_data\` in ${param}.`)
  }
  rejectUnknown(priceData, ['currency', 'unit_amount', 'product_data', 'product'], `${param}[price_data]`)
  const product = optionalString(priceData.product, `${param}[price_data][product]`)
  if (product !== undefined) throw resourceMissing('product', product, `${param}[price_data][product]`, 400)
  const currency = requiredString(priceData.currency, `${param}[price_data][currency]`)
  if (!supportedCurrencies.has(currency)) {
    throw invalidParam(`${param}[price_data][currency]`, `Invalid currency: ${currency}.`)
  }
  const unitAmount = requiredInteger(priceData.unit_amount, `${param}[price_data][unit_amount]`, 0)
  const productData = optionalHash(priceData.product_data, `${param}[price_data][product_data]`)
  if (productData === undefined) throw missingParam(`${param}[price_data][product_data]`)
  rejectUnknown(productData, ['name', 'description'], `${param}[price_data][product_data]`)
  const name = requiredString(productData.name, `${param}[price_data][product_data][name]`)
  const description = optionalString(
    productData.description,
    `${param}[price_data][product_data][description]`,
  )
  const quantity = requiredInteger(item.quantity, `${param}[quantity]`, 1)
  return { currency, name, description: description ?? null, unitAmount, quantity }
}

function readUrl(value: Param | undefined, param: string): string | null {
  const text = optionalString(value, param)
  if (text === undefined) return null
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    url = undefined
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw invalidParam(param, 'Not a valid URL', 'url_invalid')
  }
  return text
}

function readMetadata(value: Param | undefined): Record<string, string> {
  const hash = optionalHash(value, 'metadata') ?? {}
  const metadata: Record<string, string> = {}
  for (const [key, entry] of Object.entries(hash)) {
    const text = optionalString(entry, `metadata[${key}]`)
    if (key.length > 40) {
      throw invalidParam(`metadata[${key}]`, 'Metadata keys can have up to 40 characters.')
    }
    if (text === undefined) continue
    if (text.length > 500) {
      throw invalidParam(`metadata[${key}]`, 'Metadata values can have up to 500 characters.')
    }
    metadata[key] = text
  }
  if (Object.keys(metadata).length > 50) throw invalidParam('metadata', 'Metadata can have up to 50 keys.')
  return metadata
}

function readExpiresAt(value: Param | undefined, nowSeconds: number): number | null {
  const expiresAt = optionalInteger(value, 'expires_at')
  if (expiresAt === undefined) return null
  if (expiresAt - nowSeconds < MIN_EXPIRY_SECONDS) {
    throw invalidParam(
      'expires_at',
      'The expires_at timestamp must be at least 30 minutes from Checkout Session creation.',
    )
  }
  if (expiresAt - nowSeconds > MAX_EXPIRY_SECONDS) {
    throw invalidParam(
      'expires_at',
      'The expires_at timestamp must be less than 24 hours from Checkout Session creation.',
    )
  }
  return expiresAt
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const isEmail = (text: string): boolean => emailPattern.test(text)

/**
 * From this API version Checkout takes `allowed_payment_method_types`; `payment_method_types` is gone from the
 * create parameters (stripe-node 23.1.0 changelog). Versions are date-prefixed, so they compare as strings.
 */
const ALLOWED_PAYMENT_METHOD_TYPES_SINCE = '2026-10-28'

/** Card is the only payment method emulated. */
function readCardOnly(value: Param | undefined, param: string): string[] | null {
  const types = optionalArray(value, param)
  if (types === undefined || types.length === 0) return null
  for (const [index, entry] of types.entries()) {
    const type = requiredString(entry, `${param}[${index}]`)
    if (type !== 'card') throw notEmulated(`${param}[${index}]`, `the payment method ${type} (only card)`)
  }
  return ['card']
}

/**
 * Validates `POST /v1/checkout/sessions` parameters in the order Stripe reports problems.
 * @param apiVersion the request's Stripe-Version, which decides whether payment_method_types still exists
 */
export function readCreateParams(params: Params, nowSeconds: number, apiVersion: string): CreateSessionInput {
  const legacy = apiVersion < ALLOWED_PAYMENT_METHOD_TYPES_SINCE
  if (!legacy && params.payment_method_types !== undefined) {
    throw invalidParam(
      'payment_method_types',
      `Received unknown parameter: payment_method_types. API version ${apiVersion} takes allowed_payment_method_types instead.`,
      'parameter_unknown',
    )
  }
  rejectUnknown(params, legacy ? [...createParams, 'payment_method_types'] : createParams)
  readMode(params.mode)
  const rawItems = optionalArray(params.line_items, 'line_items')
  if (rawItems === undefined || rawItems.length === 0) throw missingParam('line_items')
  const lineItems = rawItems.map(readLineItem)
  const currency = lineItems[0]?.currency ?? 'jpy'
  if (lineItems.some((item) => item.currency !== currency)) {
    throw invalidParam('line_items', 'All line items must use the same currency.')
  }
  const minimum = minimumAmounts[currency]
  const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0)
  if (minimum !== undefined && total < minimum) {
    throw invalidParam(
      'line_items',
      `The Checkout Session's total amount due must add up to at least ${minimum} in the smallest ${currency} unit.`,
    )
  }
  const customerEmail = optionalString(params.customer_email, 'customer_email')
  if (customerEmail !== undefined && !isEmail(customerEmail)) {
    throw invalidParam('customer_email', `Invalid email address: ${customerEmail}`, 'email_invalid')
  }
  const clientReferenceId = optionalString(params.client_reference_id, 'client_reference_id')
  if (clientReferenceId !== undefined && clientReferenceId.length > 200) {
    throw invalidParam('client_reference_id', 'client_reference_id can have up to 200 characters.')
  }
  const paymentMethodTypes = legacy ? readCardOnly(params.payment_method_types, 'payment_method_types') : null
  const allowedPaymentMethodTypes = readCardOnly(
    params.allowed_payment_method_types,
    'allowed_payment_method_types',
  )
  const locale = optionalString(params.locale, 'locale')
  if (locale !== undefined && !(checkoutLocales as readonly string[]).includes(locale)) {
    throw invalidParam('locale', `Invalid locale: must be one of ${checkoutLocales.join(', ')}`)
  }
  return {
    currency,
    lineItems: lineItems.map(({ currency: _, ...item }) => item),
    customerEmail: customerEmail ?? null,
    clientReferenceId: clientReferenceId ?? null,
    metadata: readMetadata(params.metadata),
    successUrl: readUrl(params.success_url, 'success_url'),
    cancelUrl: readUrl(params.cancel_url, 'cancel_url'),
    expiresAt: readExpiresAt(params.expires_at, nowSeconds),
    locale: locale ?? null,
    paymentMethodTypes: paymentMethodTypes ?? ['card'],
    allowedPaymentMethodTypes,
    expand: readExpand(params.expand, ['line_items']),
  }
}
