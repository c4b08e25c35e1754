import { apiRoutes, retentionReportCodec } from '@furfes/core'
import { encode, type RouteMounter } from '../http/route.ts'
import { auditActor } from '../services/audit.ts'
import { previewRetention, type RetentionDeps, runRetention } from '../services/retention.ts'

/** Retention for the committee (decision 161): what a run would erase, and a run now. */
export function mountRetentionRoutes({ mount }: RouteMounter, deps: RetentionDeps): void {
  mount(apiRoutes.getAdminRetention, async () => ({
    status: 200,
    body: encode(retentionReportCodec, await previewRetention(deps)),
  }))

  mount(apiRoutes.postAdminRetentionRun, async ({ caller }) => ({
    status: 200,
    body: encode(retentionReportCodec, await runRetention(deps, auditActor(caller))),
  }))
}
