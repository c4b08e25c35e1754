import { nextEditionDraft } from '@furfes/core'
import { eq } from 'drizzle-orm'
import { currentEdition, editionChanges, editions } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import {
  type EditionDeps,
  readCurrentEdition,
  readEdition,
  type StoredEdition,
  settingsOf,
  validated,
} from './editions.ts'

/*
 * An edition's life after its first save (decision 155): the next one prepared as a reviewed draft, published and
 * made current, and the record of every change.
 */

/**
 * "Prepare the next edition": a draft copied from the current one with its dates a year later (core's
 * `nextEditionDraft`), for the committee to review. Preparing it twice answers 409 editionExists.
 */
export async function prepareNextEdition(deps: EditionDeps, staffUserId: string): Promise<StoredEdition> {
  const { db, clock } = deps
  const draft = validated(nextEditionDraft((await readCurrentEdition(deps)).edition))
  const now = new Date(clock())
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(editions)
      .values({
        editionId: draft.id,
        settings: settingsOf(draft),
        status: 'draft',
        version: 1,
        createdAt: now,
        updatedAt: now,
        updatedBy: staffUserId,
      })
      .onConflictDoNothing()
      .returning({ editionId: editions.editionId })
    if (inserted.length === 0) throw productError(409, 'editionExists')
    await tx.insert(editionChanges).values({
      editionId: draft.id,
      action: 'created',
      staffUserId,
      changedAt: now,
      after: settingsOf(draft),
    })
  })
  return readEdition(deps, draft.id)
}

/**
 * Publishes an edition (a draft becomes published) and makes it current, at the version it was reviewed at:
 * a change saved since answers 409 editionChanged.
 */
export async function makeEditionCurrent(
  deps: EditionDeps,
  change: { editionId: string; version: number; staffUserId: string },
): Promise<StoredEdition> {
  const { db, clock } = deps
  const now = new Date(clock())
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ settings: editions.settings, status: editions.status, version: editions.version })
      .from(editions)
      .where(eq(editions.editionId, change.editionId))
      .for('update')
    if (!row) throw productError(404, 'notFound')
    if (row.version !== change.version) throw productError(409, 'editionChanged')
    const record = {
      editionId: change.editionId,
      staffUserId: change.staffUserId,
      changedAt: now,
      after: row.settings,
    }
    if (row.status === 'draft') {
      await tx
        .update(editions)
        .set({ status: 'published', version: row.version + 1, updatedAt: now, updatedBy: change.staffUserId })
        .where(eq(editions.editionId, change.editionId))
      await tx.insert(editionChanges).values({ ...record, action: 'published', before: row.settings })
    }
    await tx
      .insert(currentEdition)
      .values({ id: 1, editionId: change.editionId, since: now })
      .onConflictDoUpdate({ target: currentEdition.id, set: { editionId: change.editionId, since: now } })
    await tx.insert(editionChanges).values({ ...record, action: 'made_current', before: row.settings })
  })
  return readEdition(deps, change.editionId)
}

/** The recorded changes of an edition, oldest first. */
export async function editionHistory({ db }: EditionDeps, editionId: string) {
  return db
    .select({
      action: editionChanges.action,
      staffUserId: editionChanges.staffUserId,
      changedAt: editionChanges.changedAt,
      before: editionChanges.before,
      after: editionChanges.after,
    })
    .from(editionChanges)
    .where(eq(editionChanges.editionId, editionId))
    .orderBy(editionChanges.changeId)
}
