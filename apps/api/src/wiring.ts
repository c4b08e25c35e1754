import type { ApiOptions } from './api-options.ts'
import { createRegistrationCodeChecker, createRegistrationCodeSigner } from './registration-code/code.ts'
import { createAutomaticRefunds } from './services/automatic-refunds.ts'
import { createCurrentEditionReader } from './services/current-edition.ts'
import { readEditionOfRegistration } from './services/editions.ts'
import { createEventCancellationService } from './services/event-cancellation.ts'
import { createFeatureFlagService } from './services/feature-flags.ts'
import { createRefundService } from './services/refunds.ts'
import { createRegistrationService } from './services/registrations.ts'
import type { RetentionDeps } from './services/retention.ts'
import { createStaffService } from './services/staff.ts'
import { createUserService } from './services/users.ts'
import { createWaitingListService } from './services/waiting-list.ts'

/** The services of one API instance, built from its options and given to the routes that call them. */
export function createServices(options: ApiOptions) {
  const { database, clock, logger } = options
  const db = database.db
  // The money-relevant readers (prices, capacities, refund policy, durations, venue) read the current edition;
  // a configured hold or offer duration replaces the edition's (tests and rehearsals shorten them).
  const currentEdition = createCurrentEditionReader({ db, clock, cacheMs: options.editionCacheMs ?? 5000 })
  const featureFlags = createFeatureFlagService({ db, clock, cacheMs: options.featureFlagsCacheMs })
  const users = createUserService({ db, clock, syncIntervalMs: options.emailSyncIntervalMs })
  // Payments that cannot buy their registration are refunded in full (decision 141).
  const automaticRefunds = createAutomaticRefunds({ db, clock, logger, gateway: options.paymentGateway })
  const registrations = createRegistrationService({
    automaticRefunds,
    currentEdition,
    db,
    query: database.query,
    clock,
    logger,
    gateway: options.paymentGateway,
    checkoutSessionMs: options.checkoutSessionMs,
    soldOutCacheMs: options.soldOutCacheMs,
    ...(options.checkoutClaimMs === undefined ? {} : { checkoutClaimMs: options.checkoutClaimMs }),
    waitingListOfferMs: options.waitingListOfferMs,
  })
  const waitingList = createWaitingListService({
    db,
    clock,
    logger,
    currentEdition,
    offerMs: options.waitingListOfferMs,
  })
  const refunds = createRefundService({
    db,
    clock,
    logger,
    gateway: options.paymentGateway,
    policy: async () => ({ ...(await currentEdition.read()).refundPolicy, ...options.refundPolicy }),
    onSpotsReturned: (tier) => registrations.forgetSoldOut(tier),
    offerReturnedSpots: (executor, tier) => waitingList.offerReturnedSpots(executor, tier),
  })
  const eventCancellation = createEventCancellationService({
    db,
    clock,
    logger,
    refunds,
    gateway: options.paymentGateway,
    featureFlags,
    ...(options.eventCancellationBatchSize === undefined
      ? {}
      : { batchSize: options.eventCancellationBatchSize }),
  })
  const signer = createRegistrationCodeSigner({
    keys: options.signingKeys,
    lifetimeSeconds: options.registrationCodeLifetimeSeconds,
    clock,
    editionOf: (registrationId) => readEditionOfRegistration({ db, clock }, registrationId),
  })
  // A code scanned at the door is checked again when its check-in is uploaded (decision 159).
  const checkCode = createRegistrationCodeChecker({
    keys: options.signingKeys,
    currentEditionId: async () => (await currentEdition.read()).id,
  })
  const staff = createStaffService({ db, clock, logger, accounts: options.staffAccounts })
  // Retention's runs (decision 161): by hand through its routes, daily by the server or the scheduled function.
  const retention: RetentionDeps = { db, clock, logger, memberAccounts: options.memberAccounts }
  return {
    currentEdition,
    featureFlags,
    users,
    automaticRefunds,
    registrations,
    waitingList,
    refunds,
    eventCancellation,
    signer,
    checkCode,
    staff,
    retention,
  }
}
