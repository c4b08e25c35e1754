import { type AuditEntry, eventTimeZone, type Participant, type RefundListItem } from '@furfes/core'
import Papa from 'papaparse'
import type { RegistrationCheckIn, StoredCheckIn } from '../data/check-ins.ts'

/** The CSV's columns, in order: stable names a spreadsheet or script can rely on. */
export const csvColumns = [
  'user_id',
  'email',
  'registration_id',
  'registration_tier',
  'badge_name',
  'payment_status',
  't_shirt_size',
  'changing_room_type',
  'handle_name',
  'profile_privacy',
  'profile_urls',
  'club_activity_x_username',
  'addons',
  'checked_in_at',
  'checked_in_device',
  'access_needs',
  'door_note',
  'attention_flagged',
  'complimentary',
] as const
type CsvColumn = (typeof csvColumns)[number]

/** Excel reads a UTF-8 file as Shift_JIS unless it starts with a byte order mark. */
export const byteOrderMark = '\uFEFF'

const tokyoParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: eventTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

function partsInTokyo(epochMs: number): Record<string, string> {
  return Object.fromEntries(tokyoParts.formatToParts(epochMs).map((part) => [part.type, part.value]))
}

/** `2025-05-10 09:30:00`, Japan time: the form Excel recognises as a date and time. */
export function formatTokyoDateTime(epochMs: number): string {
  const p = partsInTokyo(epochMs)
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`
}

/**
 * `participants-2025-05-10-0930.csv` (or `check-ins-…`): what it holds and the date (and time, Japan) of the
 * download.
 */
export function csvFileName(
  now: number,
  kind: 'participants' | 'check-ins' | 'dashboard' | 'audit' | 'refunds' = 'participants',
): string {
  const p = partsInTokyo(now)
  return `${kind}-${p.year}-${p.month}-${p.day}-${p.hour}${p.minute}.csv`
}

function participantRow(
  participant: Participant,
  checkIns: ReadonlyMap<string, RegistrationCheckIn>,
): Record<CsvColumn, string> {
  const registration = participant.registration
  const registrationId = registration?.registrationId
  const checkIn = registrationId === undefined ? undefined : checkIns.get(registrationId)?.current
  return {
    user_id: participant.user.userId,
    email: participant.user.email ?? '',
    registration_id: registrationId ?? '',
    registration_tier: registration?.registrationTier ?? '',
    badge_name: registration?.badgeName ?? '',
    payment_status: registration?.paymentStatus ?? '',
    t_shirt_size: registration?.tShirtSize ?? '',
    changing_room_type: registration?.changingRoomType ?? '',
    handle_name: participant.profile?.handleName ?? '',
    profile_privacy: participant.profile?.privacy ?? '',
    profile_urls: participant.profile?.linkUrls.join(' ') ?? '',
    club_activity_x_username: participant.registrationAdditionalInfo?.clubActivityXUsername ?? '',
    // The codes of the add-ons paid for (decision 178), space-separated like the profile's links.
    addons: participant.addons?.map((addon) => addon.code).join(' ') ?? '',
    checked_in_at: checkIn ? formatTokyoDateTime(checkIn.checkedInAt) : '',
    checked_in_device: checkIn ? (checkIn.deviceName ?? checkIn.deviceId) : '',
    // What the participant stated (decision 185) and what staff told the door (decision 175).
    access_needs: registration?.accessNeeds ?? '',
    door_note: participant.attention?.note ?? '',
    attention_flagged: participant.attention?.flagged ? 'true' : 'false',
    // Given by the desk without payment, and to whom (decision 185); empty for a registration paid for.
    complimentary: (registration?.paymentStatus !== 'pending' && registration?.complimentary) || '',
  }
}

/**
 * The participant list as CSV: UTF-8 with a byte order mark, CRLF line ends, one row per participant. Cells
 * that a spreadsheet would run as a formula (badge names are typed by users: `=HYPERLINK(…)`) are prefixed
 * with an apostrophe, papaparse's escapeFormulae.
 */
export function participantsCsv(
  participants: readonly Participant[],
  checkIns: ReadonlyMap<string, RegistrationCheckIn>,
): string {
  const rows = participants.map((participant) => {
    const row = participantRow(participant, checkIns)
    return csvColumns.map((column) => row[column])
  })
  return toCsv(csvColumns, rows)
}

/**
 * Every CSV of the app is written alike: byte order mark, CRLF, and formula-looking cells defused. A file that
 * is read back (the timetable) also prefixes a cell that starts with an apostrophe, so reading removes exactly
 * one apostrophe from every prefixed cell and gives back what was written.
 */
export function toCsv(
  fields: readonly string[],
  rows: string[][],
  options: { readBack?: boolean } = {},
): string {
  return (
    byteOrderMark +
    Papa.unparse(
      { fields: [...fields], data: rows },
      { newline: '\r\n', escapeFormulae: options.readBack ? /^[=+\-@\t\r']/ : true, quotes: false },
    )
  )
}

/** The check-in CSV's columns, in order. */
export const checkInCsvColumns = [
  'checked_in_at',
  'kind',
  'registration_id',
  'user_id',
  'badge_name',
  'email',
  'device_id',
  'device_name',
  'status',
  'reason',
] as const
type CheckInCsvColumn = (typeof checkInCsvColumns)[number]

/**
 * Every check-in and undo this device knows (recorded here or pulled from the other devices), oldest first:
 * who, when (Japan time) and on which device, with the API's answer (`pending` while it waits for upload).
 * Written like the participant CSV, so the same spreadsheet opens both.
 */
export function checkInsCsv(
  checkIns: readonly StoredCheckIn[],
  participantsByRegistrationId: ReadonlyMap<string, Participant>,
): string {
  const rows = [...checkIns]
    .sort((a, b) => a.checkedInAt - b.checkedInAt || a.localSeq - b.localSeq)
    .map((item) => {
      const participant = participantsByRegistrationId.get(item.registrationId)
      const row: Record<CheckInCsvColumn, string> = {
        checked_in_at: formatTokyoDateTime(item.checkedInAt),
        kind: item.kind,
        registration_id: item.registrationId,
        user_id: participant?.user.userId ?? '',
        badge_name: participant?.registration?.badgeName ?? '',
        email: participant?.user.email ?? '',
        device_id: item.deviceId,
        device_name: item.deviceName ?? '',
        status: item.status ?? 'pending',
        reason: item.reason ?? '',
      }
      return checkInCsvColumns.map((column) => row[column])
    })
  return toCsv(checkInCsvColumns, rows)
}

/** Saves text as a file through a temporary link, which works offline (no server round trip). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The audit CSV's columns, in order. */
const auditCsvColumns = ['at', 'actor_id', 'actor_email', 'action', 'subject', 'details'] as const

/** Audit entries as CSV (decision 157): Japan time, the details as the JSON the API keeps. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return toCsv(
    auditCsvColumns,
    entries.map((entry) => [
      formatTokyoDateTime(entry.at),
      entry.actorId,
      entry.actorEmail ?? '',
      entry.action,
      entry.subject,
      JSON.stringify(entry.details),
    ]),
  )
}

/** The refunds CSV's columns, in order (decision 191). */
export const refundCsvColumns = [
  'refunded_at',
  'kind',
  'registration_id',
  'badge_number',
  'badge_name',
  'registration_tier',
  'addon',
  'amount_jpy',
  'policy_amount_jpy',
  'stripe_refund_ids',
  'source',
  'reason',
  'staff',
] as const

/**
 * The edition's refunds for the accounts (docs/decisions/191-desk-payments-and-receipts.md), written like the
 * participant CSV: Japan time, the API's codes for tiers, add-ons and sources, yen as whole numbers.
 */
export function refundsCsv(refunds: readonly RefundListItem[]): string {
  return toCsv(
    refundCsvColumns,
    refunds.map((refund) => [
      formatTokyoDateTime(refund.refundedAt),
      refund.kind,
      refund.registrationId,
      refund.badgeNumber === undefined ? '' : String(refund.badgeNumber),
      refund.badgeName,
      refund.registrationTier,
      refund.addon ?? '',
      String(refund.amountJpy),
      refund.policyAmountJpy === undefined ? '' : String(refund.policyAmountJpy),
      // A refund split over several payments has one Stripe refund each (decision 168), space-separated.
      refund.stripeRefundIds.join(' '),
      refund.source,
      refund.reason ?? '',
      refund.staff ?? '',
    ]),
  )
}
