import {
  apiRoutes,
  type Clock,
  inventoryCodec,
  participantCancelRequestCodec,
  type Registration,
  refundCodec,
  refundQuoteCodec,
  registrationAdditionalInfoCodec,
  registrationAdditionalInfoRequestCodec,
  registrationCheckoutCodec,
  registrationCodeCodec,
  registrationCodec,
  registrationDetailsRequestCodec,
  registrationHistoryCodec,
  registrationRequestCodec,
  registrationTimelineCodec,
  tierChangeCodec,
  tierChangeQuoteCodec,
  tierChangeRequestCodec,
  venueCodec,
} from '@furfes/core'
import type { Executor } from '../db/database.ts'
import { highTraffic, notFound, productError } from '../http/errors.ts'
import { callerEmail, requireOwnOrigin, requireRegistrationOpen } from '../http/gates.ts'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import type { Logger } from '../logger.ts'
import type { RegistrationCodeSigner } from '../registration-code/code.ts'
import type { CurrentEditionReader } from '../services/current-edition.ts'
import type { FeatureFlagService } from '../services/feature-flags.ts'
import { getAdditionalInfo, putAdditionalInfo, toRegistration } from '../services/members.ts'
import type { RefundService } from '../services/refunds.ts'
import { changeDetails } from '../services/registration-details.ts'
import { registrationTimeline } from '../services/registration-timeline.ts'
import type { RegistrationService } from '../services/registrations.ts'
import { mountAddonRoutes } from './addons.ts'
import { mountGuardianRoutes } from './guardians.ts'

interface RegistrationRouteDeps {
  db: Executor
  clock: Clock
  logger: Logger
  registrations: RegistrationService
  refunds: RefundService
  featureFlags: FeatureFlagService
  signer: RegistrationCodeSigner
  /** Checkout may only send users back to this origin. */
  pwaOrigin: string
  /** The current edition: its venue is what paid participants are told, once announced (decision 155). */
  currentEdition: CurrentEditionReader
}

/**
 * A registration canceled after payment says what was refunded (decision 111); any other is shown as it is.
 */
async function withRefund(refunds: RefundService, registrationId: string, registration: Registration) {
  if (registration.paymentStatus !== 'canceled') return registration
  const refundedJpy = await refunds.refundedJpy(registrationId)
  return refundedJpy === undefined ? registration : { ...registration, refundedJpy }
}

/**
 * The member's registration: the tiers left, starting and cancelling a registration (a checkout, or a paid
 * registration with its refund, decision 165), moving it to another tier (decision 167), its additional info, its registration code and the venue it admits to.
 */
export function mountRegistrationRoutes(mounter: RouteMounter, deps: RegistrationRouteDeps): void {
  const { mount } = mounter
  // The add-ons a paid registration buys (decision 178).
  mountAddonRoutes(mounter, deps)
  // A minor's guardian (decision 184).
  mountGuardianRoutes(mounter, deps)
  const { db, clock, logger, registrations, refunds, featureFlags, signer, pwaOrigin, currentEdition } = deps

  mount(apiRoutes.getInventory, async () => ({
    status: 200,
    body: encode(inventoryCodec, await registrations.inventory()),
  }))

  mount(apiRoutes.getRegistration, async ({ caller }) => {
    const row = await registrations.current(caller.sub)
    if (!row) throw notFound()
    const registration = toRegistration(row, clock())
    // Not shown: its checkout session is still being opened, and it holds a spot meanwhile. Not 404 (the
    // user is registering); they try again, and see it pending, or expired if its creator died (decision 056).
    if (!registration) throw highTraffic()
    return {
      status: 200,
      body: encode(registrationCodec, await withRefund(refunds, row.registrationId, registration)),
    }
  })

  // Apart from GET /registration, whose 404 means "not registered in this edition" to the PWA (decision 158),
  // and which My Page reads far more often: the past editions are read only here.
  mount(apiRoutes.getRegistrationHistory, async ({ caller }) => ({
    status: 200,
    body: encode(registrationHistoryCodec, await registrations.history(caller.sub)),
  }))

  mount(apiRoutes.getRegistrationTimeline, async ({ caller }) => {
    const row = await registrations.current(caller.sub)
    if (!row) throw notFound()
    return { status: 200, body: encode(registrationTimelineCodec, await registrationTimeline(deps, row)) }
  })

  mount(apiRoutes.postRegistration, async ({ body, caller }) => {
    const request = decode(registrationRequestCodec, body)
    requireOwnOrigin(pwaOrigin, [request.successUrl, request.cancelUrl])
    await requireRegistrationOpen(featureFlags)
    const email = await callerEmail(db, caller)
    const { paymentUrl } = await registrations.start({ userId: caller.sub, email, request })
    return { status: 201, body: encode(registrationCheckoutCodec, { paymentUrl }) }
  })

  mount(apiRoutes.deleteRegistration, async ({ caller }) => {
    const registration = toRegistration(await registrations.cancel(caller.sub), clock())
    if (!registration) throw notFound()
    return { status: 200, body: encode(registrationCodec, registration) }
  })

  mount(apiRoutes.putRegistrationDetails, async ({ body, caller }) => {
    const details = decode(registrationDetailsRequestCodec, body)
    const row = await registrations.current(caller.sub)
    if (!row) throw notFound()
    const changed = toRegistration(await changeDetails({ db, clock, currentEdition }, row, details), clock())
    if (!changed) throw notFound()
    return { status: 200, body: encode(registrationCodec, changed) }
  })

  mount(apiRoutes.getRegistrationCancellation, async ({ caller }) => {
    const row = await registrations.current(caller.sub)
    if (!row) throw notFound()
    return { status: 200, body: encode(refundQuoteCodec, await refunds.quote(row.registrationId)) }
  })

  mount(apiRoutes.postRegistrationCancellation, async ({ body, caller }) => {
    const request = decode(participantCancelRequestCodec, body)
    const row = await registrations.current(caller.sub)
    if (!row) throw notFound()
    const refund = await refunds.cancelByParticipant({
      registrationId: row.registrationId,
      clientKey: request.idempotencyKey,
      refundJpy: request.refundJpy,
    })
    return { status: 200, body: encode(refundCodec, refund) }
  })

  mount(apiRoutes.getRegistrationTierChange, async ({ caller }) => {
    const row = await registrations.current(caller.sub)
    if (!row) throw notFound()
    return {
      status: 200,
      body: encode(tierChangeQuoteCodec, await refunds.quoteTierChange(row.registrationId)),
    }
  })

  mount(apiRoutes.postRegistrationTierChange, async ({ body, caller }) => {
    const request = decode(tierChangeRequestCodec, body)
    const row = await registrations.current(caller.sub)
    if (!row) throw notFound()
    // An upgrade's Checkout returns to My Page unless the page named where (decision 169).
    const myPage = new URL(`/${row.language}/mypage/registration`, pwaOrigin).href
    const successUrl = request.successUrl ?? myPage
    const cancelUrl = request.cancelUrl ?? myPage
    requireOwnOrigin(pwaOrigin, [successUrl, cancelUrl])
    const change = await refunds.changeTier({
      registrationId: row.registrationId,
      clientKey: request.idempotencyKey,
      tier: request.registrationTier,
      tShirtSize: request.tShirtSize,
      amountJpy: request.amountJpy,
      successUrl,
      cancelUrl,
      email: await callerEmail(db, caller),
    })
    return { status: 200, body: encode(tierChangeCodec, change) }
  })

  mount(apiRoutes.getRegistrationAdditionalInfo, async ({ caller }) => {
    const info = await getAdditionalInfo(db, caller.sub)
    if (!info) throw notFound()
    return { status: 200, body: encode(registrationAdditionalInfoCodec, info) }
  })

  mount(apiRoutes.putRegistrationAdditionalInfo, async ({ body, caller }) => {
    const info = decode(registrationAdditionalInfoRequestCodec, body)
    const saved = await putAdditionalInfo(db, caller.sub, info, clock)
    return { status: 200, body: encode(registrationAdditionalInfoCodec, saved) }
  })

  mount(apiRoutes.getRegistrationCode, async ({ caller }) => {
    const row = await registrations.current(caller.sub)
    if (row?.paymentStatus !== 'paid') throw notFound()
    try {
      const code = await signer.sign({ registrationId: row.registrationId })
      return { status: 200, body: encode(registrationCodeCodec, code) }
    } catch (error) {
      logger.error('Could not sign a registration code', { registrationId: row.registrationId, error })
      throw productError(500, 'registrationCodeGenerationFailed')
    }
  })

  // Only a paid registration is told where the event is, and anyone else gets the same 404 as for the
  // registration code, so the answer says nothing about the venue or about other registrations (decision 123).
  mount(apiRoutes.getVenue, async ({ caller }) => {
    const row = await registrations.current(caller.sub)
    const { venue } = await currentEdition.read()
    if (row?.paymentStatus !== 'paid' || venue === null) throw notFound()
    return { status: 200, body: encode(venueCodec, venue) }
  })
}
