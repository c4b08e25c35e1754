import { editionPhase, policyRefundJpy, type Refund } from '@furfes/core'
import { eq, sql } from 'drizzle-orm'
import { type Executor, queryRows } from '../db/database.ts'
import { checkInStates } from '../db/schema.ts'
import { notFound, productError } from '../http/errors.ts'
import { readCurrentEdition } from './editions.ts'
import { eventCancelledIn } from './event-cancellation-run.ts'
import { openRefundAttempt, refundPaid } from './refund-attempts.ts'
import { answerTo, type RefundDeps, refundOf } from './refund-cancellation.ts'
import { registrationById } from './registration-queries.ts'

/*
 * A participant cancels their own paid registration on My Page (docs/decisions/165-participants-cancel-their-own-registration.md):
 * the staff refund's machinery with the policy amount of today, the participant as the one who asked, and the
 * door's check-in as the one change that may win over it.
 */

export interface ParticipantCancelInput {
  registrationId: string
  /** One per confirmation on the page. */
  clientKey: string
  /** The refund the page showed and the participant confirmed. */
  refundJpy: number
}

/**
 * Refuses to cancel (or move to another tier, decision 167) a registration checked in at the door. It takes the registration's check-in lock, which the
 * check-in upload takes too, and the refund attempt is opened under it: a check-in decided first is seen here,
 * and a check-in decided after finds the attempt and is refused (services/check-ins.ts).
 */
export async function notCheckedIn(
  tx: Executor,
  registrationId: string,
  now: number,
  refusal: 'alreadyCheckedIn' | 'tierChangeCheckedIn' = 'alreadyCheckedIn',
): Promise<void> {
  await tx
    .insert(checkInStates)
    .values({ registrationId, checkInId: null, updatedAt: new Date(now) })
    .onConflictDoNothing()
  const [state] = await tx
    .select({ checkInId: checkInStates.checkInId })
    .from(checkInStates)
    .where(eq(checkInStates.registrationId, registrationId))
    .for('update')
  if (state?.checkInId) throw productError(409, refusal)
}

/** Whether the committee called off the registration's edition (decision 162: a run belongs to an edition). */
export async function eventCancellationStarted(db: Executor, editionId: string): Promise<boolean> {
  const [row] = await queryRows<{ started: boolean }>(
    db,
    sql`select ${eventCancelledIn(editionId)} as started`,
  )
  return row?.started ?? false
}

/**
 * Cancels the participant's paid registration of the current edition with the refund the edition's policy gives
 * today (0 after the last cut-off: the spot is freed all the same). Once per registration whatever races it: a
 * second tab, a retry, a staff refund, the provider's webhook (decision 111's attempts).
 */
export async function cancelByParticipant(deps: RefundDeps, input: ParticipantCancelInput): Promise<Refund> {
  const asked = { clientKey: input.clientKey, amountJpy: input.refundJpy }
  const row = await registrationById(deps.db, input.registrationId)
  if (!row) throw notFound()
  const done = await refundOf(deps.db, row.registrationId)
  if (done) return answerTo(asked, done)
  const now = deps.clock()
  const { edition } = await readCurrentEdition(deps)
  if (edition.id !== row.editionId) throw productError(409, 'editionNotCurrent')
  if (editionPhase(edition, now) === 'over') throw productError(409, 'editionOver')
  // Once the event is called off, the run refunds everyone more than the policy would (decision 113).
  if (await eventCancellationStarted(deps.db, row.editionId))
    throw productError(409, 'cancelDuringEventCancellation')
  if (row.paymentStatus !== 'paid' || row.checkoutSessionId === null) {
    throw productError(409, 'registrationNotPaid')
  }
  const policyAmountJpy = policyRefundJpy(row.amountJpy, now, await deps.policy())
  // The participant confirmed an amount: a new confirmation of an amount the policy no longer gives is refused,
  // so nobody is refunded other than what they were shown. A retry of a confirmation whose attempt is still open
  // (its answer was lost) finishes that attempt as it was asked, even past a cut-off.
  const retrying = (await openRefundAttempt(deps.db, row.registrationId))?.clientKey === input.clientKey
  if (!retrying && input.refundJpy !== policyAmountJpy) throw productError(409, 'refundAmountChanged')
  const refunded = await refundPaid(
    deps,
    row,
    {
      amountJpy: input.refundJpy,
      policyAmountJpy,
      reason: null,
      source: 'participant',
      staffUserId: null,
      clientKey: input.clientKey,
    },
    (tx) => notCheckedIn(tx, row.registrationId, now),
  )
  return answerTo(asked, refunded)
}
