import type { Attention, Clock } from '@furfes/core'
import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { registrationAttention, registrations } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import type { Erasure } from './retention.ts'

/*
 * Staff's note for the door and the attention flag on a registration (docs/decisions/175-door-attention.md).
 * The participant list carries them to every reception device; this module is their one writer.
 */

const cleared: Attention = { flagged: false, note: '' }

/**
 * Replaces a registration's note and flag and records the change with before and after in the audit trail, in
 * one transaction. Neither flag nor note leaves no row. The registration's row is locked first, so two staff
 * members saving at once are recorded in the order they were stored, each with the other's text as before.
 */
export async function setAttention(
  db: Executor,
  clock: Clock,
  input: { registrationId: string; attention: Attention; actor: AuditActor },
): Promise<Attention> {
  const { registrationId, attention, actor } = input
  const now = new Date(clock())
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Executor
    const [registration] = await tx
      .select({ editionId: registrations.editionId })
      .from(registrations)
      .where(eq(registrations.registrationId, registrationId))
      .for('update')
    if (!registration) throw notFound()
    const [row] = await tx
      .select({ flagged: registrationAttention.flagged, note: registrationAttention.note })
      .from(registrationAttention)
      .where(eq(registrationAttention.registrationId, registrationId))
    const before = row ?? cleared
    if (before.flagged === attention.flagged && before.note === attention.note) return
    if (!attention.flagged && attention.note === '') {
      await tx.delete(registrationAttention).where(eq(registrationAttention.registrationId, registrationId))
    } else {
      const values = { ...attention, updatedAt: now, updatedBy: actor.id }
      await tx
        .insert(registrationAttention)
        .values({ registrationId, ...values })
        .onConflictDoUpdate({ target: registrationAttention.registrationId, set: values })
    }
    await recordAudit(tx, {
      at: now,
      actor,
      action: 'attentionChanged',
      subject: registrationId,
      details: { before, after: attention },
      editionId: registration.editionId,
    })
  })
  return attention
}

/**
 * What retention erases of an edition's notes (decision 161): a note may say something about a person's health
 * or conduct, so the notes go with the registration's personal data, and the audit trail keeps who changed a
 * note and when but not the text.
 */
export function attentionErasures(editionId: string): Erasure[] {
  const ofEdition = sql`(select registration_id from registrations where edition_id = ${editionId})`
  return [
    { kind: 'registrations', table: 'registration_attention', where: sql`registration_id in ${ofEdition}` },
    {
      kind: 'auditEntries',
      table: 'staff_audit',
      set: sql`details = details - 'before' - 'after'`,
      where: sql`action = 'attentionChanged' and details ->> 'after' is not null
        and subject in (select registration_id::text from registrations where edition_id = ${editionId})`,
    },
  ]
}
