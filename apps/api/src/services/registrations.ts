import type { Addon, Clock, RegistrationHistoryItem, RegistrationTier } from '@furfes/core'
import type { Executor, RawQuery } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import {
  type AddonPaidOutcome,
  addonProviderRefunded,
  markAddonExpired,
  markAddonPaid,
} from './addon-payments.ts'
import {
  type AddonPurchaseRow,
  type BuyAddonInput,
  buyAddon,
  listAddons,
  refundAddonAlone,
} from './addons.ts'
import type { AuditActor } from './audit.ts'
import type { AutomaticRefunds } from './automatic-refunds.ts'
import { availability, type InventoryItem } from './availability.ts'
import type { CurrentEditionReader } from './current-edition.ts'
import { cancelCheckout, currentRegistration } from './registration-cancel.ts'
import { createSoldOutMemory, type RegistrationDeps } from './registration-context.ts'
import { type MarkExpiredResult, type MarkPaidResult, markExpired, markPaid } from './registration-payment.ts'
import { pastRegistrationsOf, type RegistrationRow } from './registration-queries.ts'
import {
  type AcceptOfferInput,
  acceptOffer,
  type StartRegistrationInput,
  startRegistration,
} from './registration-start.ts'
import { sweep } from './registration-sweep.ts'

/*
 * The registration lifecycle, one use case a file: registration-start (take a spot, accept an offer),
 * registration-checkout (open the provider's session), registration-payment (paid, expired),
 * registration-cancel (the member cancels, a lapsed hold is read), registration-sweep (the periodic sweep). A
 * pending registration holds a spot of its tier until its checkout session expires; paid keeps it; expired and
 * canceled give it back (the counter is the inventory's, inventory.ts). This file only assembles them, over
 * one dependencies object, into the service the routes call.
 */

/**
 * Add-ons (decision 178, addons.ts and addon-payments.ts): bought by a paid registration in checkouts of their own.
 * The `mark…` and `providerRefunded` answers are undefined for a session no purchase has (it is a registration's).
 */
interface AddonService {
  list(userId: string): Promise<Addon[]>
  buy(input: BuyAddonInput): Promise<{ paymentUrl: string }>
  refundAlone(input: { registrationId: string; code: string; actor: AuditActor }): Promise<AddonPurchaseRow>
  markPaid(sessionId: string): Promise<AddonPaidOutcome | undefined>
  markExpired(sessionId: string): Promise<'expired' | 'not_pending' | undefined>
  providerRefunded(
    sessionId: string,
    amountRefundedJpy: number,
  ): Promise<'addon_refunded' | 'already_refunded' | undefined>
}

/** CHECKOUT_CLAIM_SECONDS' default: a claim, plus the sweep interval, stays within a minute (decision 056). */
const defaultCheckoutClaimMs = 30_000

export interface RegistrationService {
  inventory(): Promise<InventoryItem[]>
  /** See currentRegistration (registration-cancel.ts). */
  current(userId: string): Promise<RegistrationRow | undefined>
  /** The member's registrations in past editions (pastRegistrationsOf, registration-queries.ts). */
  history(userId: string): Promise<RegistrationHistoryItem[]>
  /** See startRegistration (registration-start.ts). */
  start(input: StartRegistrationInput): Promise<{ paymentUrl: string; registrationId: string }>
  /** Ends the pending checkout session and gives the spot back; returns the registration as it now is. */
  cancel(userId: string): Promise<RegistrationRow>
  /** See acceptOffer (registration-start.ts). */
  acceptOffer(input: AcceptOfferInput): Promise<{ paymentUrl: string; registrationId: string }>
  markPaid(sessionId: string): Promise<MarkPaidResult>
  markExpired(sessionId: string): Promise<MarkExpiredResult>
  /** The periodic sweep (registration-sweep.ts), of one tier or all. */
  releaseExpired(tier?: RegistrationTier): Promise<number>
  /** Spots of the tier went back elsewhere (a refund): this instance stops answering soldOut from memory. */
  forgetSoldOut(tier: RegistrationTier): void
  addons: AddonService
}

export function createRegistrationService(options: {
  db: Executor
  query: RawQuery
  clock: Clock
  logger: Logger
  gateway: PaymentGateway
  /** See RegistrationDeps: set only to replace the edition's durations (tests, rehearsals). */
  checkoutSessionMs?: number | undefined
  /** See createSoldOutMemory (registration-context.ts); 0 asks the database every time. */
  soldOutCacheMs: number
  checkoutClaimMs?: number
  waitingListOfferMs?: number | undefined
  automaticRefunds: AutomaticRefunds
  currentEdition: CurrentEditionReader
}): RegistrationService {
  const { soldOutCacheMs, checkoutClaimMs, checkoutSessionMs, waitingListOfferMs, ...rest } = options
  const deps: RegistrationDeps = {
    ...rest,
    checkoutSessionMs,
    checkoutClaimMs: checkoutClaimMs ?? defaultCheckoutClaimMs,
    offerMs: waitingListOfferMs,
    soldOut: createSoldOutMemory(options.db, soldOutCacheMs),
  }
  return {
    inventory: async () => availability(deps.db, (await deps.currentEdition.read()).id, deps.clock()),
    current: (userId) => currentRegistration(deps, userId),
    history: async (userId) => pastRegistrationsOf(deps.db, userId, (await deps.currentEdition.read()).id),
    start: (input) => startRegistration(deps, input),
    cancel: (userId) => cancelCheckout(deps, userId),
    acceptOffer: (input) => acceptOffer(deps, input),
    markPaid: (sessionId) => markPaid(deps, sessionId),
    markExpired: (sessionId) => markExpired(deps, sessionId),
    releaseExpired: (tier) => sweep(deps, tier),
    forgetSoldOut: (tier) => deps.soldOut.forget(tier),
    addons: {
      list: (userId) => listAddons(deps, userId),
      buy: (input) => buyAddon(deps, input),
      refundAlone: (input) => refundAddonAlone(deps, input),
      markPaid: (sessionId) => markAddonPaid(deps, sessionId),
      markExpired: (sessionId) => markAddonExpired(deps, sessionId),
      providerRefunded: (sessionId, amount) => addonProviderRefunded(deps, sessionId, amount),
    },
  }
}
