import { isOneOf } from './one-of.ts'

/**
 * What the staff audit trail records (docs/decisions/157-staff-audit-trail.md): one entry per change a staff
 * member made to money, settings, people or the door's record. Edition saves keep their own history and are not
 * listed here.
 */
export const staffAuditActions = [
  'refund',
  'eventCancellationStarted',
  'featureFlagsChanged',
  'csvExported',
  'checkInUndone',
  'staffInvited',
  'staffRoleChanged',
  'staffDisabled',
  'staffEnabled',
  'retentionRun',
  'attentionChanged',
  // Not staff members' changes: a participant canceled their own paid registration, or changed its details.
  'participantCanceled',
  'participantChangedDetails',
  // A participant moved their paid registration to another tier (decision 167).
  'participantChangedTier',
  // A staff member refunded a registration's add-on alone (decision 178).
  'addonRefunded',
  // The desk registered a guest, dealer or staff member without payment (decision 185).
  'complimentaryRegistered',
  // The desk sent a paid registration's receipt mail again (decision 191).
  'receiptResent',
  // Announcements (decision 173): published, corrected (before and after), withdrawn, sent by mail.
  'announcementPublished',
  'announcementCorrected',
  'announcementWithdrawn',
  'announcementMailed',
] as const
export type StaffAuditAction = (typeof staffAuditActions)[number]

export function isStaffAuditAction(value: unknown): value is StaffAuditAction {
  return isOneOf(staffAuditActions, value)
}
