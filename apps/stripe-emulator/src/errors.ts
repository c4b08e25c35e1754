/** Stripe's error body: `{ error: { type, message, code?, param?, doc_url? } }`. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error'
  message: string
  code?: string
  param?: string
  doc_url?: string
}

export class StripeApiError extends Error {
  readonly status: number
  readonly body: StripeErrorBody
  /**
   * Stripe saves an idempotent result only once an endpoint has started executing: a request refused while
   * its parameters were validated may be retried with the same key and different parameters.
   */
  readonly saveForIdempotency: boolean

  constructor(status: number, body: StripeErrorBody, saveForIdempotency = true) {
    super(body.message)
    this.name = 'StripeApiError'
    this.status = status
    this.body = body
    this.saveForIdempotency = saveForIdempotency
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`

/** A refused parameter: HTTP 400, invalid_request_error, naming the parameter as Stripe does. */
export function invalidParam(param: string | null, message: string, code?: string): StripeApiError {
  return new StripeApiError(
    400,
    {
      type: 'invalid_request_error',
      message,
      ...(param === null ? {} : { param }),
      ...(code === undefined ? {} : { code, doc_url: docUrl(code) }),
    },
    false,
  )
}

/** What the emulator does not implement is refused clearly rather than half-emulated (decision 030). */
export const notEmulated = (param: string, what: string): StripeApiError =>
  invalidParam(
    param,
    `The Stripe emulator does not implement ${what}. See docs/decisions/030-stripe-emulator.md for what it covers.`,
  )

export const missingParam = (param: string): StripeApiError =>
  invalidParam(param, `Missing required param: ${param}.`, 'parameter_missing')

/** 404 when the URL names a missing object; 400 when a parameter refers to one. */
export const resourceMissing = (object: string, id: string, param = 'id', status = 404): StripeApiError =>
  new StripeApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    message: `No such ${object}: '${id}'`,
    param,
  })

export function errorResponseBody(error: StripeApiError): { error: StripeErrorBody } {
  return { error: error.body }
}
