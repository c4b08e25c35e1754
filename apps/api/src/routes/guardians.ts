import {
  apiRoutes,
  type Clock,
  guardianCodec,
  guardianDecisionCodec,
  guardianRequestCodec,
  wardCodec,
  wardListCodec,
} from '@furfes/core'
import type { Executor } from '../db/database.ts'
import { notFound } from '../http/errors.ts'
import { callerEmail } from '../http/gates.ts'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import type { CurrentEditionReader } from '../services/current-edition.ts'
import { decideGuardianship, guardianOf, nameGuardian, wardsOf } from '../services/guardians.ts'

/**
 * A minor's guardian (decision 184): the minor names one, the guardian answers, both in the current edition.
 */
export function mountGuardianRoutes(
  { mount }: RouteMounter,
  deps: { db: Executor; clock: Clock; currentEdition: CurrentEditionReader },
): void {
  const { db, clock, currentEdition } = deps
  const editionId = async () => (await currentEdition.read()).id

  mount(apiRoutes.getRegistrationGuardian, async ({ caller }) => {
    const guardian = await guardianOf(db, caller.sub, await editionId())
    if (!guardian) throw notFound()
    return { status: 200, body: encode(guardianCodec, guardian) }
  })

  mount(apiRoutes.putRegistrationGuardian, async ({ body, caller }) => {
    const { guardianEmail } = decode(guardianRequestCodec, body)
    const guardian = await nameGuardian(db, clock, {
      userId: caller.sub,
      ownEmail: await callerEmail(db, caller),
      editionId: await editionId(),
      guardianEmail,
    })
    return { status: 200, body: encode(guardianCodec, guardian) }
  })

  mount(apiRoutes.getRegistrationGuardianRequests, async ({ caller }) => ({
    status: 200,
    body: encode(wardListCodec, await wardsOf(db, caller.sub, await editionId())),
  }))

  mount(apiRoutes.postRegistrationGuardianRequest, async ({ body, params, caller }) => {
    const { confirm } = decode(guardianDecisionCodec, body)
    const ward = await decideGuardianship(db, clock, {
      userId: caller.sub,
      editionId: await editionId(),
      minorUserId: params.minor_user_id,
      confirm,
    })
    return { status: 200, body: encode(wardCodec, ward) }
  })
}
