import {
  adminWaitingListCodec,
  apiRoutes,
  type Clock,
  defaultLanguage,
  registrationCheckoutCodec,
  waitingListAcceptCodec,
  waitingListEntryCodec,
  waitingListJoinCodec,
} from '@furfes/core'
import type { Executor } from '../db/database.ts'
import { notFound } from '../http/errors.ts'
import { callerEmail, requireOwnOrigin, requireRegistrationOpen } from '../http/gates.ts'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import { editionToRead } from '../services/editions.ts'
import type { FeatureFlagService } from '../services/feature-flags.ts'
import type { RegistrationService } from '../services/registrations.ts'
import {
  toAdminWaitingListEntry,
  toWaitingListEntry,
  type WaitingListService,
} from '../services/waiting-list.ts'

/** The waiting list (decision 115): joining, leaving, accepting an offer, and the staff's view of it. */
export function mountWaitingListRoutes(
  { mount }: RouteMounter,
  deps: {
    db: Executor
    clock: Clock
    waitingList: WaitingListService
    registrations: RegistrationService
    featureFlags: FeatureFlagService
    /** Checkout may only send users back to this origin. */
    pwaOrigin: string
  },
): void {
  const { db, clock, waitingList, registrations, featureFlags, pwaOrigin } = deps

  mount(apiRoutes.getWaitingList, async ({ caller }) => {
    const status = await waitingList.status(caller.sub)
    if (!status) throw notFound()
    return { status: 200, body: encode(waitingListEntryCodec, toWaitingListEntry(status)) }
  })

  mount(apiRoutes.postWaitingList, async ({ body, caller }) => {
    const request = decode(waitingListJoinCodec, body)
    await requireRegistrationOpen(featureFlags)
    const joined = await waitingList.join({
      userId: caller.sub,
      registrationTier: request.registrationTier,
      badgeName: request.badgeName,
      tShirtSize: request.tShirtSize,
      changingRoomType: request.changingRoomType,
      accessNeeds: request.accessNeeds,
      language: request.language ?? defaultLanguage,
    })
    return { status: 201, body: encode(waitingListEntryCodec, toWaitingListEntry(joined)) }
  })

  mount(apiRoutes.deleteWaitingList, async ({ caller }) => ({
    status: 200,
    body: encode(waitingListEntryCodec, toWaitingListEntry(await waitingList.leave(caller.sub))),
  }))

  mount(apiRoutes.postWaitingListAccept, async ({ body, caller }) => {
    const accept = decode(waitingListAcceptCodec, body)
    requireOwnOrigin(pwaOrigin, [accept.successUrl, accept.cancelUrl])
    // Accepting opens a checkout: refused exactly when registering is.
    await requireRegistrationOpen(featureFlags)
    const email = await callerEmail(db, caller)
    const { paymentUrl } = await registrations.acceptOffer({ userId: caller.sub, email, ...accept })
    return { status: 201, body: encode(registrationCheckoutCodec, { paymentUrl }) }
  })

  mount(apiRoutes.getAdminWaitingList, async ({ query }) => {
    const { edition } = await editionToRead({ db, clock }, query.edition)
    // Offers past their deadline end first, so the list shows the offers that still hold a spot.
    await waitingList.sweep()
    const entries = (await waitingList.list(edition.id)).map(toAdminWaitingListEntry)
    return { status: 200, body: encode(adminWaitingListCodec, entries) }
  })
}
