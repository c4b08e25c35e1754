import { apiRoutes, badgePrintUploadCodec, badgePrintUploadResultCodec, type Clock } from '@furfes/core'
import type { Executor } from '../db/database.ts'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import { createBadgePrintService } from '../services/badge-prints.ts'

/** The badge desk's printed marks (decision 170): devices upload them as they upload check-ins. */
export function mountBadgePrintRoutes({ mount }: RouteMounter, deps: { db: Executor; clock: Clock }): void {
  const prints = createBadgePrintService(deps)
  mount(apiRoutes.postAdminBadgePrints, async ({ body, caller }) => {
    const results = await prints.upload(decode(badgePrintUploadCodec, body), caller.sub)
    return { status: 200, body: encode(badgePrintUploadResultCodec, results) }
  })
}
