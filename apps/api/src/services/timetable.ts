import {
  type AdminTimetable,
  type CalendarDate,
  type PublishedTimetable,
  seedTimetable,
  sortedSessions,
  type TimetableSession,
  timetableSessionsSchema,
} from '@furfes/core'
import { and, desc, eq } from 'drizzle-orm'
import type { Executor } from '../db/database.ts'
import { currentEdition, timetableDrafts, timetableVersions } from '../db/schema.ts'
import { productError } from '../http/errors.ts'
import { oweTimetableChangePushes } from '../push/subscriptions.ts'
import { type EditionDeps, isPastEdition, readEdition } from './editions.ts'

/*
 * The timetable of each edition (decision 172): the committee saves the whole draft over the revision it read,
 * publishes it as the next numbered version, and the public reads the current edition's latest version. Every
 * version is kept with who published it and when.
 */

/** The problems of a timetable, each on its field (`[index, field]`), with their catalogue messages. */
export class TimetableRejectedError extends Error {
  readonly issues: { path: string[]; message: string }[]

  constructor(issues: { path: string[]; message: string }[]) {
    super(
      `The timetable breaks ${issues.length} rule(s): ${issues.map((issue) => issue.path.join('.')).join(', ')}`,
    )
    this.name = 'TimetableRejectedError'
    this.issues = issues
  }
}

function validated(candidate: unknown): TimetableSession[] {
  const parsed = timetableSessionsSchema.safeParse(candidate)
  if (!parsed.success) {
    throw new TimetableRejectedError(
      parsed.error.issues.map(({ path, message }) => ({ path: path.map(String), message })),
    )
  }
  return sortedSessions(parsed.data)
}

/**
 * The committee edits the current edition's timetable and those of editions still being prepared; a past
 * edition's is read only (decision 158).
 */
async function requireEditable(deps: EditionDeps, editionId: string): Promise<{ current: boolean }> {
  const stored = await readEdition(deps, editionId)
  if (isPastEdition(stored)) throw productError(409, 'editionNotCurrent')
  return { current: stored.current }
}

/** An edition's draft and its versions, the latest first; an empty draft at revision 0 before the first save. */
export async function readAdminTimetable(deps: EditionDeps, editionId: string): Promise<AdminTimetable> {
  const { db } = deps
  await readEdition(deps, editionId)
  const [draft] = await db.select().from(timetableDrafts).where(eq(timetableDrafts.editionId, editionId))
  const versions = await db
    .select({
      version: timetableVersions.version,
      publishedAt: timetableVersions.publishedAt,
      publishedBy: timetableVersions.publishedBy,
      sessions: timetableVersions.sessions,
    })
    .from(timetableVersions)
    .where(eq(timetableVersions.editionId, editionId))
    .orderBy(desc(timetableVersions.version))
  return {
    editionId,
    draft: draft
      ? {
          sessions: timetableSessionsSchema.parse(draft.sessions),
          revision: draft.revision,
          updatedAt: draft.updatedAt.getTime(),
          updatedBy: draft.updatedBy,
        }
      : { sessions: [], revision: 0, updatedAt: null, updatedBy: null },
    versions: versions.map((version) => ({
      version: version.version,
      publishedAt: version.publishedAt.getTime(),
      publishedBy: version.publishedBy,
      sessionCount: version.sessions.length,
    })),
  }
}

/**
 * Saves the whole draft over `revision`. Someone else's save in between answers 409 timetableChanged; a
 * timetable that breaks a rule throws {@link TimetableRejectedError}. Either way nothing is saved.
 */
export async function saveTimetableDraft(
  deps: EditionDeps,
  change: { editionId: string; sessions: unknown; revision: number; staffUserId: string },
): Promise<AdminTimetable> {
  const sessions = validated(change.sessions)
  await requireEditable(deps, change.editionId)
  const now = new Date(deps.clock())
  const row = { sessions, revision: change.revision + 1, updatedAt: now, updatedBy: change.staffUserId }
  const saved =
    change.revision === 0
      ? await deps.db
          .insert(timetableDrafts)
          .values({ editionId: change.editionId, ...row })
          .onConflictDoNothing()
          .returning({ revision: timetableDrafts.revision })
      : await deps.db
          .update(timetableDrafts)
          .set(row)
          .where(
            and(
              eq(timetableDrafts.editionId, change.editionId),
              eq(timetableDrafts.revision, change.revision),
            ),
          )
          .returning({ revision: timetableDrafts.revision })
  if (saved.length === 0) throw productError(409, 'timetableChanged')
  return readAdminTimetable(deps, change.editionId)
}

/**
 * Publishes the draft as it was previewed (`revision`) as the edition's next version. A save since answers
 * 409 timetableChanged and publishes nothing.
 */
export async function publishTimetable(
  deps: EditionDeps,
  change: { editionId: string; revision: number; staffUserId: string },
): Promise<AdminTimetable> {
  const { current } = await requireEditable(deps, change.editionId)
  const now = new Date(deps.clock())
  await deps.db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(timetableDrafts)
      .where(eq(timetableDrafts.editionId, change.editionId))
      .for('update')
    if (!draft || draft.revision !== change.revision) throw productError(409, 'timetableChanged')
    const next = validated(draft.sessions)
    const { version, previous } = await insertNextVersion(tx, change.editionId, {
      sessions: next,
      publishedAt: now,
      publishedBy: change.staffUserId,
    })
    // Whoever starred a session this version moved, re-staged or cancelled is owed a push, in this transaction
    // (decision 176). Only the current edition's participants have its timetable on their devices.
    if (current && previous) {
      await oweTimetableChangePushes(tx, { previous, next, version, now: now.getTime() })
    }
  })
  return readAdminTimetable(deps, change.editionId)
}

async function insertNextVersion(
  tx: Executor,
  editionId: string,
  version: { sessions: TimetableSession[]; publishedAt: Date; publishedBy: string | null },
): Promise<{ version: number; previous: TimetableSession[] | undefined }> {
  const [latest] = await tx
    .select({ version: timetableVersions.version, sessions: timetableVersions.sessions })
    .from(timetableVersions)
    .where(eq(timetableVersions.editionId, editionId))
    .orderBy(desc(timetableVersions.version))
    .limit(1)
  const number = (latest?.version ?? 0) + 1
  await tx.insert(timetableVersions).values({ editionId, version: number, ...version })
  return { version: number, previous: latest?.sessions }
}

/** The current edition's latest published version; undefined while it has none. */
export async function readPublishedTimetable({ db }: EditionDeps): Promise<PublishedTimetable | undefined> {
  const [row] = await db
    .select({
      editionId: timetableVersions.editionId,
      version: timetableVersions.version,
      publishedAt: timetableVersions.publishedAt,
      sessions: timetableVersions.sessions,
    })
    .from(timetableVersions)
    .innerJoin(currentEdition, eq(currentEdition.editionId, timetableVersions.editionId))
    .orderBy(desc(timetableVersions.version))
    .limit(1)
  if (!row) return undefined
  return {
    ...row,
    publishedAt: row.publishedAt.getTime(),
    // Checked when published; read through the rules again so a version stored by older rules never reaches the
    // site unchecked.
    sessions: sortedSessions(timetableSessionsSchema.parse(row.sessions)),
  }
}

/**
 * The day as the site's copy describes it, drafted and published as version 1 for the current edition of a
 * database that holds no timetable at all (configuration only seeds, as for editions), so the site shows the
 * programme from the first start. An edition prepared later starts without one. Safe to run from several
 * instances at once.
 */
export async function seedEditionTimetable(
  deps: EditionDeps,
  edition: { id: string; eventDate: CalendarDate },
): Promise<void> {
  const now = new Date(deps.clock())
  const sessions = seedTimetable(edition.eventDate)
  await deps.db.transaction(async (tx) => {
    const [any] = await tx.select({ editionId: timetableDrafts.editionId }).from(timetableDrafts).limit(1)
    if (any) return
    const inserted = await tx
      .insert(timetableDrafts)
      .values({ editionId: edition.id, sessions, revision: 1, updatedAt: now })
      .onConflictDoNothing()
      .returning({ editionId: timetableDrafts.editionId })
    if (inserted.length === 0) return
    await insertNextVersion(tx, edition.id, { sessions, publishedAt: now, publishedBy: null })
  })
}
