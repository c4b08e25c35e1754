import type { Clock } from '@furfes/core'
import { eq } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { registrations } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import { rearmMail } from '../mail/outbox.ts'
import { type AuditActor, recordAudit } from './audit.ts'
import { requireCurrentEdition } from './editions.ts'

/**
 * The desk sends a paid registration's receipt again (docs/decisions/191-desk-payments-and-receipts.md): the
 * outbox's receipt row is armed once more, so the mailer renders it as it renders the first one (the
 * registration's language, the code link, the calendar file) and exactly one receipt is owed per request. A
 * receipt still waiting to leave is replaced rather than doubled. Refused for a registration not paid or
 * canceled, and for a past edition's, whose mail would name this year's event.
 */
export async function resendReceipt(
  deps: { db: Executor; clock: Clock },
  input: { registrationId: string; actor: AuditActor },
): Promise<void> {
  const now = deps.clock()
  await deps.db.transaction(async (tx) => {
    // Locked, so a cancellation committing meanwhile is seen: a canceled registration is never sent a receipt.
    const [row] = await tx
      .select({ paymentStatus: registrations.paymentStatus, editionId: registrations.editionId })
      .from(registrations)
      .where(eq(registrations.registrationId, input.registrationId))
      .for('update')
    if (!row) throw productError(404, 'notFound')
    if (row.paymentStatus !== 'paid') throw productError(409, 'receiptNotPaid')
    await requireCurrentEdition({ db: tx, clock: deps.clock }, row.editionId)
    await rearmMail(tx, { kind: 'receipt', registrationId: input.registrationId, now })
    await recordAudit(tx, {
      at: new Date(now),
      actor: input.actor,
      action: 'receiptResent',
      subject: input.registrationId,
      details: {},
      editionId: row.editionId,
    })
  })
}
