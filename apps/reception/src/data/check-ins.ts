import {
  type CheckInItem,
  type CheckInRejectionReason,
  type CheckInStatus,
  type FirstCheckIn,
  isCheckInRefusal,
} from '@furfes/core'

/**
 * A check-in or undo as a device keeps it: what was recorded (here or on another device) and, once the API
 * has answered, how. `status` is absent while the item waits in this device's upload queue.
 */
export interface StoredCheckIn extends CheckInItem {
  /** Order of arrival on this device: the upload queue sends in this order, so an undo follows its check-in. */
  localSeq: number
  /** Recorded on this device (as opposed to pulled from another). */
  origin: 'local' | 'remote'
  status?: CheckInStatus
  /** With status duplicate: the check-in that won. */
  firstCheckIn?: FirstCheckIn
  firstCheckInId?: string
  reason?: CheckInRejectionReason
  /** When the API stored it (its clock). */
  receivedAt?: number
}

export function isPending(checkIn: StoredCheckIn): boolean {
  return checkIn.status === undefined
}

/**
 * The API's answer contradicts what staff saw when they recorded it: another device was first, or the
 * registration may not be checked in (not paid or canceled). The verdict shown at the door is not changed;
 * the conflict is shown in the sync chip and the participant's history.
 */
export function isConflict(checkIn: StoredCheckIn): boolean {
  return checkIn.status === 'duplicate' || (checkIn.status === 'rejected' && isCheckInRefusal(checkIn.reason))
}

/** Whether a registration counts as checked in, and by which check-in. */
export interface RegistrationCheckIn {
  /** The check-in in force: the first accepted one, else the first still waiting to be uploaded. */
  current: StoredCheckIn | undefined
  /** Every record of the registration (check-ins, duplicates, undos), oldest first: the audit trail. */
  history: StoredCheckIn[]
}

function byArrival(a: StoredCheckIn, b: StoredCheckIn): number {
  return (
    (a.receivedAt ?? Number.POSITIVE_INFINITY) - (b.receivedAt ?? Number.POSITIVE_INFINITY) ||
    a.checkedInAt - b.checkedInAt ||
    a.localSeq - b.localSeq
  )
}

/**
 * Folds check-in records into each registration's state, the way the API decides it: the first check-in to
 * reach the API wins, duplicates and rejected items never count, and an undo (accepted, or still waiting to
 * be uploaded) cancels its check-in. A check-in still in the queue counts too, so a device that is offline
 * says "already checked in" for people it let in itself.
 */
export function checkInsByRegistration(records: Iterable<StoredCheckIn>): Map<string, RegistrationCheckIn> {
  const groups = new Map<string, StoredCheckIn[]>()
  for (const record of records) {
    const group = groups.get(record.registrationId)
    if (group) group.push(record)
    else groups.set(record.registrationId, [record])
  }
  const result = new Map<string, RegistrationCheckIn>()
  for (const [registrationId, group] of groups) {
    const undone = new Set(
      group
        .filter(
          (record) => record.kind === 'undo' && (record.status === undefined || record.status === 'accepted'),
        )
        .map((record) => record.undoes),
    )
    const inForce = group
      .filter(
        (record) =>
          record.kind === 'check_in' &&
          (record.status === undefined || record.status === 'accepted') &&
          !undone.has(record.id),
      )
      .sort(byArrival)
    const history = [...group].sort((a, b) => a.checkedInAt - b.checkedInAt || a.localSeq - b.localSeq)
    result.set(registrationId, { current: inForce[0], history })
  }
  return result
}

/**
 * Where a check-in recorded at the door stands (docs/decisions/145-door-states-and-the-saved-code.md): kept on
 * this device while it is offline, waiting for the upload while it is online, uploaded once the API accepted
 * it, or answered otherwise (another device was first, or the API refused it).
 */
export type UploadState = 'recordedHere' | 'waiting' | 'uploaded' | 'answeredOtherwise'

export function uploadStateOf(checkIn: StoredCheckIn, connectivity: 'online' | 'offline'): UploadState {
  if (checkIn.status === undefined) return connectivity === 'online' ? 'waiting' : 'recordedHere'
  return checkIn.status === 'accepted' ? 'uploaded' : 'answeredOtherwise'
}

/** The reception catalogue's words for how the API answered a record, or that it still waits for upload. */
export function answerKey(checkIn: StoredCheckIn): string {
  return checkIn.status === 'rejected' && checkIn.reason
    ? `participants.history.reason.${checkIn.reason}`
    : `participants.history.status.${checkIn.status ?? 'pending'}`
}
