import { type ErrorBodyWire, errorBody, type ProductErrorKey, unauthorizedMessage } from '@furfes/core'

/**
 * An answer other than success: its status and `{ message }` body. Services throw it; the error handler turns
 * it into the response.
 */
export class HttpError extends Error {
  readonly status: number
  readonly body: ErrorBodyWire
  readonly headers: Readonly<Record<string, string>>

  constructor(status: number, body: ErrorBodyWire, headers: Record<string, string> = {}) {
    // An expected answer, not a fault: capturing a stack trace would cost more than the rest of a soldOut.
    const stackTraceLimit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    super(body.message)
    Error.stackTraceLimit = stackTraceLimit
    this.name = 'HttpError'
    this.status = status
    this.body = body
    this.headers = headers
  }
}

export function productError(
  status: number,
  key: ProductErrorKey,
  headers?: Record<string, string>,
): HttpError {
  return new HttpError(status, errorBody(key), headers)
}

export const unauthorized = (): HttpError => new HttpError(401, errorBody(unauthorizedMessage))
export const notFound = (): HttpError => productError(404, 'notFound')

/** Overload and maintenance answers tell clients when to try again. */
export const highTraffic = (): HttpError => productError(503, 'highTraffic', { 'Retry-After': '1' })
export const underMaintenance = (): HttpError =>
  productError(503, 'underMaintenance', { 'Retry-After': '60' })
