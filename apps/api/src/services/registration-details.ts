import { type Clock, detailsChangeClosesAt, type RegistrationDetails } from '@furfes/core'
import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { registrations } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import { rearmMail } from '../mail/outbox.ts'
import { recordAudit } from './audit.ts'
import { flagReprint } from './badge-prints.ts'
import type { CurrentEditionReader } from './current-edition.ts'
import type { RegistrationRow } from './registration-queries.ts'
import type { Erasure } from './retention.ts'

/*
 * A paid participant changes their badge name, T-shirt size or changing room on My Page until the badge print day
 * (docs/decisions/166-participants-change-their-details.md). The body was checked with the registration form's
 * rules for its tier on decoding; the tier itself stays.
 */

export interface DetailsChangeDeps {
  db: Executor
  clock: Clock
  currentEdition: CurrentEditionReader
}

/** Changes the details of `row` (the member's registration in the current edition); answers it as it now is. */
export async function changeDetails(
  { db, clock, currentEdition }: DetailsChangeDeps,
  row: RegistrationRow,
  details: RegistrationDetails,
): Promise<RegistrationRow> {
  const now = clock()
  if (row.paymentStatus !== 'paid') throw productError(409, 'detailsChangeNotPaid')
  const edition = await currentEdition.read()
  if (now >= detailsChangeClosesAt(edition)) throw productError(409, 'detailsChangeClosed')
  if (details.registrationTier !== row.registrationTier) throw productError(409, 'tierChangeNotOffered')
  const after = {
    badgeName: details.badgeName,
    tShirtSize: details.tShirtSize ?? null,
    changingRoomType: details.changingRoomType ?? null,
    accessNeeds: details.accessNeeds || null,
  }
  return db.transaction(async (tx) => {
    // Only while still paid: a cancellation that won the race leaves nothing to change.
    const [changed] = await tx
      .update(registrations)
      .set({ ...after, updatedAt: new Date(now) })
      .where(
        and(eq(registrations.registrationId, row.registrationId), eq(registrations.paymentStatus, 'paid')),
      )
      .returning()
    if (!changed) throw productError(409, 'detailsChangeNotPaid')
    await recordAudit(tx, {
      at: new Date(now),
      actor: { id: row.userId },
      action: 'participantChangedDetails',
      subject: row.registrationId,
      details: {
        from: {
          badgeName: row.badgeName,
          tShirtSize: row.tShirtSize,
          changingRoomType: row.changingRoomType,
          accessNeeds: row.accessNeeds,
        },
        to: after,
      },
      editionId: row.editionId,
    })
    await rearmMail(tx, { kind: 'details_changed', registrationId: row.registrationId, now })
    // A badge printed before this change shows the old details: the badge desk prints it again (decision 170).
    await flagReprint(tx, row.registrationId)
    return changed
  })
}

/**
 * What members entered in an edition's registrations, for retention (decision 161): the badge name column is
 * required, so an erased one is empty; the payment link leads to a session of a person (the session id itself
 * stays with the accounts). Access needs may say something about health (decision 185): they also leave the
 * details changes' audit entries, which keep that a change happened and when.
 */
export function memberFieldErasures(editionId: string): Erasure[] {
  return [
    {
      kind: 'registrations',
      table: 'registrations',
      set: sql`badge_name = '', t_shirt_size = null, changing_room_type = null, access_needs = null,
        payment_url = null`,
      where: sql`edition_id = ${editionId} and (badge_name <> '' or t_shirt_size is not null
        or changing_room_type is not null or access_needs is not null or payment_url is not null)`,
    },
    {
      kind: 'auditEntries',
      table: 'staff_audit',
      set: sql`details = (details #- '{from,accessNeeds}') #- '{to,accessNeeds}'`,
      where: sql`action = 'participantChangedDetails'
        and (details -> 'from' -> 'accessNeeds' is not null or details -> 'to' -> 'accessNeeds' is not null)
        and subject in (select registration_id::text from registrations where edition_id = ${editionId})`,
    },
  ]
}
