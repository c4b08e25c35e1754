import { apiRoutes, type Clock, dashboardCodec } from '@furfes/core'
import type { Executor } from '../db/database.ts'
import { encode, type RouteMounter } from '../http/route.ts'
import { dashboard } from '../services/dashboard.ts'
import { editionToRead } from '../services/editions.ts'
import type { RegistrationService } from '../services/registrations.ts'

/** The committee's figures. */
export function mountDashboardRoutes(
  { mount }: RouteMounter,
  deps: { db: Executor; clock: Clock; registrations: RegistrationService },
): void {
  const { db, clock, registrations } = deps

  mount(apiRoutes.getAdminDashboard, async ({ query }) => {
    const { edition } = await editionToRead({ db, clock }, query.edition)
    // Due holds go back first, so pending and spots left count only holds still in force (decision 056).
    await registrations.releaseExpired()
    return { status: 200, body: encode(dashboardCodec, await dashboard(db, edition.id, clock())) }
  })
}
