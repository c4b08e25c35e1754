import { randomUUID } from 'node:crypto'
import {
  detailsChangeClosesAt,
  type Edition,
  editionPhase,
  isSponsorTier,
  type RegistrationTier,
  refundPercentageAt,
  type TierChange,
  type TierChangeAmounts,
  type TierChangeQuote,
  type TShirtSize,
  tierChangeAmounts,
  tierChangeRefusal,
  tierChangeTargets,
} from '@furfes/core'
import { and, eq, gt } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { registrations, tierChanges } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import { rearmMail } from '../mail/outbox.ts'
import { recordAudit } from './audit.ts'
import { availability } from './availability.ts'
import { readCurrentEdition } from './editions.ts'
import { eventCancellationStarted, notCheckedIn } from './participant-cancel.ts'
import { openRefundAttempt } from './refund-attempts.ts'
import type { RefundDeps } from './refund-cancellation.ts'
import type { RegistrationRow } from './registration-queries.ts'
import type { TierChangeRow } from './tier-change-refunds.ts'

/*
 * A paid participant moves their registration to another tier on My Page (docs/decisions/167-participants-change-tier.md):
 * only to a tier without a changing room, until the badge print day. A downgrade takes the new tier's spot, gives
 * the old one back and refunds the difference at the policy rate of the day, once per confirmation
 * (tier-change-downgrade.ts); an upgrade pays the difference in Checkout and applies when paid
 * (tier-change-upgrade.ts). The registration keeps its id and code.
 */

export type TierChangeDeps = RefundDeps

export interface TierChangeInput {
  registrationId: string
  /** One per confirmation on the page. */
  clientKey: string
  tier: RegistrationTier
  tShirtSize: TShirtSize | undefined
  /** What the page showed: the upgrade's payment or the downgrade's refund. */
  amountJpy: number
  /** Where an upgrade's Checkout returns, paid or given up (decision 169). */
  successUrl: string
  cancelUrl: string
  /** The member's address, so an upgrade's payment page does not ask for it again (decision 169). */
  email: string | undefined
}

/** A registration's change made under a client key, if any. */
export async function changeByKey(
  db: Executor,
  registrationId: string,
  clientKey: string,
): Promise<TierChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(tierChanges)
    .where(and(eq(tierChanges.registrationId, registrationId), eq(tierChanges.clientKey, clientKey)))
  return row
}

export function toTierChange(row: TierChangeRow): TierChange {
  const upgrade = row.direction === 'upgrade'
  return {
    registrationId: row.registrationId,
    fromTier: row.fromTier,
    toTier: row.toTier,
    direction: row.direction,
    status: row.status === 'applied' ? 'changed' : row.status,
    refundJpy: upgrade ? 0 : row.amountJpy,
    payJpy: upgrade ? row.amountJpy : 0,
    ...(row.status === 'awaiting_payment' && row.paymentUrl ? { paymentUrl: row.paymentUrl } : {}),
  }
}

/**
 * The current edition, if the registration is paid in it and its changes are still open (before the badge print
 * day, the event not called off).
 */
async function openEdition(deps: TierChangeDeps, row: RegistrationRow, now: number): Promise<Edition> {
  if (row.paymentStatus !== 'paid' || row.checkoutSessionId === null) {
    throw productError(409, 'registrationNotPaid')
  }
  const { edition } = await readCurrentEdition(deps)
  if (edition.id !== row.editionId) throw productError(409, 'editionNotCurrent')
  if (editionPhase(edition, now) === 'over') throw productError(409, 'editionOver')
  // The badge print day closes tier changes with the details: the tier is printed on the badge (decision 166).
  if (now >= detailsChangeClosesAt(edition)) throw productError(409, 'tierChangeClosed')
  if (await eventCancellationStarted(deps.db, row.editionId)) {
    throw productError(409, 'cancelDuringEventCancellation')
  }
  return edition
}

/** The tiers the paid registration may move to, with what each costs or refunds today and whether it has a spot. */
export async function quoteTierChange(deps: TierChangeDeps, row: RegistrationRow): Promise<TierChangeQuote> {
  const now = deps.clock()
  const edition = await openEdition(deps, row, now)
  const policy = await deps.policy()
  const left = await availability(deps.db, edition.id, now)
  const targets = tierChangeTargets(row.registrationTier).map((tier) => {
    const priceJpy = edition.tiers[tier].priceJpy
    const { direction, payJpy, refundJpy } = tierChangeAmounts(row.amountJpy, priceJpy, now, policy)
    const soldOut = left.find((item) => item.registrationTier === tier)?.status === 'sold_out'
    return {
      registrationTier: tier,
      priceJpy,
      direction,
      payJpy,
      refundJpy,
      available: edition.tiers[tier].onSale && !soldOut,
    }
  })
  const pending = await pendingUpgradeOf(deps.db, row.registrationId, now)
  return {
    registrationId: row.registrationId,
    registrationTier: row.registrationTier,
    paidJpy: row.amountJpy,
    policyPercentage: refundPercentageAt(now, policy),
    closesAt: detailsChangeClosesAt(edition),
    targets,
    ...(pending && { pendingUpgrade: pending }),
  }
}

/**
 * The upgrade awaiting its payment, while its Checkout page can still be paid: My Page shows it instead of the
 * choices (one upgrade at a time, decision 169) and leads back to that page.
 */
async function pendingUpgradeOf(
  db: Executor,
  registrationId: string,
  now: number,
): Promise<TierChangeQuote['pendingUpgrade']> {
  const [pending] = await db
    .select()
    .from(tierChanges)
    .where(
      and(
        eq(tierChanges.registrationId, registrationId),
        eq(tierChanges.status, 'awaiting_payment'),
        gt(tierChanges.expiresAt, new Date(now)),
      ),
    )
  if (!pending?.paymentUrl || !pending.expiresAt) return undefined
  return {
    toTier: pending.toTier,
    payJpy: pending.amountJpy,
    paymentUrl: pending.paymentUrl,
    expiresAt: pending.expiresAt.getTime(),
  }
}

export interface PlannedChange {
  amounts: TierChangeAmounts
  edition: Edition
  priceJpy: number
  now: number
}

/** Every rule a change must pass before anything moves; answers its amounts. */
export async function planTierChange(
  deps: TierChangeDeps,
  row: RegistrationRow,
  input: TierChangeInput,
): Promise<PlannedChange> {
  const refusal = tierChangeRefusal(row.registrationTier, input.tier)
  if (refusal) throw productError(409, refusal)
  const now = deps.clock()
  const edition = await openEdition(deps, row, now)
  if (!edition.tiers[input.tier].onSale) throw productError(409, 'tierNotOnSale')
  const priceJpy = edition.tiers[input.tier].priceJpy
  const amounts = tierChangeAmounts(row.amountJpy, priceJpy, now, await deps.policy())
  const shown = amounts.direction === 'upgrade' ? amounts.payJpy : amounts.refundJpy
  // What the participant confirmed is what moves: a cut-off or a price change since the page opened is refused.
  if (input.amountJpy !== shown) throw productError(409, 'tierChangeAmountChanged')
  return { amounts, edition, priceJpy, now }
}

/**
 * Locks the registration for a change, under the door's check-in lock (decision 165) and then its own row, the
 * order a cancellation takes them in too. Answers the change a double submit made under the same key meanwhile;
 * otherwise refuses a registration checked in, no longer paid, changed since it was read, being refunded, or with
 * an upgrade awaiting its payment.
 */
export async function lockForChange(
  tx: Executor,
  row: RegistrationRow,
  clientKey: string,
  now: number,
): Promise<TierChangeRow | undefined> {
  await notCheckedIn(tx, row.registrationId, now, 'tierChangeCheckedIn')
  const [current] = await tx
    .select()
    .from(registrations)
    .where(eq(registrations.registrationId, row.registrationId))
    .for('update')
  const made = await changeByKey(tx, row.registrationId, clientKey)
  if (made) return made
  if (current?.paymentStatus !== 'paid') throw productError(409, 'registrationNotPaid')
  if (await openRefundAttempt(tx, row.registrationId)) throw productError(409, 'alreadyRefunded')
  if (current.registrationTier !== row.registrationTier || current.amountJpy !== row.amountJpy) {
    throw productError(409, 'tierChangeAmountChanged')
  }
  const [awaiting] = await tx
    .select({ changeId: tierChanges.changeId })
    .from(tierChanges)
    .where(
      and(eq(tierChanges.registrationId, row.registrationId), eq(tierChanges.status, 'awaiting_payment')),
    )
  if (awaiting) throw productError(409, 'tierChangePending')
  return undefined
}

/** The registration's tier, goods and fee after a change (in the caller's transaction), and its audit entry. */
export async function moveRegistration(
  tx: Executor,
  change: TierChangeRow,
  row: Pick<RegistrationRow, 'userId'>,
  now: number,
): Promise<void> {
  await tx
    .update(registrations)
    .set({
      registrationTier: change.toTier,
      // A sponsor tier's shirt in the size chosen; no shirt otherwise, and no changing room (none is open).
      tShirtSize: isSponsorTier(change.toTier) ? change.tShirtSize : null,
      changingRoomType: null,
      amountJpy: change.priceJpy,
      updatedAt: new Date(now),
    })
    .where(eq(registrations.registrationId, change.registrationId))
  await recordAudit(tx, {
    at: new Date(now),
    actor: { id: row.userId },
    action: 'participantChangedTier',
    subject: change.registrationId,
    details: {
      from: change.fromTier,
      to: change.toTier,
      direction: change.direction,
      amountJpy: change.amountJpy,
      priceJpy: change.priceJpy,
    },
    editionId: change.editionId,
  })
  await rearmMail(tx, { kind: 'tier_changed', registrationId: change.registrationId, now })
}

/** A change's row before it is stored. */
export function newChange(
  row: RegistrationRow,
  input: TierChangeInput,
  plan: PlannedChange,
): typeof tierChanges.$inferInsert {
  const { direction, payJpy, refundJpy } = plan.amounts
  return {
    changeId: randomUUID(),
    registrationId: row.registrationId,
    editionId: row.editionId,
    clientKey: input.clientKey,
    fromTier: row.registrationTier,
    toTier: input.tier,
    tShirtSize: isSponsorTier(input.tier) ? (input.tShirtSize ?? null) : null,
    direction,
    priceJpy: plan.priceJpy,
    amountJpy: direction === 'upgrade' ? payJpy : refundJpy,
    status: direction === 'upgrade' ? 'awaiting_payment' : 'applied',
    refundStatus: direction === 'downgrade' && refundJpy > 0 ? 'owed' : 'none',
    createdAt: new Date(plan.now),
  }
}
