import { describe, expect, it } from 'vitest'
import { refundQuoteCodec, refundRequestCodec } from './refunds.ts'
import { toClientNames, toWireNames } from './wire-names.ts'

describe('wire names', () => {
  it('renames snake_case to camelCase and back, leaving absent fields absent', () => {
    const wire = { registration_id: 'r1', revenue_net_jpy: 10, line2_text: 'x', reason: undefined }
    const client = toClientNames(wire)
    expect(client).toStrictEqual({ registrationId: 'r1', revenueNetJpy: 10, line2Text: 'x' })
    expect(toWireNames(client)).toStrictEqual({ registration_id: 'r1', revenue_net_jpy: 10, line2_text: 'x' })
  })
})

describe('codecs that rename', () => {
  it('decodes a refund quote with and without its refund, and encodes it back as it was', () => {
    const registrationId = '6f1e2d3c-4b5a-4987-8654-3210fedcba98'
    const staffUserId = '0f8fad5b-d9cb-469f-a165-70867728950e'
    const withoutRefund = {
      registration_id: registrationId,
      payment_status: 'paid',
      fee_jpy: 10_000,
      policy_period: 'early',
      policy_percentage: 90,
      policy_refund_jpy: 9_000,
    } as const
    const refund = {
      registration_id: registrationId,
      amount_jpy: 9_000,
      policy_amount_jpy: 9_000,
      source: 'staff',
      staff_user_id: staffUserId,
      refunded_at: '2026-11-24T03:00:00.000Z',
    } as const
    expect(refundQuoteCodec.decode(withoutRefund)).toStrictEqual({
      registrationId,
      paymentStatus: 'paid',
      feeJpy: 10_000,
      policyPeriod: 'early',
      policyPercentage: 90,
      policyRefundJpy: 9_000,
    })
    const quote = refundQuoteCodec.decode({ ...withoutRefund, refund })
    expect(quote.refund).toStrictEqual({
      registrationId,
      amountJpy: 9_000,
      policyAmountJpy: 9_000,
      source: 'staff',
      staffUserId,
      refundedAt: Date.parse('2026-11-24T03:00:00Z'),
    })
    expect(refundQuoteCodec.encode(quote)).toStrictEqual({ ...withoutRefund, refund })
  })

  it('sends a refund request with its reason trimmed, and no reason when it is blank', () => {
    const idempotencyKey = '3b241101-e2bb-4255-8caf-4136c566a962'
    expect(
      refundRequestCodec.encode({ idempotencyKey, amountJpy: 5_000, reason: '  goodwill ' }),
    ).toStrictEqual({
      idempotency_key: idempotencyKey,
      amount_jpy: 5_000,
      reason: 'goodwill',
    })
    expect(refundRequestCodec.encode({ idempotencyKey, reason: '   ' })).toStrictEqual({
      idempotency_key: idempotencyKey,
    })
    expect(refundRequestCodec.decode({ idempotency_key: idempotencyKey, reason: 'x' })).toStrictEqual({
      idempotencyKey,
      reason: 'x',
    })
  })
})
