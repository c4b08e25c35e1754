import {
  type Clock,
  type Edition,
  paymentStatusOf,
  type RegistrationChange,
  type RegistrationTier,
  registrationChangeOf,
} from '@furfes/core'
import { type SQL, sql } from 'drizzle-orm'
import { iso } from '../db/columns.ts'
import { type Executor, queryRows, type RawQuery, sqlState } from '../db/database.ts'
import { checkoutSessionsToEnd } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { lapseMailsOfEnded } from '../mail/outbox.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import type { AutomaticRefunds } from './automatic-refunds.ts'
import type { CurrentEditionReader } from './current-edition.ts'
import { endHolds, offerReturnedSpots } from './inventory.ts'
import { inRegistrationStates } from './registration-queries.ts'

/*
 * What every use case of the registration lifecycle works with (registration-start, -checkout, -payment,
 * -cancel, -sweep): its dependencies, passed explicitly, and the few steps they share.
 */

export interface RegistrationDeps {
  db: Executor
  query: RawQuery
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
  /**
   * CHECKOUT_SESSION_SECONDS when set: replaces the edition's `checkoutMinutes` (checkoutHoldMs). Only tests and
   * rehearsals set it, to hold spots for less than an edition allows.
   */
  checkoutSessionMs: number | undefined
  /**
   * How long a new registration holds its spot before its checkout session is recorded (decision 056). It
   * must exceed the longest a live request can spend opening the session (the Stripe gateway: two attempts
   * of 5 s), so that only a creator that died loses its claim; the sweep then gives the spot back.
   */
  checkoutClaimMs: number
  /**
   * WAITING_LIST_OFFER_SECONDS when set: replaces the edition's `offerHours` for how long a waiting-list offer
   * holds its spot (decision 115; offerReturnedSpots, inventory.ts).
   */
  offerMs: number | undefined
  soldOut: SoldOutMemory
  /** Payments that cannot buy their registration are given back through these (decision 141). */
  automaticRefunds: AutomaticRefunds
  /** The current edition: a registration is charged its tier's price there (decision 155). */
  currentEdition: CurrentEditionReader
}

/**
 * How long a checkout opened in `edition` holds its spot, and its session lasts: the edition's `checkoutMinutes`
 * (decision 155), but never less than the provider's shortest session (Stripe: 30 minutes checked to the second,
 * 31 with the gateway's margin), so the session and the hold end together. A configured override (tests,
 * rehearsals) may be shorter: the session then lasts the provider's minimum and the sweep ends it with the hold.
 */
export function checkoutHoldMs(
  deps: Pick<RegistrationDeps, 'checkoutSessionMs' | 'gateway'>,
  edition: Pick<Edition, 'checkoutMinutes'>,
): number {
  if (deps.checkoutSessionMs !== undefined) return deps.checkoutSessionMs
  return Math.max(edition.checkoutMinutes * 60 * 1000, deps.gateway.minimumSessionMs)
}

const deadlockDetected = '40P01'
const serializationFailure = '40001'

/** A deadlock or serialisation failure aborted the transaction before it changed anything: run it again. */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      const state = sqlState(error)
      if (attempt >= attempts || (state !== deadlockDetected && state !== serializationFailure)) throw error
    }
  }
}

/**
 * This instance's memory of sold-out tiers: once a tier is found sold out it answers soldOut without asking the
 * database for `cacheMs` (or until the earliest pending hold of the tier expires, or until this instance gives
 * a spot of the tier back, whichever comes first). Spots given back by another instance are offered here at
 * most this much later. 0 asks every time. The take statement alone decides who gets a spot.
 */
export function createSoldOutMemory(db: Executor, cacheMs: number) {
  // Per tier: the edition it was found sold out in (another edition's spots are its own), and until when.
  const until = new Map<RegistrationTier, { editionId: string; until: number }>()
  return {
    isSoldOut: (editionId: string, tier: RegistrationTier, now: number) => {
      const memory = until.get(tier)
      return memory !== undefined && memory.editionId === editionId && memory.until > now
    },
    forget: (tier: RegistrationTier) => {
      until.delete(tier)
    },
    async remember(editionId: string, tier: RegistrationTier, now: number): Promise<void> {
      if (cacheMs <= 0) return
      const [row] = await queryRows<{ earliest: string | null }>(
        db,
        sql`select min(expires_at) as earliest from registrations
            where edition_id = ${editionId} and registration_tier = ${tier} and payment_status = 'pending'`,
      )
      const earliest = row?.earliest ? Date.parse(row.earliest) : Number.POSITIVE_INFINITY
      until.set(tier, { editionId, until: Math.min(now + cacheMs, earliest) })
    },
  }
}

type SoldOutMemory = ReturnType<typeof createSoldOutMemory>

export interface Released {
  registration_id: string
  edition_id: string
  registration_tier: RegistrationTier
  checkout_session_id: string | null
}

/**
 * A lifecycle event that ends a hold (decision 141): what it changes and into what, read off core's table. Its
 * statement gives a spot back, so the table may let it change only a state that holds one.
 */
function holdEnding(event: 'holdLapsed' | 'sessionExpired' | 'memberCancels'): RegistrationChange {
  const change = registrationChangeOf(event)
  if (change.from.some((state) => state !== 'pending')) {
    throw new Error(`The lifecycle event ${event} changes a state that holds no spot`)
  }
  return change
}

/** The hold's time ran out here (the sweep, a lazy read, a new registration of the member). */
export const holdLapses = holdEnding('holdLapsed')
/** The provider reports the session expired. */
export const sessionExpires = holdEnding('sessionExpired')
/** The member ends their checkout; also a newer checkout of a member whose earlier one was paid late. */
export const memberCancels = holdEnding('memberCancels')

/**
 * Ends the registrations matching `condition` as the lifecycle `change` says (or removes them: `null`) and
 * gives their spots back, in one statement (the inventory's endHolds). Only rows still in a state the change
 * applies to change, so a registration's spot is given back exactly once, whatever runs concurrently. Every
 * release goes through here, so this instance forgets a sold-out it gave spots back to, and the spots given
 * back are offered to the people waiting at once (decision 115). A late payment replacing its member's newer
 * hold (markPaid) neither mails nor offers (`mail` false): it takes the spot again itself.
 */
export async function release(
  deps: RegistrationDeps,
  executor: Executor,
  change: RegistrationChange | null,
  condition: SQL,
  now: number,
  mail = true,
): Promise<Released[]> {
  const released = await queryRows<Released>(
    executor,
    endHolds('registration', {
      to: change === null ? null : paymentStatusOf(change.to),
      condition: change === null ? condition : sql`${inRegistrationStates(change.from)} and (${condition})`,
      now,
      mails:
        change === null
          ? // A removed registration no longer names the waiting-list offer it came from.
            sql`update waiting_list_entries set registration_id = null, updated_at = ${iso(now)}::timestamptz
                where registration_id in (select registration_id from ended)`
          : mail
            ? lapseMailsOfEnded(now)
            : sql`select 1`,
    }),
  )
  for (const row of released) deps.soldOut.forget(row.registration_tier)
  if (mail && released.length > 0) {
    await retryOnConflict(() => offerReturnedSpots(executor, { now, offerMs: deps.offerMs }))
  }
  return released
}

/**
 * A session the provider could not end (it was unreachable) stays payable there: it is remembered, and every
 * sweep asks again until the provider confirms it expired or reports it paid (a late payment, decision 141).
 */
export async function rememberSessionToEnd(
  deps: RegistrationDeps,
  registrationId: string,
  sessionId: string,
  error: unknown,
): Promise<void> {
  deps.logger.warn('Could not end a checkout session at the payment provider; the sweep retries it', {
    registrationId,
    sessionId,
    error,
  })
  await deps.db
    .insert(checkoutSessionsToEnd)
    .values({ checkoutSessionId: sessionId, registrationId, since: new Date(deps.clock()) })
    .onConflictDoNothing()
}
