import {
  apiRoutes,
  type Clock,
  checkInPageCodec,
  checkInUploadCodec,
  checkInUploadResultCodec,
} from '@furfes/core'
import type { Executor } from '../db/database.ts'
import { productError } from '../http/errors.ts'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import type { RegistrationCodeCheck } from '../registration-code/code.ts'
import { createCheckInService, parseCheckInCursor } from '../services/check-ins.ts'
import { editionToRead } from '../services/editions.ts'
import { mountBadgePrintRoutes } from './badge-prints.ts'
import { mountGoodsRoutes } from './goods.ts'

/** Where a page of check-in records starts: the cursor a device kept, or 400 when it is not one we gave. */
function cursorOf(since: string | undefined): number {
  const cursor = parseCheckInCursor(since)
  if (cursor === undefined) throw productError(400, 'invalidRequest')
  return cursor
}

/**
 * Reception check-ins (decisions 070 and 073): devices upload what they recorded and read what others did; the
 * badge desk's printed marks (decision 170) and the goods ticked as handed out (decision 180) travel the same way.
 */
export function mountCheckInRoutes(
  { mount }: RouteMounter,
  deps: { db: Executor; clock: Clock; checkCode: RegistrationCodeCheck },
): void {
  const checkIns = createCheckInService(deps)
  mountBadgePrintRoutes({ mount }, deps)
  mountGoodsRoutes({ mount }, deps)

  mount(apiRoutes.postAdminCheckIns, async ({ body, caller }) => {
    const results = await checkIns.upload(decode(checkInUploadCodec, body), caller.sub)
    return { status: 200, body: encode(checkInUploadResultCodec, results) }
  })

  mount(apiRoutes.getAdminCheckIns, async ({ query }) => {
    const { edition } = await editionToRead(deps, query.edition)
    return {
      status: 200,
      body: encode(checkInPageCodec, await checkIns.page(cursorOf(query.since), edition.id)),
    }
  })
}
