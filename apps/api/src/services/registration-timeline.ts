import {
  type ChangedDetailField,
  type Clock,
  type RefundSource,
  type RegistrationTier,
  registrationTiers,
  type TimelineEntry,
} from '@furfes/core'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { type Executor, queryRows } from '../db/database.ts'
import { readEdition } from './editions.ts'
import type { RegistrationRow } from './registration-queries.ts'

/*
 * What happened to a member's registration, oldest first (docs/decisions/171-the-registration-timeline-on-my-page.md),
 * read from what the API records anyway: the registration row (registered, paid), the audit trail (details and
 * tier changed by the participant), the refund record (refunded, canceled) and the check-in in force.
 */

/** The audit actions of a participant's own changes; a tier change is read when the API records one. */
const tierChangeAction = 'participantChangedTier'

const detailsSchema = z.object({
  badgeName: z.string(),
  tShirtSize: z.unknown(),
  changingRoomType: z.unknown(),
  accessNeeds: z.unknown(),
})
const detailsChangeSchema = z.object({ from: detailsSchema, to: detailsSchema })

const tierSchema = z.enum(registrationTiers)
/** A tier as a tier change's audit entry may name it: the tier, or the registration's details holding it. */
const tierOf = z.union([
  tierSchema,
  z.object({ registrationTier: tierSchema }).transform((v) => v.registrationTier),
])
const yen = z.number().int().min(0)
const tierChangeSchema = z.object({
  from: tierOf,
  to: tierOf,
  /** The difference moved, paid for an upgrade or refunded for a downgrade. */
  direction: z.enum(['upgrade', 'downgrade']).optional(),
  amountJpy: yen.optional(),
  payJpy: yen.optional(),
  paidJpy: yen.optional(),
  refundJpy: yen.optional(),
  refundedJpy: yen.optional(),
})

const detailFields: [ChangedDetailField, keyof z.infer<typeof detailsSchema>][] = [
  ['badge_name', 'badgeName'],
  ['t_shirt_size', 'tShirtSize'],
  ['changing_room_type', 'changingRoomType'],
  // Retention removes the access needs from these entries (decision 185): then a change of them names no field.
  ['access_needs', 'accessNeeds'],
]

export interface AuditRow {
  at: Date | string
  action: string
  details: unknown
}

/** A participant's change from the audit trail, or nothing when its details are not of a shape we know. */
export function fromAudit(row: AuditRow): TimelineEntry | undefined {
  const at = new Date(row.at).getTime()
  if (row.action === tierChangeAction) {
    const change = tierChangeSchema.safeParse(row.details)
    if (!change.success) return undefined
    const { direction, amountJpy } = change.data
    const paid =
      change.data.paidJpy ?? change.data.payJpy ?? (direction === 'upgrade' ? amountJpy : undefined)
    const refunded =
      change.data.refundedJpy ?? change.data.refundJpy ?? (direction === 'downgrade' ? amountJpy : undefined)
    return {
      at,
      kind: 'tier_changed',
      from: change.data.from,
      to: change.data.to,
      ...(paid ? { paidJpy: paid } : {}),
      ...(refunded ? { refundedJpy: refunded } : {}),
    }
  }
  const change = detailsChangeSchema.safeParse(row.details)
  if (!change.success) return undefined
  const { from, to } = change.data
  const fields = detailFields
    .filter(([, name]) => (from[name] ?? null) !== (to[name] ?? null))
    .map(([f]) => f)
  return { at, kind: 'details_changed', fields }
}

const refundedBy = (source: RefundSource) => (source === 'participant' ? 'participant' : 'committee')

export async function registrationTimeline(
  { db, clock }: { db: Executor; clock: Clock },
  row: RegistrationRow,
): Promise<TimelineEntry[]> {
  const id = row.registrationId
  const [audit, refunds, checkIns] = await Promise.all([
    queryRows<AuditRow>(
      db,
      sql`select at, action, details from staff_audit
        where subject = ${id} and action in ('participantChangedDetails', ${tierChangeAction}) order by id`,
    ),
    queryRows<{ amount_jpy: number; source: RefundSource; refunded_at: Date | string }>(
      db,
      sql`select amount_jpy, source, refunded_at from registration_refunds where registration_id = ${id}::uuid`,
    ),
    queryRows<{ checked_in_at: Date | string }>(
      db,
      sql`select c.checked_in_at from check_in_states s join check_ins c on c.id = s.check_in_id
        where s.registration_id = ${id}::uuid`,
    ),
  ])
  const changes = audit.flatMap((entry) => fromAudit(entry) ?? [])
  const firstTierChange = changes.find((entry) => entry.kind === 'tier_changed')
  const registeredTier: RegistrationTier =
    firstTierChange?.kind === 'tier_changed' ? firstTierChange.from : row.registrationTier
  const entries: TimelineEntry[] = [
    { at: row.createdAt.getTime(), kind: 'registered', registrationTier: registeredTier },
  ]
  if (row.paidAt !== null) {
    // A tier change sets the amount to the new tier's price: what was paid first is the registered tier's price.
    const amountJpy = firstTierChange
      ? (await readEdition({ db, clock }, row.editionId)).edition.tiers[registeredTier].priceJpy
      : row.amountJpy
    entries.push({ at: row.paidAt.getTime(), kind: 'paid', amountJpy })
  }
  entries.push(...changes)
  for (const refund of refunds) {
    const at = new Date(refund.refunded_at).getTime()
    if (refund.amount_jpy > 0) {
      entries.push({ at, kind: 'refunded', amountJpy: refund.amount_jpy, by: refundedBy(refund.source) })
    }
    entries.push({ at, kind: 'canceled' })
  }
  // Canceled without a refund record: a checkout given up before payment.
  if (row.paymentStatus === 'canceled' && refunds.length === 0) {
    entries.push({ at: row.updatedAt.getTime(), kind: 'canceled' })
  }
  for (const checkIn of checkIns)
    entries.push({ at: new Date(checkIn.checked_in_at).getTime(), kind: 'checked_in' })
  // Stable: what happened at the same instant keeps the order it was added in (a refund before its cancel).
  return entries.sort((a, b) => a.at - b.at)
}
