import { sql } from 'drizzle-orm'
import { type Executor, queryRows } from '../db/database.ts'
import { productError } from '../http/errors.ts'
import type { PaymentGateway } from '../payments/gateway.ts'

/**
 * The registration a Stripe payment paid (docs/decisions/191-desk-payments-and-receipts.md). We store each
 * payment's Checkout session id, on the registration, an add-on purchase or a tier change, but not its payment
 * intent: a `pi_…` is first turned into its session at Stripe. Nothing else of the payment is read or shown.
 */
export async function registrationOfPayment(
  deps: { db: Executor; gateway: Pick<PaymentGateway, 'checkoutSessionOfPayment'> },
  input: { paymentId: string; editionId: string },
): Promise<string> {
  const sessionId = input.paymentId.startsWith('pi_')
    ? await deps.gateway.checkoutSessionOfPayment(input.paymentId)
    : input.paymentId
  if (sessionId === undefined) throw productError(404, 'paymentNotFound')
  const [row] = await queryRows<{ registration_id: string }>(
    deps.db,
    sql`select registration_id from registrations
          where checkout_session_id = ${sessionId} and edition_id = ${input.editionId}
        union all
        select registration_id from addon_purchases
          where checkout_session_id = ${sessionId} and edition_id = ${input.editionId}
        union all
        select registration_id from tier_changes
          where checkout_session_id = ${sessionId} and edition_id = ${input.editionId}
        limit 1`,
  )
  if (!row) throw productError(404, 'paymentNotFound')
  return row.registration_id
}
