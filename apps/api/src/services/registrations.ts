import { randomUUID } from 'node:crypto'
import {
  type Clock,
  type InventoryStatus,
  inventoryStatusOf,
  paymentStatusOf,
  type RegistrationChange,
  type RegistrationRequestWire,
  type RegistrationTier,
  registrationChangeOf,
  registrationChanges,
  registrationStateOf,
  registrationTierPriceJpy,
  registrationTiers,
  registrationTransition,
} from '@furfes/core'
import { and, eq, gt, type SQL, sql } from 'drizzle-orm'
import { type Executor, queryRows, type RawQuery, sqlState, uniqueViolation } from '../db/database.ts'
import { checkoutSessionsToEnd, registrations, tierInventory, waitingListEntries } from '../db/schema.ts'
import { highTraffic, productError } from '../http/errors.ts'
import type { Logger } from '../logger.ts'
import { enqueueMail, lapseMailsOfEnded } from '../mail/outbox.ts'
import type { ExpireOutcome, PaymentGateway } from '../payments/gateway.ts'
import type { AutomaticRefunds } from './automatic-refunds.ts'
import {
  currentRegistrationOf,
  inRegistrationStates,
  liveRegistrationOf,
  type RegistrationRow,
  registrationById,
} from './registration-queries.ts'
import { endHolds } from './spots.ts'
import { offerReturnedSpots, sweepWaitingList } from './waiting-list.ts'

interface InventoryItem {
  registrationTier: RegistrationTier
  status: InventoryStatus
  capacity: number
  /** Paid plus live pending registrations. */
  held: number
}

type MarkPaidResult =
  | { outcome: 'paid' | 'already_paid'; registration: RegistrationRow }
  /**
   * The payment cannot buy the registration (decision 141): it stays as it was (or, once the event is being
   * cancelled, a pending one ends) and the payment is refunded in full, now or by a later sweep.
   */
  | { outcome: 'refunded_automatically'; registration: RegistrationRow }
  /** The registration was refunded after this payment: reporting the payment again changes nothing. */
  | { outcome: 'already_refunded'; registration: RegistrationRow }
  | { outcome: 'unknown_session' }

type MarkExpiredResult = 'expired' | 'not_pending' | 'unknown_session'

interface StartRegistrationInput {
  userId: string
  email: string | undefined
  request: RegistrationRequestWire
}

interface AcceptOfferInput {
  userId: string
  email: string | undefined
  successUrl: string
  cancelUrl: string
}

/**
 * The registration lifecycle and the inventory. A pending registration holds a spot of its tier until its
 * checkout session expires; paid keeps it; expired and canceled give it back. The payment webhook
 * (payments/webhooks.ts) calls markPaid and markExpired. A new registration first holds its spot for a short
 * claim only, which recording its checkout session extends to the session's expiry: a creator that dies in
 * between leaves a hold that ends with its claim and that the next sweep gives back (decision 056).
 */
export interface RegistrationService {
  inventory(): Promise<InventoryItem[]>
  /**
   * The user's registration as they see it: the live one, else the latest ended one. A pending one past its
   * expiry is settled with the payment provider first (paid wins over expired). A pending one without a
   * checkout session is returned as it is: its session is being opened, and it holds a spot meanwhile.
   */
  current(userId: string): Promise<RegistrationRow | undefined>
  /** Takes a spot and opens a checkout session: 409 soldOut or purchaseSessionAlreadyExists, 503 highTraffic. */
  start(input: StartRegistrationInput): Promise<{ paymentUrl: string; registrationId: string }>
  /** Ends the pending checkout session and gives the spot back; returns the registration as it now is. */
  cancel(userId: string): Promise<RegistrationRow>
  /**
   * Turns the member's open waiting-list offer into a pending registration holding the offered spot, and opens
   * its checkout session (decision 115): 409 noWaitingListOffer, purchaseSessionAlreadyExists; 503 highTraffic.
   */
  acceptOffer(input: AcceptOfferInput): Promise<{ paymentUrl: string; registrationId: string }>
  markPaid(sessionId: string): Promise<MarkPaidResult>
  markExpired(sessionId: string): Promise<MarkExpiredResult>
  /**
   * Gives back the spots of pending registrations whose session expired, or whose claim passed without a
   * session (of one tier, or all). Then ends the waiting-list offers past their deadline and offers every free
   * spot to the people waiting (decision 115): the periodic sweep.
   */
  releaseExpired(tier?: RegistrationTier): Promise<number>
  /** Spots of the tier went back elsewhere (a refund): this instance stops answering soldOut from memory. */
  forgetSoldOut(tier: RegistrationTier): void
}

/** CHECKOUT_CLAIM_SECONDS' default: a claim, plus the sweep interval, stays within a minute (decision 056). */
const defaultCheckoutClaimMs = 30_000

/** WAITING_LIST_OFFER_SECONDS' default: a day to notice the mail and pay. */
export const defaultWaitingListOfferMs = 24 * 60 * 60 * 1000

const deadlockDetected = '40P01'
const serializationFailure = '40001'

/** A deadlock or serialisation failure aborted the transaction before it changed anything: run it again. */
async function retryOnConflict<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      const state = sqlState(error)
      if (attempt >= attempts || (state !== deadlockDetected && state !== serializationFailure)) throw error
    }
  }
}

const iso = (epochMs: number) => new Date(epochMs).toISOString()

/** The checkout page speaks the language of the PWA page the user registered from (`/en/…`), else Japanese. */
function checkoutLocale(successUrl: string): 'ja' | 'en' {
  return new URL(successUrl).pathname.split('/')[1] === 'en' ? 'en' : 'ja'
}

interface Released {
  registration_id: string
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
const holdLapses = holdEnding('holdLapsed')
/** The provider reports the session expired. */
const sessionExpires = holdEnding('sessionExpired')
/** The member ends their checkout; also a newer checkout of a member whose earlier one was paid late. */
const memberCancels = holdEnding('memberCancels')

/**
 * Ends the registrations matching `condition` as the lifecycle `change` says (or removes them: `null`) and
 * gives their spots back, in one statement. Only rows still in a state the change applies to change, so a
 * registration's spot is given back exactly once, whatever runs concurrently (a webhook, a lazy read, the
 * sweeper).
 */
function releasePending(
  executor: Executor,
  change: RegistrationChange | null,
  condition: SQL,
  now: number,
  mail = true,
): Promise<Released[]> {
  return queryRows<Released>(
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
}

/** A late payment found no spot it could take: the transaction is undone and the payment refunded. */
class NoSpot extends Error {}

/**
 * The conditional UPDATE and the INSERT as one statement: the spot and the registration exist together or not
 * at all. The UPDATE's row lock makes concurrent takers of a tier wait for each other, and each re-checks
 * `taken < capacity` on the row as the previous one left it, so the count never passes the capacity. A second
 * live registration of the same user fails on the unique index and takes the spot back with it. While anybody
 * waits for the tier, a free spot belongs to the waiting list (it is being offered), not to whoever asks first
 * (decision 115).
 */
const takeSpotStatement = {
  name: 'take_spot',
  text: `
    with spot as (
      update tier_inventory set taken = taken + 1
      where registration_tier = $1 and taken < capacity
        and not exists (
          select 1 from waiting_list_entries where registration_tier = $1 and status = 'waiting')
      returning registration_tier
    )
    insert into registrations (
      registration_id, user_id, registration_tier, badge_name, t_shirt_size, changing_room_type,
      payment_status, amount_jpy, expires_at, created_at, updated_at, language, rules_agreed_at
    )
    select $2::uuid, $3::uuid, spot.registration_tier, $4::text, $5::text, $6::text, 'pending', $7::integer,
      $8::timestamptz, $9::timestamptz, $9::timestamptz, $10::text, $9::timestamptz
    from spot
    returning registration_id`,
}

/**
 * Records the session and extends the claim to the session's expiry. It changes only a row still pending, and
 * a release changes only a row still pending and due: whichever of the two locks the row first, the other
 * sees its result, so a spot is neither given back under a recorded session nor given back twice. A row whose
 * claim passed but that nobody released yet is simply kept (its spot never left the counter).
 */
const attachSessionStatement = {
  name: 'attach_checkout_session',
  text: `
    update registrations
    set checkout_session_id = $2, payment_url = $3, expires_at = $4::timestamptz, updated_at = $5::timestamptz
    where registration_id = $1::uuid and payment_status = 'pending'
    returning registration_id`,
}

export function createRegistrationService(options: {
  db: Executor
  query: RawQuery
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
  /** How long a checkout session, and the spot it holds, lasts (Stripe: 30 minutes at least). */
  checkoutSessionMs: number
  /**
   * Once a tier is found sold out, this instance answers soldOut without asking the database for this long
   * (or until the earliest pending hold of the tier expires, or until this instance gives a spot of the tier
   * back, whichever comes first). Spots given back by another instance are offered here at most this much
   * later. 0 asks the database every time. The database statement alone decides who gets a spot.
   */
  soldOutCacheMs: number
  /**
   * How long a new registration holds its spot before its checkout session is recorded (decision 056). It
   * must exceed the longest a live request can spend opening the session (the Stripe gateway: two attempts
   * of 5 s), so that only a creator that died loses its claim; the sweeper then gives the spot back.
   */
  checkoutClaimMs?: number
  /** How long a waiting-list offer holds its spot (decision 115). */
  waitingListOfferMs?: number
  /** Payments that cannot buy their registration are given back through these (decision 141). */
  automaticRefunds: AutomaticRefunds
}): RegistrationService {
  const { db, query, clock, logger, gateway, automaticRefunds } = options
  const checkoutClaimMs = options.checkoutClaimMs ?? defaultCheckoutClaimMs
  const offerMs = options.waitingListOfferMs ?? defaultWaitingListOfferMs
  /**
   * Holds configured shorter than the provider's shortest session (tests of expiry, decision 031): the session
   * would stay payable after its spot went back, so the API ends it itself whenever it releases such a hold.
   */
  const sessionsOutliveHolds = options.checkoutSessionMs < gateway.minimumSessionMs

  const soldOutUntil = new Map<string, number>()

  /**
   * Every release goes through here, so this instance forgets a sold-out it gave spots back to, and the spots
   * given back are offered to the people waiting at once (decision 115). A late payment replacing its
   * member's newer hold (markPaid) neither mails nor offers: it takes the spot again itself.
   */
  async function release(
    executor: Executor,
    change: RegistrationChange | null,
    condition: SQL,
    now: number,
    mail = true,
  ) {
    const released = await releasePending(executor, change, condition, now, mail)
    for (const row of released) soldOutUntil.delete(row.registration_tier)
    if (mail && released.length > 0) {
      await retryOnConflict(() => offerReturnedSpots(executor, { now, offerMs }))
    }
    return released
  }

  async function rememberSoldOut(tier: RegistrationTier, now: number): Promise<void> {
    if (options.soldOutCacheMs <= 0) return
    const [row] = await queryRows<{ earliest: string | null }>(
      db,
      sql`select min(expires_at) as earliest from registrations
          where registration_tier = ${tier} and payment_status = 'pending'`,
    )
    const earliest = row?.earliest ? Date.parse(row.earliest) : Number.POSITIVE_INFINITY
    soldOutUntil.set(tier, Math.min(now + options.soldOutCacheMs, earliest))
  }

  async function takeSpot(
    input: StartRegistrationInput,
    registrationId: string,
    now: number,
  ): Promise<'taken' | 'sold_out' | 'conflict'> {
    const { request } = input
    const tier = request.registration_tier
    try {
      const rows = await query<{ registration_id: string }>(takeSpotStatement, [
        tier,
        registrationId,
        input.userId,
        request.badge_name,
        request.t_shirt_size ?? null,
        request.changing_room_type ?? null,
        registrationTierPriceJpy[tier],
        // The claim: recording the session extends it to the session's expiry (attachSessionStatement).
        iso(now + checkoutClaimMs),
        iso(now),
        request.language,
      ])
      return rows.length === 1 ? 'taken' : 'sold_out'
    } catch (error) {
      if (sqlState(error) === uniqueViolation) return 'conflict'
      throw error
    }
  }

  /**
   * The user already holds a registration. An expired one, or one whose claim passed without a session (its
   * creator died), is ended so they can register again (true); a live one means 409.
   */
  async function clearEndedHold(userId: string, now: number): Promise<boolean> {
    const existing = await liveRegistrationOf(db, userId)
    if (!existing) return true
    if (existing.paymentStatus !== 'pending') return false
    if (existing.expiresAt.getTime() <= now) {
      // Paid at the last moment (its webhook not here yet): that registration stands.
      return (await settleOverdue(existing, now)) === 'expired'
    }
    return false
  }

  async function releaseExpired(tier?: RegistrationTier): Promise<number> {
    const now = clock()
    const due = sql`expires_at <= ${iso(now)}::timestamptz`
    const condition = tier ? sql`registration_tier = ${tier} and ${due}` : due
    const released = await retryOnConflict(() => release(db, holdLapses, condition, now))
    if (released.length > 0) {
      const withoutSession = released.filter((row) => row.checkout_session_id === null).length
      logger.info('Released expired checkout holds', { count: released.length, withoutSession, tier })
    }
    if (sessionsOutliveHolds) await endSessionsOf(released)
    const waiting = await retryOnConflict(() => sweepWaitingList(db, { now, offerMs }))
    if (waiting.expired > 0 || waiting.offered > 0) logger.info('Waiting list swept', waiting)
    if (tier === undefined) {
      // The periodic sweep: what the provider could not be told or asked for before is retried until done.
      await endRememberedSessions()
      await automaticRefunds.settle()
    }
    return released.length
  }

  /**
   * A session the provider could not end (it was unreachable) stays payable there: it is remembered, and every
   * sweep asks again until the provider confirms it expired or reports it paid (a late payment, decision 141).
   */
  async function rememberSessionToEnd(registrationId: string, sessionId: string, error: unknown) {
    logger.warn('Could not end a checkout session at the payment provider; the sweep retries it', {
      registrationId,
      sessionId,
      error,
    })
    await db
      .insert(checkoutSessionsToEnd)
      .values({ checkoutSessionId: sessionId, registrationId, since: new Date(clock()) })
      .onConflictDoNothing()
  }

  async function endRememberedSessions(): Promise<void> {
    const owed = await db.select().from(checkoutSessionsToEnd).orderBy(checkoutSessionsToEnd.since)
    for (const row of owed) {
      const done = eq(checkoutSessionsToEnd.checkoutSessionId, row.checkoutSessionId)
      try {
        if ((await gateway.expireCheckoutSession(row.checkoutSessionId)) === 'completed') {
          await markPaid(row.checkoutSessionId)
        }
        await db.delete(checkoutSessionsToEnd).where(done)
      } catch (error) {
        logger.warn('A checkout session still could not be ended; the next sweep retries it', {
          registrationId: row.registrationId,
          sessionId: row.checkoutSessionId,
          error,
        })
        await db
          .update(checkoutSessionsToEnd)
          .set({
            attempts: sql`${checkoutSessionsToEnd.attempts} + 1`,
            lastError: error instanceof Error ? error.message : String(error),
          })
          .where(done)
      }
    }
  }

  /**
   * Ends, at the provider, the sessions of holds released here while the sessions were still payable (only
   * when holds are shorter than the provider's sessions). A session paid meanwhile makes its registration paid.
   */
  async function endSessionsOf(released: readonly Released[]): Promise<void> {
    for (const row of released) {
      if (row.checkout_session_id === null) continue
      try {
        if ((await gateway.expireCheckoutSession(row.checkout_session_id)) === 'completed') {
          await markPaid(row.checkout_session_id)
        }
      } catch (error) {
        await rememberSessionToEnd(row.registration_id, row.checkout_session_id, error)
      }
    }
  }

  /**
   * A pending registration past its expiry: asks the provider how its session ended (ending it if it is still
   * open) before giving the spot back, so a payment whose webhook has not arrived yet wins over the expiry.
   * When the provider cannot be reached the hold is released anyway and the session is remembered for the
   * sweep; a payment arriving later is a late payment (markPaid).
   */
  async function settleOverdue(row: RegistrationRow, now: number): Promise<ExpireOutcome> {
    if (row.checkoutSessionId !== null) {
      let outcome: ExpireOutcome = 'expired'
      try {
        outcome = await gateway.expireCheckoutSession(row.checkoutSessionId)
      } catch (error) {
        await rememberSessionToEnd(row.registrationId, row.checkoutSessionId, error)
      }
      if (outcome === 'completed') {
        const paid = await markPaid(row.checkoutSessionId)
        if (paid.outcome === 'paid' || paid.outcome === 'already_paid') return 'completed'
      }
    }
    await retryOnConflict(() =>
      release(
        db,
        holdLapses,
        sql`registration_id = ${row.registrationId}::uuid and expires_at <= ${iso(now)}::timestamptz`,
        now,
      ),
    )
    return 'expired'
  }

  /**
   * Opens the checkout session of a registration that holds its spot under a claim, and records it. If the
   * provider fails the spot is given back (and offered on) and the member gets 503 highTraffic.
   */
  async function openCheckout(checkout: {
    registrationId: string
    tier: RegistrationTier
    userId: string
    email: string | undefined
    successUrl: string
    cancelUrl: string
    now: number
  }): Promise<{ paymentUrl: string; registrationId: string }> {
    let session: Awaited<ReturnType<PaymentGateway['createCheckoutSession']>>
    try {
      session = await gateway.createCheckoutSession({
        registrationId: checkout.registrationId,
        registrationTier: checkout.tier,
        amountJpy: registrationTierPriceJpy[checkout.tier],
        customerEmail: checkout.email,
        successUrl: checkout.successUrl,
        cancelUrl: checkout.cancelUrl,
        locale: checkoutLocale(checkout.successUrl),
        expiresAt: checkout.now + options.checkoutSessionMs,
        metadata: { registration_id: checkout.registrationId, user_id: checkout.userId },
      })
    } catch (error) {
      logger.warn('Could not create a checkout session; the spot is given back', {
        registrationId: checkout.registrationId,
        error,
      })
      // The member never saw this registration, let alone canceled it: it goes with its spot, in one statement.
      await release(db, null, sql`registration_id = ${checkout.registrationId}::uuid`, clock())
      throw highTraffic()
    }
    const [attached] = await query<{ registration_id: string }>(attachSessionStatement, [
      checkout.registrationId,
      session.sessionId,
      session.url,
      iso(session.expiresAt),
      iso(clock()),
    ])
    if (!attached) {
      // Ended meanwhile: canceled by the user before the session existed, or given back after its claim
      // passed (this request took longer than the claim). Its spot went back once, with that release; the
      // session must not be payable.
      logger.warn('A checkout session was opened for a registration that had ended meanwhile', {
        registrationId: checkout.registrationId,
      })
      await gateway
        .expireCheckoutSession(session.sessionId)
        .catch((error: unknown) => rememberSessionToEnd(checkout.registrationId, session.sessionId, error))
      throw productError(409, 'purchaseSessionTimedOut')
    }
    return { paymentUrl: session.url, registrationId: checkout.registrationId }
  }

  /**
   * A payment of `sessionId` completed. What it does is the lifecycle table's (core's registrationTransition,
   * decision 141): a pending registration becomes paid; a paid or refunded one records it again; an expired one
   * becomes paid again if its member can take a spot (a spot of the tier is free and they hold no other paid
   * registration; a newer pending one of theirs gives way); otherwise, and for a canceled one or once the event
   * is being cancelled, the payment is owed back in full, in the same transaction, and refunded at once or by
   * the sweep.
   */
  async function markPaid(sessionId: string): Promise<MarkPaidResult> {
    const apply = (spotFound: boolean) =>
      retryOnConflict(() =>
        db.transaction(async (tx) => {
          const now = clock()
          const [row] = await tx
            .select()
            .from(registrations)
            .where(eq(registrations.checkoutSessionId, sessionId))
            .for('update')
          if (!row) return { outcome: 'unknown_session' as const }
          const state = registrationStateOf(row)
          const [cancelling] = await queryRows<{ started: boolean }>(
            tx,
            sql`select exists (select 1 from event_cancellation_runs) as started`,
          )
          const other = state === 'expired' ? await liveRegistrationOf(tx, row.userId) : undefined
          const alreadyPaid = other?.paymentStatus === 'paid'
          const { next, money } = registrationTransition(state, 'paymentCompleted', {
            spotAvailable: spotFound && !alreadyPaid,
            eventCancellationStarted: cancelling?.started === true,
          })
          if (money === 'none') return { outcome: 'already_refunded' as const, registration: row }
          if (money === 'refundInFull') {
            if (next !== state) {
              // Pending while the event is being cancelled: the hold ends (its spot is not offered on).
              await release(
                tx,
                { from: [state], to: next },
                sql`registration_id = ${row.registrationId}::uuid`,
                now,
                false,
              )
            }
            await automaticRefunds.owe(tx, {
              registrationId: row.registrationId,
              checkoutSessionId: sessionId,
              amountJpy: row.amountJpy,
              reason: cancelling?.started
                ? 'event_cancelled'
                : state === 'canceled'
                  ? 'canceled'
                  : alreadyPaid
                    ? 'already_paid'
                    : 'hold_ended',
              now,
            })
            const [after] = await tx
              .select()
              .from(registrations)
              .where(eq(registrations.registrationId, row.registrationId))
            return { outcome: 'refunded_automatically' as const, registration: after ?? row }
          }
          if (state === 'paid') return { outcome: 'already_paid' as const, registration: row }
          let replaced: { registrationId: string; sessionId: string } | null = null
          if (state === 'expired') {
            // Paid after the spot went back (a late webhook): the member's newer hold gives way, then a spot is
            // taken again; none free undoes the transaction and the payment is refunded instead.
            if (other) {
              await release(
                tx,
                memberCancels,
                sql`registration_id = ${other.registrationId}::uuid`,
                now,
                false,
              )
              if (other.checkoutSessionId !== null) {
                replaced = { registrationId: other.registrationId, sessionId: other.checkoutSessionId }
              }
            }
            const taken = await queryRows(
              tx,
              sql`update tier_inventory set taken = taken + 1
                  where registration_tier = ${row.registrationTier} and taken < capacity returning taken`,
            )
            if (taken.length === 0) throw new NoSpot()
          }
          const [paid] = await tx
            .update(registrations)
            .set({ paymentStatus: next, paidAt: new Date(now), updatedAt: new Date(now) })
            .where(eq(registrations.registrationId, row.registrationId))
            .returning()
          if (!paid) throw new Error('The locked registration vanished')
          await enqueueMail(tx, { kind: 'receipt', registrationId: paid.registrationId, now })
          return { outcome: 'paid' as const, registration: paid, replaced }
        }),
      )
    let result: Awaited<ReturnType<typeof apply>>
    try {
      result = await apply(true)
    } catch (error) {
      if (!(error instanceof NoSpot)) throw error
      result = await apply(false)
    }
    if (result.outcome === 'unknown_session') return result
    if ('replaced' in result && result.replaced) {
      const { registrationId, sessionId: replaced } = result.replaced
      await gateway
        .expireCheckoutSession(replaced)
        .catch((error: unknown) => rememberSessionToEnd(registrationId, replaced, error))
    }
    if (result.outcome === 'refunded_automatically') {
      logger.warn('A payment could not buy its registration: it is refunded in full', {
        registrationId: result.registration.registrationId,
        sessionId,
        paymentStatus: result.registration.paymentStatus,
      })
      await automaticRefunds.settle(sessionId)
    }
    return { outcome: result.outcome, registration: result.registration }
  }

  return {
    async inventory() {
      const rows = await queryRows<{
        registration_tier: string
        capacity: number
        held: number
        waiting: boolean
      }>(
        db,
        sql`
          select i.registration_tier, i.capacity, i.taken - coalesce(x.n, 0) as held,
            exists (select 1 from waiting_list_entries w
                    where w.registration_tier = i.registration_tier and w.status = 'waiting') as waiting
          from tier_inventory i
          left join (
            select registration_tier, count(*)::int as n from registrations
            where payment_status = 'pending' and expires_at <= ${iso(clock())}::timestamptz
            group by registration_tier
          ) x on x.registration_tier = i.registration_tier
        `,
      )
      const byTier = new Map(rows.map((row) => [row.registration_tier, row]))
      return registrationTiers.map((registrationTier) => {
        const row = byTier.get(registrationTier)
        const capacity = row?.capacity ?? 0
        const held = Number(row?.held ?? 0)
        // People waiting: any spot that looks free is theirs (being offered), not the public's.
        const soldOut = held >= capacity || row?.waiting === true
        return {
          registrationTier,
          capacity,
          held,
          status: soldOut ? ('sold_out' as const) : inventoryStatusOf(capacity, held),
        }
      })
    },

    async current(userId) {
      const now = clock()
      const row = await currentRegistrationOf(db, userId)
      if (row?.paymentStatus !== 'pending' || row.expiresAt.getTime() > now) return row
      // Lazily reconcile a session that expired without its webhook (yet).
      await settleOverdue(row, now)
      return registrationById(db, row.registrationId)
    },

    async start(input) {
      const tier = input.request.registration_tier
      if ((soldOutUntil.get(tier) ?? 0) > clock()) throw productError(409, 'soldOut')
      const registrationId = randomUUID()
      let now = clock()
      let outcome: 'taken' | 'sold_out' | 'conflict' = 'conflict'
      for (let attempt = 0; attempt < 3; attempt++) {
        now = clock()
        outcome = await retryOnConflict(() => takeSpot(input, registrationId, now))
        if (outcome === 'taken') break
        if (outcome === 'sold_out' && (await releaseExpired(tier)) === 0) break
        if (outcome === 'conflict' && !(await clearEndedHold(input.userId, now))) break
      }
      if (outcome === 'sold_out') {
        await rememberSoldOut(tier, now)
        throw productError(409, 'soldOut')
      }
      if (outcome === 'conflict') throw productError(409, 'purchaseSessionAlreadyExists')

      return openCheckout({
        registrationId,
        tier,
        userId: input.userId,
        email: input.email,
        successUrl: input.request.success_url,
        cancelUrl: input.request.cancel_url,
        now,
      })
    },

    async acceptOffer(input) {
      const now = clock()
      const registrationId = randomUUID()
      // An earlier checkout whose time is up but that nobody released yet must not block the offer.
      await clearEndedHold(input.userId, now)
      const tier = await retryOnConflict(() =>
        db.transaction(async (tx) => {
          const [entry] = await tx
            .select()
            .from(waitingListEntries)
            .where(
              and(
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
              userId: input.userId,
              registrationTier,
              badgeName: entry.badgeName,
              tShirtSize: entry.tShirtSize,
              changingRoomType: entry.changingRoomType,
              paymentStatus: 'pending',
              amountJpy: registrationTierPriceJpy[registrationTier],
              expiresAt: new Date(now + checkoutClaimMs),
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
      return openCheckout({ registrationId, tier, ...input, now })
    },

    async cancel(userId) {
      const now = clock()
      const live = await liveRegistrationOf(db, userId)
      // A live registration the member cannot cancel (paid) is answered as it is.
      if (!live || !registrationChanges(registrationStateOf(live), 'memberCancels')) {
        const latest = live ?? (await this.current(userId))
        if (!latest) throw productError(404, 'notFound')
        return latest
      }
      if (live.expiresAt.getTime() <= now) {
        await settleOverdue(live, now)
      } else {
        if (live.checkoutSessionId !== null) {
          let outcome: Awaited<ReturnType<PaymentGateway['expireCheckoutSession']>>
          try {
            outcome = await gateway.expireCheckoutSession(live.checkoutSessionId)
          } catch (error) {
            logger.warn('Could not end the checkout session', { registrationId: live.registrationId, error })
            throw highTraffic()
          }
          if (outcome === 'completed') {
            const paid = await markPaid(live.checkoutSessionId)
            if (paid.outcome !== 'unknown_session') return paid.registration
          }
        }
        await release(db, memberCancels, sql`registration_id = ${live.registrationId}::uuid`, now)
      }
      const after = await registrationById(db, live.registrationId)
      if (!after) throw productError(404, 'notFound')
      return after
    },

    markPaid,

    async markExpired(sessionId) {
      const now = clock()
      const released = await retryOnConflict(() =>
        release(db, sessionExpires, sql`checkout_session_id = ${sessionId}`, now),
      )
      if (released.length > 0) return 'expired'
      const [row] = await db
        .select({ id: registrations.registrationId })
        .from(registrations)
        .where(eq(registrations.checkoutSessionId, sessionId))
      return row ? 'not_pending' : 'unknown_session'
    },

    releaseExpired,

    forgetSoldOut(tier) {
      soldOutUntil.delete(tier)
    },
  }
}

/**
 * Writes the configured capacity of every tier (at start: configuration is the source). Spots already held
 * stay held; a tier seen for the first time counts the registrations that hold its spots.
 */
export async function syncTierCapacities(
  db: Executor,
  capacities: Readonly<Record<RegistrationTier, number>>,
): Promise<void> {
  for (const tier of registrationTiers) {
    await db
      .insert(tierInventory)
      .values({
        registrationTier: tier,
        capacity: capacities[tier],
        taken: sql`(select count(*)::int from registrations
          where registration_tier = ${tier} and payment_status in ('pending', 'paid'))`,
      })
      .onConflictDoUpdate({ target: tierInventory.registrationTier, set: { capacity: capacities[tier] } })
  }
}
