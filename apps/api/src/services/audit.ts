import type { AuditEntry, AuditPage, StaffAuditAction } from '@furfes/core'
import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm'
import type { VerifiedToken } from '../auth/tokens.ts'
import type { Executor } from '../db/database.ts'
import { staffAudit } from '../db/schema.ts'

/** The staff member who did something: their admins pool `sub` and, when known, their e-mail address. */
export interface AuditActor {
  id: string
  email?: string | undefined
}

export interface AuditEntryInput {
  at: Date
  actor: AuditActor
  action: StaffAuditAction
  subject: string
  details: Record<string, unknown>
  editionId?: string | undefined
}

/** The actor of a staff route's caller. */
export function auditActor(caller: Pick<VerifiedToken, 'sub' | 'email'>): AuditActor {
  return { id: caller.sub, email: caller.email }
}

/**
 * Adds one entry to the staff audit trail (docs/decisions/157-staff-audit-trail.md). Give it the transaction of
 * the change it records, so the change and its entry are stored together or not at all.
 */
export async function recordAudit(executor: Executor, entry: AuditEntryInput): Promise<void> {
  await executor.insert(staffAudit).values({
    at: entry.at,
    actorId: entry.actor.id,
    actorEmail: entry.actor.email ?? null,
    action: entry.action,
    subject: entry.subject,
    details: entry.details,
    editionId: entry.editionId ?? null,
  })
}

export interface AuditFilter {
  action?: StaffAuditAction | undefined
  /** A staff member's `sub` or e-mail address. */
  actor?: string | undefined
  /** From this instant on (inclusive). */
  from?: Date | undefined
  /** Before this instant (exclusive). */
  to?: Date | undefined
  /** The `nextCursor` of the page before: entries older than it. */
  cursor?: number | undefined
  limit: number
}

/** One page of the audit trail, newest first. */
export async function listAudit(db: Executor, filter: AuditFilter): Promise<AuditPage> {
  const conditions: SQL[] = []
  if (filter.action) conditions.push(eq(staffAudit.action, filter.action))
  if (filter.actor) {
    const byActor = or(eq(staffAudit.actorId, filter.actor), eq(staffAudit.actorEmail, filter.actor))
    if (byActor) conditions.push(byActor)
  }
  if (filter.from) conditions.push(gte(staffAudit.at, filter.from))
  if (filter.to) conditions.push(lt(staffAudit.at, filter.to))
  if (filter.cursor !== undefined) conditions.push(lt(staffAudit.id, filter.cursor))
  const rows = await db
    .select()
    .from(staffAudit)
    .where(and(...conditions))
    .orderBy(desc(staffAudit.id))
    .limit(filter.limit + 1)
  const items = rows.slice(0, filter.limit).map(
    (row): AuditEntry => ({
      id: row.id,
      at: row.at.getTime(),
      actorId: row.actorId,
      ...(row.actorEmail === null ? {} : { actorEmail: row.actorEmail }),
      action: row.action,
      subject: row.subject,
      details: row.details,
      ...(row.editionId === null ? {} : { editionId: row.editionId }),
    }),
  )
  const last = items.at(-1)
  return rows.length > filter.limit && last ? { items, nextCursor: String(last.id) } : { items }
}
