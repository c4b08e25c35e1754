import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  isStaffRole,
  leadingStaffRole,
  rolesAllowedTo,
  staffActions,
  staffMay,
  staffPermissions,
  staffRoles,
  staffRolesOf,
} from './staff-roles.ts'

describe('staff roles', () => {
  it('lets the door scan, check in, search, hand out goods and reprint badges, and nothing else', () => {
    expect(staffPermissions.door).toEqual(['scan', 'checkIn', 'search', 'handOutGoods', 'reprintBadge'])
    for (const action of ['refundWithinPolicy', 'exportWithEmail', 'switchFlags', 'cancelEvent'] as const) {
      expect(staffMay(['door'], action)).toBe(false)
    }
  })

  it("gives the desk the door's actions plus details, notes, refunds within the policy, the waiting list and complimentary registrations and receipts sent again", () => {
    expect(staffPermissions.desk).toEqual([
      ...staffPermissions.door,
      'viewParticipantDetails',
      'editNotes',
      'refundWithinPolicy',
      'manageWaitingList',
      'registerComplimentary',
      'resendReceipt',
    ])
    expect(staffMay(['desk'], 'refundBeyondPolicy')).toBe(false)
    expect(staffMay(['desk'], 'exportWithEmail')).toBe(false)
  })

  it('gives the committee every action, and each action to at least the committee', () => {
    expect(staffPermissions.committee).toEqual(staffActions)
    for (const action of staffActions) expect(rolesAllowedTo(action)).toContain('committee')
    expect(rolesAllowedTo('scan')).toEqual(['door', 'desk', 'committee'])
    expect(rolesAllowedTo('refundWithinPolicy')).toEqual(['desk', 'committee'])
    expect(rolesAllowedTo('cancelEvent')).toEqual(['committee'])
    expect(rolesAllowedTo('eraseData')).toEqual(['committee'])
  })

  it('grants nothing to an account in no role, or in groups that are not roles', () => {
    for (const groups of [undefined, [], ['volunteers'], ['Committee'], [42]]) {
      expect(staffRolesOf(groups)).toEqual([])
      for (const action of staffActions) expect(staffMay(groups, action)).toBe(false)
      expect(leadingStaffRole(groups)).toBeUndefined()
    }
  })

  it('adds up the rights of several roles, and names the most powerful', () => {
    expect(staffRolesOf(['committee', 'other', 'door'])).toEqual(['door', 'committee'])
    expect(staffMay(['door', 'desk'], 'editNotes')).toBe(true)
    expect(leadingStaffRole(['door', 'desk'])).toBe('desk')
    expect(staffRoles.every(isStaffRole)).toBe(true)
    expect(isStaffRole('admin')).toBe(false)
  })

  it("are the groups the Cognito emulator's admins pool defines, the committee first by precedence", () => {
    const pools = JSON.parse(
      readFileSync(new URL('../../../../apps/cognito-emulator/pools.json', import.meta.url), 'utf8'),
    ) as { pools: { name: string; groups?: { name: string; precedence: number }[] }[] }
    const groups = pools.pools.find((pool) => pool.name === 'admins')?.groups ?? []

    expect([...groups].sort((a, b) => b.precedence - a.precedence).map((group) => group.name)).toEqual(
      staffRoles,
    )
  })
})
