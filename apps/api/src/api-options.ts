import type { Clock, RefundPolicy } from '@furfes/core'
import type { IdentityProvider } from './auth/identity.ts'
import type { MemberAccounts } from './auth/member-accounts.ts'
import type { StaffAccounts, StaffDirectory } from './auth/staff-directory.ts'
import type { TokenVerifier } from './auth/tokens.ts'
import type { Database } from './db/database.ts'
import type { AdmissionOptions } from './http/admission.ts'
import type { Logger } from './logger.ts'
import type { PaymentGateway } from './payments/gateway.ts'
import type { SigningKeySet } from './registration-code/keys.ts'
import type { AnnouncementPublishedListener } from './services/announcements.ts'

/** What an API instance is made of and tuned by: server.ts builds it from the environment, tests by hand. */
export interface ApiOptions {
  database: Database
  clock: Clock
  logger: Logger
  memberTokens: TokenVerifier
  adminTokens: TokenVerifier
  identity: IdentityProvider
  /** The staff roles as Cognito has them now, asked with each confirmation of a staff token (decision 156). */
  staffDirectory: StaffDirectory
  /** The committee's staff management on the admins pool (decision 157). */
  staffAccounts: StaffAccounts
  /** The members pool's accounts, which retention deletes (decision 161). */
  memberAccounts: MemberAccounts
  paymentGateway: PaymentGateway
  /** The registration-code keys; called when a code is signed or the JWKS is read, and may cache. */
  signingKeys: () => Promise<SigningKeySet>
  /** Checkout may only send users back to this origin. */
  pwaUrl: string
  /** The API's own base URL. */
  apiUrl: string
  /** Browser origins allowed to call the API (the PWA and the reception app). */
  corsOrigins: readonly string[]
  /**
   * Told of each announcement once it is published (decision 173), after it is stored: what sends it further,
   * such as Web Push. None by default.
   */
  onAnnouncementPublished?: readonly AnnouncementPublishedListener[] | undefined
  /**
   * Replaces the current edition's checkout hold (`checkoutMinutes`, decision 155) when set
   * (CHECKOUT_SESSION_SECONDS): tests and rehearsals hold spots for less than an edition allows.
   */
  checkoutSessionMs?: number | undefined
  /** How long a new registration holds its spot until its checkout session is recorded (decision 056). */
  checkoutClaimMs?: number
  /**
   * Replaces the current edition's waiting-list offer duration (`offerHours`, decisions 115 and 155) when set
   * (WAITING_LIST_OFFER_SECONDS).
   */
  waitingListOfferMs?: number | undefined
  /** See RegistrationService: how long this instance trusts a sold-out it saw. */
  soldOutCacheMs: number
  emailSyncIntervalMs: number
  /**
   * How long Cognito's word that a token is still honoured (GetUser) counts, per token and instance: the most
   * time a signed-out token may still be accepted (decision 055).
   */
  tokenRecheckMs: number
  /**
   * How long this instance serves writes with tokens it could not confirm while Cognito does not answer it;
   * past it they answer 503 highTraffic until Cognito answers again (decision 147).
   */
  tokenFailOpenMs: number
  featureFlagsCacheMs: number
  /** How long an instance reads the current edition from memory (5 s by default; its own saves at once). */
  editionCacheMs?: number
  /** How long an instance answers GET /public-profile from memory. */
  publicProfilesCacheMs: number
  /** The shortest a registration code is valid for; it otherwise runs to the end of its edition's event day. */
  registrationCodeLifetimeSeconds: number
  admission: AdmissionOptions
  validateResponses: boolean
  /**
   * Refund cut-off days that replace the current edition's (REFUND_POLICY): only for a rehearsal or the e2e stack,
   * whose today is long after the first edition (the rates stay the edition's).
   */
  refundPolicy?: RefundPolicy
  /** Registrations per batch of the event-cancelled refund run (decision 113). */
  eventCancellationBatchSize?: number
}
