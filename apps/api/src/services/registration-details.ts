import { type Clock, detailsChangeClosesAt, type RegistrationDetails } from '@furfes/core'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { registrations } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import { rearmMail } from '../mail/outbox.ts'
import { recordAudit } from './audit.ts'
import { flagReprint } from './badge-prints.ts'
import type { CurrentEditionReader } from './current-edition.ts'
import type { RegistrationRow } from './registration-queries.ts'

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
