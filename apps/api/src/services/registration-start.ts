import { randomUUID } from 'node:crypto'
import { defaultLanguage, type Edition, type RegistrationRequest } from '@furfes/core'
import { and, eq, gt } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { sqlState, uniqueViolation } from '../db/database.ts'
import { registrations, waitingListEntries } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import { editionOnSale } from './current-edition.ts'
import { isMinor, requireGuardianIfMinor } from './guardians.ts'
import { takeSpotStatement } from './inventory.ts'
import { settleOverdue } from './registration-cancel.ts'
import { openCheckout } from './registration-checkout.ts'
import { checkoutHoldMs, type RegistrationDeps, retryOnConflict } from './registration-context.ts'
import { liveRegistrationOf } from './registration-queries.ts'
import { sweep } from './registration-sweep.ts'

/*
 * A registration starts in one of two ways: the member takes a free spot, or accepts the waiting-list offer
 * that holds one for them (decision 115). Either way it first holds its spot for a short claim only, which
 * recording its checkout session extends to the session's expiry: a creator that dies in between leaves a
 * hold that ends with its claim and that the next sweep gives back (decision 056).
 */

export interface StartRegistrationInput {
  userId: string
  email: string | undefined
  request: RegistrationRequest
}

export interface AcceptOfferInput {
  userId: string
  email: string | undefined
  successUrl: string
  cancelUrl: string
}

type Started = { paymentUrl: string; registrationId: string }

/** The inventory's take statement for this request: 'conflict' when the member already holds a registration. */
async function takeSpot(
  deps: RegistrationDeps,
  input: StartRegistrationInput,
  registrationId: string,
  now: number,
  edition: Edition,
): Promise<'taken' | 'sold_out' | 'conflict'> {
  const { request } = input
  try {
    const rows = await deps.query<{ registration_id: string }>(takeSpotStatement, [
      request.registrationTier,
      registrationId,
      input.userId,
      request.badgeName,
      request.tShirtSize ?? null,
      request.changingRoomType ?? null,
      // The price is the edition's (decision 155): recorded with the spot, charged at checkout.
      edition.tiers[request.registrationTier].priceJpy,
      // The claim: recording the session extends it to the session's expiry (registration-checkout.ts).
      iso(now + deps.checkoutClaimMs),
      iso(now),
      request.language ?? defaultLanguage,
      edition.id,
      request.accessNeeds || null,
    ])
    return rows.length === 1 ? 'taken' : 'sold_out'
  } catch (error) {
    if (sqlState(error) === uniqueViolation) return 'conflict'
    throw error
  }
}

/**
 * The user already holds a registration in the edition. An expired one, or one whose claim passed without a
 * session (its creator died), is ended so they can register again (true); a live one means 409.
 */
async function clearEndedHold(
  deps: RegistrationDeps,
  userId: string,
  editionId: string,
  now: number,
): Promise<boolean> {
  const existing = await liveRegistrationOf(deps.db, userId, editionId)
  if (!existing) return true
  if (existing.paymentStatus !== 'pending') return false
  if (existing.expiresAt.getTime() <= now) {
    // Paid at the last moment (its webhook not here yet): that registration stands.
    return (await settleOverdue(deps, existing, now)) === 'expired'
  }
  return false
}

/**
 * Takes a spot of the current edition and opens a checkout session: 409 when the edition is not on sale
 * (editionOnSale), soldOut or purchaseSessionAlreadyExists, 503 highTraffic.
 */
export async function startRegistration(
  deps: RegistrationDeps,
  input: StartRegistrationInput,
): Promise<Started> {
  const { clock, soldOut } = deps
  const edition = await editionOnSale(deps.currentEdition, clock())
  // A minor pays only with a confirmed guardian (decision 184): refused before any spot is taken.
  await requireGuardianIfMinor(deps.db, {
    userId: input.userId,
    editionId: edition.id,
    minor: input.request.minor ?? false,
  })
  const tier = input.request.registrationTier
  if (!edition.tiers[tier].onSale) throw productError(409, 'tierNotOnSale')
  if (soldOut.isSoldOut(edition.id, tier, clock())) throw productError(409, 'soldOut')
  const amountJpy = edition.tiers[tier].priceJpy
  const registrationId = randomUUID()
  let now = clock()
  let outcome: 'taken' | 'sold_out' | 'conflict' = 'conflict'
  for (let attempt = 0; attempt < 3; attempt++) {
    now = clock()
    outcome = await retryOnConflict(() => takeSpot(deps, input, registrationId, now, edition))
    if (outcome === 'taken') break
    if (outcome === 'sold_out' && (await sweep(deps, tier)) === 0) break
    if (outcome === 'conflict' && !(await clearEndedHold(deps, input.userId, edition.id, now))) break
  }
  if (outcome === 'sold_out') {
    await soldOut.remember(edition.id, tier, now)
    throw productError(409, 'soldOut')
  }
  if (outcome === 'conflict') throw productError(409, 'purchaseSessionAlreadyExists')

  return openCheckout(deps, {
    registrationId,
    tier,
    amountJpy,
    holdMs: checkoutHoldMs(deps, edition),
    userId: input.userId,
    email: input.email,
    successUrl: input.request.successUrl,
    cancelUrl: input.request.cancelUrl,
    now,
  })
}

/**
 * Turns the member's open waiting-list offer in the current edition into a pending registration holding the
 * offered spot, and opens its checkout session (decision 115): 409 when the edition is not on sale
 * (editionOnSale), noWaitingListOffer, purchaseSessionAlreadyExists; 503 highTraffic.
 */
export async function acceptOffer(deps: RegistrationDeps, input: AcceptOfferInput): Promise<Started> {
  const { db, clock } = deps
  const now = clock()
  const registrationId = randomUUID()
  const edition = await editionOnSale(deps.currentEdition, now)
  const { tiers } = edition
  // The offer has no minor question: someone who named a guardian is a minor (decision 184).
  const minor = await isMinor(db, input.userId, edition.id)
  await requireGuardianIfMinor(db, { userId: input.userId, editionId: edition.id, minor })
  // An earlier checkout whose time is up but that nobody released yet must not block the offer.
  await clearEndedHold(deps, input.userId, edition.id, now)
  const tier = await retryOnConflict(() =>
    db.transaction(async (tx) => {
      const [entry] = await tx
        .select()
        .from(waitingListEntries)
        .where(
          and(
            eq(waitingListEntries.editionId, edition.id),
            eq(waitingListEntries.userId, input.userId),
            eq(waitingListEntries.status, 'offered'),
            gt(waitingListEntries.offerExpiresAt, new Date(now)),
          ),
        )
        .for('update')
      if (!entry) throw productError(409, 'noWaitingListOffer')
      const registrationTier = entry.registrationTier
      try {
        // The offer's hold becomes the registration's: `taken` already counts it, so it does not change.
        await tx.insert(registrations).values({
          registrationId,
          editionId: edition.id,
          userId: input.userId,
          registrationTier,
          badgeName: entry.badgeName,
          tShirtSize: entry.tShirtSize,
          changingRoomType: entry.changingRoomType,
          accessNeeds: entry.accessNeeds,
          paymentStatus: 'pending',
          amountJpy: tiers[registrationTier].priceJpy,
          expiresAt: new Date(now + deps.checkoutClaimMs),
          createdAt: new Date(now),
          updatedAt: new Date(now),
          language: entry.language,
          // Joining the list required agreeing to the participation rules (the same form as registering).
          rulesAgreedAt: entry.joinedAt,
        })
      } catch (error) {
        if (sqlState(error) === uniqueViolation) throw productError(409, 'purchaseSessionAlreadyExists')
        throw error
      }
      await tx
        .update(waitingListEntries)
        .set({ status: 'accepted', registrationId, updatedAt: new Date(now) })
        .where(eq(waitingListEntries.entryId, entry.entryId))
      return registrationTier
    }),
  )
  return openCheckout(deps, {
    registrationId,
    tier,
    amountJpy: tiers[tier].priceJpy,
    holdMs: checkoutHoldMs(deps, edition),
    ...input,
    now,
  })
}
