import { invalidParam, missingParam } from './errors.ts'
import type { Params } from './form.ts'
import { optionalInteger, optionalString, readExpand, rejectUnknown } from './params.ts'
import type { JsonObject } from './session.ts'

/** Refunds of a paid session's charge as the emulator stores them. */
export interface RefundRecord {
  id: string
  /** Unix seconds. */
  created: number
  amount: number
  currency: string
  chargeId: string
  paymentIntent: string
  /** The session the charge paid: its events and the refund's go out in one order. */
  sessionId: string
  reason: RefundReason | null
  metadata: Record<string, string>
  /** `failed` when the card could not take the money back after the refund was accepted (a test hook). */
  status: 'succeeded' | 'failed'
  failureReason?: 'expired_or_canceled_card' | 'lost_or_stolen_card' | 'unknown'
}

const refundReasons = ['duplicate', 'fraudulent', 'requested_by_customer'] as const
type RefundReason = (typeof refundReasons)[number]

export interface CreateRefundInput {
  paymentIntent: string | undefined
  charge: string | undefined
  amount: number | undefined
  reason: RefundReason | null
  metadata: Record<string, string>
}

function readMetadata(value: Params[string] | undefined): Record<string, string> {
  if (value === undefined || value === '') return {}
  if (typeof value === 'string' || Array.isArray(value)) throw invalidParam('metadata', 'Invalid object')
  const metadata: Record<string, string> = {}
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalidParam(`metadata[${key}]`, 'Invalid string')
    // An empty value unsets the key, as Stripe does.
    if (entry !== '') metadata[key] = entry
  }
  return metadata
}

/** `POST /v1/refunds`: `payment_intent` or `charge`, and optionally `amount`, `reason`, `metadata`. */
export function readCreateRefundParams(params: Params): CreateRefundInput {
  rejectUnknown(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand'])
  readExpand(params.expand, [])
  const paymentIntent = optionalString(params.payment_intent, 'payment_intent')
  const charge = optionalString(params.charge, 'charge')
  if (paymentIntent === undefined && charge === undefined) throw missingParam('payment_intent')
  const amount = optionalInteger(params.amount, 'amount', 1)
  const reason = optionalString(params.reason, 'reason')
  if (reason !== undefined && !(refundReasons as readonly string[]).includes(reason)) {
    throw invalidParam(
      'reason',
      `Invalid reason: must be one of ${refundReasons.join(', ')}`,
      'parameter_invalid_string',
    )
  }
  return {
    paymentIntent,
    charge,
    amount,
    reason: (reason as RefundReason | undefined) ?? null,
    metadata: readMetadata(params.metadata),
  }
}

/** The `refund` object as the pinned API version describes it (the fields a refund by card has). */
export function refundObject(refund: RefundRecord): JsonObject {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    balance_transaction: null,
    charge: refund.chargeId,
    created: refund.created,
    currency: refund.currency,
    destination_details: { type: 'card', card: { type: 'refund' } },
    metadata: { ...refund.metadata },
    payment_intent: refund.paymentIntent,
    reason: refund.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: refund.status,
    ...(refund.failureReason ? { failure_reason: refund.failureReason } : {}),
    transfer_reversal: null,
  }
}
