import {
  apiRoutes,
  auditExportCodec,
  auditPageCodec,
  type Clock,
  staffInvitationCodec,
  staffListCodec,
  staffMemberCodec,
  staffRoleChangeCodec,
} from '@furfes/core'
import type { Executor } from '../db/database.ts'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import { auditActor, listAudit, recordAudit } from '../services/audit.ts'
import type { StaffService } from '../services/staff.ts'

/** How many audit entries one page holds. */
const auditPageSize = 50

/** Staff management and the audit trail, for the committee (docs/decisions/157-staff-audit-trail.md). */
export function mountStaffRoutes(
  { mount }: RouteMounter,
  deps: { db: Executor; clock: Clock; staff: StaffService },
): void {
  const { db, clock, staff } = deps

  mount(apiRoutes.getAdminStaff, async () => ({
    status: 200,
    body: encode(staffListCodec, await staff.list()),
  }))

  mount(apiRoutes.postAdminStaff, async ({ body, caller }) => {
    const { email, role } = decode(staffInvitationCodec, body)
    return {
      status: 201,
      body: encode(staffMemberCodec, await staff.invite(email, role, auditActor(caller))),
    }
  })

  mount(apiRoutes.putAdminStaffRole, async ({ body, params, caller }) => {
    const { role } = decode(staffRoleChangeCodec, body)
    const member = await staff.setRole(params.user, role, auditActor(caller))
    return { status: 200, body: encode(staffMemberCodec, member) }
  })

  mount(apiRoutes.postAdminStaffDisable, async ({ params, caller }) => ({
    status: 200,
    body: encode(staffMemberCodec, await staff.setEnabled(params.user, false, auditActor(caller))),
  }))

  mount(apiRoutes.postAdminStaffEnable, async ({ params, caller }) => ({
    status: 200,
    body: encode(staffMemberCodec, await staff.setEnabled(params.user, true, auditActor(caller))),
  }))

  mount(apiRoutes.getAdminAudit, async ({ query }) => {
    const page = await listAudit(db, {
      action: query.action,
      actor: query.actor,
      from: query.from === undefined ? undefined : new Date(query.from),
      to: query.to === undefined ? undefined : new Date(query.to),
      cursor: query.cursor === undefined ? undefined : Number(query.cursor),
      limit: auditPageSize,
    })
    return { status: 200, body: encode(auditPageCodec, page) }
  })

  mount(apiRoutes.postAdminAuditExport, async ({ body, caller }) => {
    const { list, rows } = decode(auditExportCodec, body)
    await recordAudit(db, {
      at: new Date(clock()),
      actor: auditActor(caller),
      action: 'csvExported',
      subject: list,
      details: { rows },
    })
    return { status: 204, body: undefined }
  })
}
