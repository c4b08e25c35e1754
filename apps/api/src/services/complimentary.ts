import { randomUUID } from 'node:crypto'
import {
  type ChangingRoomType,
  type Clock,
  type ComplimentaryKind,
  editionPhase,
  type Language,
  type RegistrationTier,
  type TShirtSize,
} from '@furfes/core'
import { and, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { sqlState, uniqueViolation } from '../db/database.ts'
import { registrations, users } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import { rearmMail } from '../mail/outbox.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import type { CurrentEditionReader } from './current-edition.ts'
import { retakeSpot } from './inventory.ts'
import { nextBadgeNumber } from './registration-payment.ts'

/*
 * The desk registers a guest, dealer or staff member without payment (docs/decisions/185-desk-tools.md): an
 * existing member account found by its e-mail address gets a paid registration of 0 JPY in the current edition.
 * It takes a spot through the inventory like any registration, so it never passes a tier's capacity.
 */

export interface ComplimentaryInput {
  email: string
  kind: ComplimentaryKind
  registrationTier: RegistrationTier
  badgeName: string
  tShirtSize: TShirtSize | undefined
  changingRoomType: ChangingRoomType | undefined
  accessNeeds: string | undefined
  language: Language
  actor: AuditActor
}

export type ComplimentaryRow = typeof registrations.$inferSelect

/** Registers the member with `input.email`: 404 complimentaryNoAccount, 409 soldOut or purchaseSessionAlreadyExists. */
export async function registerComplimentary(
  deps: { db: Executor; clock: Clock; currentEdition: CurrentEditionReader },
  input: ComplimentaryInput,
): Promise<ComplimentaryRow> {
  const now = deps.clock()
  const edition = await deps.currentEdition.read()
  if (editionPhase(edition, now) === 'over') throw productError(409, 'editionOver')
  const [user] = await deps.db
    .select({ userId: users.userId })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, isNull(users.erasedAt)))
  if (!user) throw productError(404, 'complimentaryNoAccount')
  const registrationId = randomUUID()
  const at = new Date(now)
  return deps.db.transaction(async (tx) => {
    if (!(await retakeSpot(tx, { editionId: edition.id, tier: input.registrationTier }))) {
      throw productError(409, 'soldOut')
    }
    let row: ComplimentaryRow | undefined
    try {
      ;[row] = await tx
        .insert(registrations)
        .values({
          registrationId,
          editionId: edition.id,
          userId: user.userId,
          registrationTier: input.registrationTier,
          badgeName: input.badgeName,
          tShirtSize: input.tShirtSize ?? null,
          changingRoomType: input.changingRoomType ?? null,
          accessNeeds: input.accessNeeds || null,
          paymentStatus: 'paid',
          amountJpy: 0,
          expiresAt: at,
          createdAt: at,
          updatedAt: at,
          paidAt: at,
          language: input.language,
          complimentaryKind: input.kind,
          // Paid from the start, so numbered in the same transaction as a paid registration (decision 189).
          badgeNumber: await nextBadgeNumber(tx, edition.id),
        })
        .returning()
    } catch (error) {
      // The member holds a registration in the edition already; the transaction gives the spot back.
      if (sqlState(error) === uniqueViolation) throw productError(409, 'purchaseSessionAlreadyExists')
      throw error
    }
    if (!row) throw new Error(`The complimentary registration ${registrationId} was not stored`)
    await recordAudit(tx, {
      at,
      actor: input.actor,
      action: 'complimentaryRegistered',
      subject: registrationId,
      details: { kind: input.kind, registrationTier: input.registrationTier, userId: user.userId },
      editionId: edition.id,
    })
    // The receipt mail carries the registration code's link and the event's details (decision 185).
    await rearmMail(tx, { kind: 'receipt', registrationId, now })
    return row
  })
}
