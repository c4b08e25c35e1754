import { apiRoutes, type Clock, participantListCodec } from '@furfes/core'
import type { Executor } from '../db/database.ts'
import { encode, type RouteMounter } from '../http/route.ts'
import { participants } from '../services/members.ts'
import type { RegistrationService } from '../services/registrations.ts'

/** The staff's list of every participant. */
export function mountAdminParticipantRoutes(
  { mount }: RouteMounter,
  deps: { db: Executor; clock: Clock; registrations: RegistrationService },
): void {
  const { db, clock, registrations } = deps

  mount(apiRoutes.getAdminParticipants, async () => {
    // Due holds go back first, so every registration the list shows as ended is ended in the counters too and
    // the holders it shows are exactly the spots taken (decision 056).
    await registrations.releaseExpired()
    return { status: 200, body: encode(participantListCodec, await participants(db, clock)) }
  })
}
