import { isOneOf } from './one-of.ts'

/**
 * Staff roles, as groups of the admins user pool (`cognito:groups` in a staff token), least powerful first
 * (docs/decisions/156-staff-roles.md). A staff account in none of them has no staff rights.
 */
export const staffRoles = ['door', 'desk', 'committee'] as const
export type StaffRole = (typeof staffRoles)[number]

/** What staff can do. Each is granted to the roles listed in {@link staffPermissions}. */
export const staffActions = [
  // The door: let people in.
  'scan',
  'checkIn',
  'search',
  'handOutGoods',
  'reprintBadge',
  // The desk: look after one participant.
  'viewParticipantDetails',
  'editNotes',
  'refundWithinPolicy',
  'manageWaitingList',
  'registerComplimentary',
  'resendReceipt',
  // The committee: money, settings and people.
  'refundBeyondPolicy',
  'viewFigures',
  'exportWithEmail',
  'editSettings',
  'editEditions',
  'editTimetable',
  'publishAnnouncements',
  'switchFlags',
  'cancelEvent',
  'manageStaff',
  'readAudit',
  'eraseData',
] as const
export type StaffAction = (typeof staffActions)[number]

const door = ['scan', 'checkIn', 'search', 'handOutGoods', 'reprintBadge'] as const
const desk = [
  ...door,
  'viewParticipantDetails',
  'editNotes',
  'refundWithinPolicy',
  'manageWaitingList',
  'registerComplimentary',
  'resendReceipt',
] as const

/** The actions of each role: the desk does what the door does and more; the committee does everything. */
export const staffPermissions: Readonly<Record<StaffRole, readonly StaffAction[]>> = {
  door,
  desk,
  committee: staffActions,
}

export function isStaffRole(value: unknown): value is StaffRole {
  return isOneOf(staffRoles, value)
}

/** The staff roles among a token's groups, ignoring any group that is not a role. */
export function staffRolesOf(groups: readonly unknown[] | undefined): StaffRole[] {
  return staffRoles.filter((role) => groups?.includes(role))
}

/** Whether someone in these groups may do the action: one of their roles grants it. */
export function staffMay(groups: readonly unknown[] | undefined, action: StaffAction): boolean {
  return staffRolesOf(groups).some((role) => staffPermissions[role].includes(action))
}

/** The roles that may do an action, least powerful first: what an API route declares it admits. */
export function rolesAllowedTo(action: StaffAction): StaffRole[] {
  return staffRoles.filter((role) => staffPermissions[role].includes(action))
}

/** The most powerful of someone's roles, for showing it; undefined when they have none. */
export function leadingStaffRole(groups: readonly unknown[] | undefined): StaffRole | undefined {
  return staffRolesOf(groups).at(-1)
}
