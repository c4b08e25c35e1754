import type { Clock, StaffAuditAction, StaffMember, StaffRole } from '@furfes/core'
import { cognitoErrorName, type StaffAccounts } from '../auth/staff-directory.ts'
import type { Executor } from '../db/database.ts'
import { notFound, productError } from '../http/errors.ts'
import type { Logger } from '../logger.ts'
import { type AuditActor, recordAudit } from './audit.ts'

export interface StaffService {
  list(): Promise<StaffMember[]>
  invite(email: string, role: StaffRole, actor: AuditActor): Promise<StaffMember>
  setRole(user: string, role: StaffRole, actor: AuditActor): Promise<StaffMember>
  setEnabled(user: string, enabled: boolean, actor: AuditActor): Promise<StaffMember>
}

/**
 * Staff management for the committee (docs/decisions/157-staff-audit-trail.md): the accounts live in Cognito's
 * admins pool, each change is written to the audit trail once Cognito made it. A committee member cannot take
 * away their own committee role or disable their own account, so the committee cannot lock itself out by a slip.
 */
export function createStaffService(options: {
  db: Executor
  clock: Clock
  logger: Logger
  accounts: StaffAccounts
}): StaffService {
  const { db, clock, accounts } = options
  const logger = options.logger.child({ component: 'staff' })

  /** Cognito's "no such user" is our 404; "exists" our 409; anything else is a failure to log. */
  async function cognito<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      const name = cognitoErrorName(error)
      if (name === 'UserNotFoundException') throw notFound()
      if (name === 'UsernameExistsException') throw productError(409, 'staffExists')
      logger.error('Cognito refused a staff change', { what, error })
      throw error
    }
  }

  const audit = (
    actor: AuditActor,
    action: StaffAuditAction,
    member: StaffMember,
    details: Record<string, unknown>,
  ) =>
    recordAudit(db, {
      at: new Date(clock()),
      actor,
      action,
      subject: member.email || member.user,
      details: { user: member.user, ...details },
    })

  return {
    list: () => cognito('list', () => accounts.list()),

    async invite(email, role, actor) {
      const member = await cognito('invite', () => accounts.invite(email, role))
      await audit(actor, 'staffInvited', member, { role })
      logger.info('Staff member invited', { adminId: actor.id, user: member.user, role })
      return member
    },

    async setRole(user, role, actor) {
      const before = await cognito('get', () => accounts.get(user))
      if (before.user === actor.id && role !== 'committee' && before.roles.includes('committee')) {
        throw productError(409, 'staffSelfChange')
      }
      // Add first, then remove: someone being moved never stands in no role in between.
      if (!before.roles.includes(role)) await cognito('add', () => accounts.addToGroup(before.user, role))
      for (const other of before.roles) {
        if (other !== role) await cognito('remove', () => accounts.removeFromGroup(before.user, other))
      }
      const after = { ...before, roles: [role] }
      await audit(actor, 'staffRoleChanged', after, { before: before.roles, after: [role] })
      return after
    },

    async setEnabled(user, enabled, actor) {
      const before = await cognito('get', () => accounts.get(user))
      if (!enabled && before.user === actor.id) throw productError(409, 'staffSelfChange')
      await cognito(enabled ? 'enable' : 'disable', () => accounts.setEnabled(before.user, enabled))
      const after = { ...before, enabled }
      await audit(actor, enabled ? 'staffEnabled' : 'staffDisabled', after, {})
      return after
    },
  }
}
