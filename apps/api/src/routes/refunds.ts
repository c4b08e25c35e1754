import {
  apiRoutes,
  type RefundQuote,
  refundCodec,
  refundQuoteCodec,
  refundRequestCodec,
  staffMay,
} from '@furfes/core'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import type { AutomaticRefunds } from '../services/automatic-refunds.ts'
import type { RefundService } from '../services/refunds.ts'

/**
 * What canceling the registration refunds, with the payment that could not buy it and went back by itself, if
 * any (decision 141): staff see both on one page.
 */
async function quoteWithAutomaticRefund(
  refunds: RefundService,
  automaticRefunds: AutomaticRefunds,
  registrationId: string,
): Promise<RefundQuote> {
  const quote = await refunds.quote(registrationId)
  const automaticRefund = await automaticRefunds.of(registrationId)
  return automaticRefund ? { ...quote, automaticRefund } : quote
}

/** Cancellations with a refund, by staff (decision 111). */
export function mountRefundRoutes(
  { mount }: RouteMounter,
  deps: { refunds: RefundService; automaticRefunds: AutomaticRefunds },
): void {
  const { refunds, automaticRefunds } = deps

  mount(apiRoutes.getAdminRegistrationRefund, async ({ params }) => {
    const quote = await quoteWithAutomaticRefund(refunds, automaticRefunds, params.registration_id)
    return { status: 200, body: encode(refundQuoteCodec, quote) }
  })

  mount(apiRoutes.postAdminRegistrationRefund, async ({ body, params, caller }) => {
    const request = decode(refundRequestCodec, body)
    const refund = await refunds.refundByStaff({
      registrationId: params.registration_id,
      amountJpy: request.amountJpy,
      reason: request.reason,
      clientKey: request.idempotencyKey,
      staffUserId: caller.sub,
      beyondPolicyAllowed: staffMay(caller.groups, 'refundBeyondPolicy'),
    })
    return { status: 200, body: encode(refundCodec, refund) }
  })
}
