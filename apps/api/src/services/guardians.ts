import type { Clock, Guardian, Participant, Ward } from '@furfes/core'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '../db/database.ts'
import { guardianLinks, registrations, users } from '../db/schema.ts'
import { notFound, productError } from '../http/errors.ts'
import { rearmMail } from '../mail/outbox.ts'
import { liveRegistrationOf } from './registration-queries.ts'
import type { Erasure } from './retention.ts'

/*
 * A minor's guardian (docs/decisions/184-guardians.md). A link row per minor and edition is the minor's "13 or
 * under" answer; it names the guardian's registration, which must be paid for the link to count, so a guardian
 * whose registration is cancelled or refunded after confirming no longer lets the minor pay: the minor names
 * another guardian. This module is the links' one writer.
 */

const guardianRegistration = alias(registrations, 'guardian_registration')
const minorRegistration = alias(registrations, 'minor_registration')
/** The minor of a link holds a live (pending or paid) registration of the link's edition. */
const minorHoldsLiveRegistration = and(
  eq(minorRegistration.userId, guardianLinks.minorUserId),
  eq(minorRegistration.editionId, guardianLinks.editionId),
  inArray(minorRegistration.paymentStatus, ['pending', 'paid']),
)
const guardianUser = alias(users, 'guardian_user')

/** The guardian the member named in an edition, if they named one. */
export async function guardianOf(
  db: Executor,
  userId: string,
  editionId: string,
): Promise<Guardian | undefined> {
  const [row] = await db
    .select({
      guardianEmail: guardianUser.email,
      status: guardianLinks.status,
      paymentStatus: guardianRegistration.paymentStatus,
    })
    .from(guardianLinks)
    .innerJoin(
      guardianRegistration,
      eq(guardianRegistration.registrationId, guardianLinks.guardianRegistrationId),
    )
    .innerJoin(guardianUser, eq(guardianUser.userId, guardianRegistration.userId))
    .where(and(eq(guardianLinks.editionId, editionId), eq(guardianLinks.minorUserId, userId)))
  if (!row) return undefined
  return {
    guardianEmail: row.guardianEmail ?? '',
    status: row.status,
    guardianRegistered: row.paymentStatus === 'paid',
  }
}

/** Whether the member named a guardian in the edition, that is said they are a minor. */
export async function isMinor(db: Executor, userId: string, editionId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: guardianLinks.minorUserId })
    .from(guardianLinks)
    .where(and(eq(guardianLinks.editionId, editionId), eq(guardianLinks.minorUserId, userId)))
  return rows.length > 0
}

/**
 * Names the guardian by their account's e-mail address: 409 guardianSelf, guardianNotFound (no account there
 * with a registration in the edition), guardianNotEligible (not paid, or a minor themselves). A new guardian
 * replaces the one before and has to confirm again.
 */
export async function nameGuardian(
  db: Executor,
  clock: Clock,
  input: { userId: string; ownEmail: string | undefined; editionId: string; guardianEmail: string },
): Promise<Guardian> {
  const { userId, ownEmail, editionId, guardianEmail } = input
  if (ownEmail?.toLowerCase() === guardianEmail.toLowerCase()) throw productError(409, 'guardianSelf')
  const accounts = await db
    .select({ userId: users.userId })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${guardianEmail})`)
  if (accounts.some((account) => account.userId === userId)) throw productError(409, 'guardianSelf')
  const candidates = await Promise.all(
    accounts.map((account) => liveRegistrationOf(db, account.userId, editionId)),
  )
  const found = candidates.filter((registration) => registration !== undefined)
  if (found.length === 0) throw productError(409, 'guardianNotFound')
  const guardian = found.find((registration) => registration.paymentStatus === 'paid')
  if (!guardian || (await isMinor(db, guardian.userId, editionId)))
    throw productError(409, 'guardianNotEligible')
  const now = clock()
  const values = {
    guardianRegistrationId: guardian.registrationId,
    status: 'requested' as const,
    requestedAt: new Date(now),
    decidedAt: null,
  }
  await db.transaction(async (tx) => {
    // Naming the guardian who still has this request unanswered changes nothing: a form sent twice must not
    // mail the guardian twice (decision 208). Any other naming is a new request, and the guardian is told.
    const made = await tx
      .insert(guardianLinks)
      .values({ editionId, minorUserId: userId, ...values })
      .onConflictDoUpdate({
        target: [guardianLinks.editionId, guardianLinks.minorUserId],
        set: values,
        setWhere: sql`${guardianLinks.guardianRegistrationId} <> excluded.guardian_registration_id
          or ${guardianLinks.status} <> 'requested'`,
      })
      .returning({ minorUserId: guardianLinks.minorUserId })
    if (made.length > 0) {
      await rearmMail(tx, { kind: 'guardian_requested', registrationId: guardian.registrationId, now })
    }
  })
  return { guardianEmail, status: 'requested', guardianRegistered: true }
}

/**
 * The requests still waiting for the answer of the guardian holding `guardianRegistrationId`, oldest first, each
 * with the minor's badge name when the minor holds a live registration of the edition (null before they
 * register): what the guardian's mail says (decision 208). Never the minor's e-mail address.
 */
export async function requestsAwaiting(
  db: Executor,
  guardianRegistrationId: string,
): Promise<{ badgeName: string | null }[]> {
  return db
    .select({ badgeName: minorRegistration.badgeName })
    .from(guardianLinks)
    .leftJoin(minorRegistration, minorHoldsLiveRegistration)
    .where(
      and(
        eq(guardianLinks.guardianRegistrationId, guardianRegistrationId),
        eq(guardianLinks.status, 'requested'),
      ),
    )
    .orderBy(guardianLinks.requestedAt)
}

const minorUser = alias(users, 'minor_user')

async function wardRows(db: Executor, userId: string, editionId: string, minorUserId?: string) {
  const guardian = await liveRegistrationOf(db, userId, editionId)
  if (!guardian) return []
  return db
    .select({
      minorUserId: guardianLinks.minorUserId,
      minorEmail: minorUser.email,
      status: guardianLinks.status,
    })
    .from(guardianLinks)
    .innerJoin(minorUser, eq(minorUser.userId, guardianLinks.minorUserId))
    .where(
      and(
        eq(guardianLinks.guardianRegistrationId, guardian.registrationId),
        minorUserId === undefined ? undefined : eq(guardianLinks.minorUserId, minorUserId),
      ),
    )
    .orderBy(guardianLinks.requestedAt)
}

/** The minors who named the member as guardian in an edition. */
export async function wardsOf(db: Executor, userId: string, editionId: string): Promise<Ward[]> {
  const rows = await wardRows(db, userId, editionId)
  return rows.map((row) => ({ ...row, minorEmail: row.minorEmail ?? '' }))
}

/**
 * The guardian's answer: 404 when no such minor named them; 409 guardianNotEligible when their own registration
 * is no longer paid (they cannot confirm, though they may decline).
 */
export async function decideGuardianship(
  db: Executor,
  clock: Clock,
  input: { userId: string; editionId: string; minorUserId: string; confirm: boolean },
): Promise<Ward> {
  const { userId, editionId, minorUserId, confirm } = input
  const guardian = await liveRegistrationOf(db, userId, editionId)
  const [row] = await wardRows(db, userId, editionId, minorUserId)
  if (!guardian || !row) throw notFound()
  if (confirm && guardian.paymentStatus !== 'paid') throw productError(409, 'guardianNotEligible')
  const status = confirm ? 'confirmed' : 'declined'
  await db
    .update(guardianLinks)
    .set({ status, decidedAt: new Date(clock()) })
    .where(and(eq(guardianLinks.editionId, editionId), eq(guardianLinks.minorUserId, minorUserId)))
  return { minorUserId, minorEmail: row.minorEmail ?? '', status }
}

/**
 * The payment gate (decision 184): a minor starts Checkout only with a guardian who confirmed and whose
 * registration is paid (409 guardianNotConfirmed). Someone who says they are not a minor drops any guardian
 * they named.
 */
export async function requireGuardianIfMinor(
  db: Executor,
  input: { userId: string; editionId: string; minor: boolean },
): Promise<void> {
  const { userId, editionId, minor } = input
  if (!minor) {
    await db
      .delete(guardianLinks)
      .where(and(eq(guardianLinks.editionId, editionId), eq(guardianLinks.minorUserId, userId)))
    return
  }
  const guardian = await guardianOf(db, userId, editionId)
  if (guardian?.status !== 'confirmed' || !guardian.guardianRegistered) {
    throw productError(409, 'guardianNotConfirmed')
  }
}

/**
 * What the door sees (decision 184), by registration id: a minor's guardian, and a guardian's confirmed minors
 * who hold a live registration.
 */
export async function doorGuardians(
  db: Executor,
  editionId: string,
): Promise<Map<string, Pick<Participant, 'guardian' | 'minors'>>> {
  const rows = await db
    .select({
      minorRegistrationId: minorRegistration.registrationId,
      minorBadgeName: minorRegistration.badgeName,
      status: guardianLinks.status,
      guardianRegistrationId: guardianRegistration.registrationId,
      guardianBadgeName: guardianRegistration.badgeName,
      guardianPaymentStatus: guardianRegistration.paymentStatus,
    })
    .from(guardianLinks)
    .innerJoin(
      guardianRegistration,
      eq(guardianRegistration.registrationId, guardianLinks.guardianRegistrationId),
    )
    .innerJoin(minorRegistration, minorHoldsLiveRegistration)
    .where(eq(guardianLinks.editionId, editionId))
  const byRegistration = new Map<string, Pick<Participant, 'guardian' | 'minors'>>()
  for (const row of rows) {
    const confirmed = row.status === 'confirmed' && row.guardianPaymentStatus === 'paid'
    byRegistration.set(row.minorRegistrationId, {
      ...byRegistration.get(row.minorRegistrationId),
      guardian: { registrationId: row.guardianRegistrationId, badgeName: row.guardianBadgeName, confirmed },
    })
    if (!confirmed) continue
    const entry = byRegistration.get(row.guardianRegistrationId) ?? {}
    const minors = [
      ...(entry.minors ?? []),
      { registrationId: row.minorRegistrationId, badgeName: row.minorBadgeName },
    ]
    byRegistration.set(row.guardianRegistrationId, { ...entry, minors })
  }
  return byRegistration
}

/** What retention erases of an edition (decision 161): who named whom as guardian goes with the registrations. */
export function guardianErasures(editionId: string): Erasure[] {
  return [{ kind: 'registrations', table: 'guardian_links', where: sql`edition_id = ${editionId}` }]
}
