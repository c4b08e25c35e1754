import type { TierChange } from '@furfes/core'
import { tierChanges } from '../db/schema.ts'
import { notFound, productError } from '../http/errors.ts'
import { retakeSpot, returnPaidSpot } from './inventory.ts'
import { planRefundSplits } from './refund-splits.ts'
import { retryOnConflict } from './registration-context.ts'
import { type RegistrationRow, registrationById } from './registration-queries.ts'
import {
  changeByKey,
  lockForChange,
  moveRegistration,
  newChange,
  type PlannedChange,
  planTierChange,
  type TierChangeDeps,
  type TierChangeInput,
  toTierChange,
} from './tier-change.ts'
import { settleTierChangeRefund, type TierChangeRow, tierChangeRefundKey } from './tier-change-refunds.ts'
import { startUpgrade } from './tier-change-upgrade.ts'

/*
 * Making a tier change (docs/decisions/167-participants-change-tier.md): a downgrade moves the registration at once
 * and then refunds the difference; an upgrade opens a Checkout for the difference (tier-change-upgrade.ts).
 */

/**
 * A downgrade, in one transaction: the new tier's spot is taken (sold out: refused), the old one given back and
 * offered to the waiting list, the registration moved, the refund owed, audited and mailed. The refund is asked
 * for after it.
 */
async function downgrade(
  deps: TierChangeDeps,
  row: RegistrationRow,
  input: TierChangeInput,
  plan: PlannedChange,
): Promise<TierChangeRow> {
  const now = plan.now
  const change = await retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      // A double submit that took the lock first made the change: answer it.
      const made = await lockForChange(tx, row, input.clientKey, now)
      if (made) return made
      if (!(await retakeSpot(tx, { editionId: row.editionId, tier: input.tier }, true))) {
        throw productError(409, 'soldOut')
      }
      await returnPaidSpot(
        tx,
        { editionId: row.editionId, tier: row.registrationTier },
        deps.offerReturnedSpots,
      )
      const [inserted] = await tx
        .insert(tierChanges)
        .values({ ...newChange(row, input, plan), appliedAt: new Date(now) })
        .returning()
      if (!inserted) throw new Error('The tier change was not stored')
      // Its refund's shares of the registration's payments, planned under the row lock (decision 168).
      await planRefundSplits(tx, {
        registrationId: inserted.registrationId,
        refundKey: tierChangeRefundKey(inserted),
        amountJpy: inserted.refundStatus === 'owed' ? inserted.amountJpy : 0,
        now,
      })
      await moveRegistration(tx, inserted, row, now)
      return inserted
    }),
  )
  deps.onSpotsReturned?.(change.fromTier)
  return change
}

/** Answers a change already made under this key, finishing its refund if still owed. */
async function answerMade(deps: TierChangeDeps, made: TierChangeRow, input: TierChangeInput) {
  if (made.toTier !== input.tier || made.amountJpy !== input.amountJpy) {
    throw productError(409, 'tierChangeAmountChanged')
  }
  return toTierChange(await settleTierChangeRefund(deps, made))
}

/**
 * Moves the participant's paid registration to `input.tier`: a downgrade at once, an upgrade once its Checkout is
 * paid (decision 169).
 */
export async function changeTier(deps: TierChangeDeps, input: TierChangeInput): Promise<TierChange> {
  const row = await registrationById(deps.db, input.registrationId)
  if (!row) throw notFound()
  const made = await changeByKey(deps.db, row.registrationId, input.clientKey)
  if (made) return answerMade(deps, made, input)
  const plan = await planTierChange(deps, row, input)
  if (plan.amounts.direction === 'upgrade') return toTierChange(await startUpgrade(deps, row, input, plan))
  return answerMade(deps, await downgrade(deps, row, input, plan), input)
}
