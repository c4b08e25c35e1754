import { type Clock, capacityIssues, type Edition, editionSchema, type RegistrationTier } from '@furfes/core'
import { and, desc, eq, sql } from 'drizzle-orm'
import { type Executor, queryRows } from '../db/database.ts'
import { currentEdition, editionChanges, editions, registrations } from '../db/schema.ts'
import { productError } from '../http/errors.ts'

/*
 * Editions as data (decision 155): read the current one, save a change over the version it was read at, prepare
 * the next one as a reviewed draft, publish it and make it current. Every change is recorded with who, when,
 * before and after.
 */

export interface EditionDeps {
  db: Executor
  clock: Clock
}

export interface StoredEdition {
  edition: Edition
  status: 'draft' | 'published'
  /** Counts the saves: a change names the version it was made on. */
  version: number
  updatedAt: Date
  updatedBy: string | null
  current: boolean
}

/** The problems of a record, each on its field: core's rules, and no capacity below the spots already taken. */
export class EditionRejectedError extends Error {
  readonly issues: { path: (string | number)[]; message: string }[]

  constructor(issues: { path: (string | number)[]; message: string }[]) {
    super(
      `The edition breaks ${issues.length} rule(s): ${issues.map((issue) => issue.path.join('.')).join(', ')}`,
    )
    this.name = 'EditionRejectedError'
    this.issues = issues
  }
}

export function validated(candidate: unknown, taken?: Readonly<Record<RegistrationTier, number>>): Edition {
  const parsed = editionSchema.safeParse(candidate)
  if (!parsed.success) {
    throw new EditionRejectedError(
      parsed.error.issues.map(({ path, message }) => ({ path: path.map(String), message })),
    )
  }
  const issues = taken ? capacityIssues(parsed.data, taken) : []
  if (issues.length > 0) throw new EditionRejectedError(issues)
  return parsed.data
}

const storedColumns = {
  editionId: editions.editionId,
  settings: editions.settings,
  status: editions.status,
  version: editions.version,
  updatedAt: editions.updatedAt,
  updatedBy: editions.updatedBy,
  current: sql<boolean>`${currentEdition.editionId} is not null`,
}

function toStored(row: Awaited<ReturnType<typeof selectStored>>[number]): StoredEdition {
  return {
    // What was stored passed the schema when it was written; reading it through the schema again keeps a record
    // written by an older version of the rules from reaching the site unchecked.
    edition: editionSchema.parse({ id: row.editionId, ...row.settings }),
    status: row.status,
    version: row.version,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
    current: row.current,
  }
}

function selectStored(db: Executor) {
  return db
    .select(storedColumns)
    .from(editions)
    .leftJoin(currentEdition, eq(currentEdition.editionId, editions.editionId))
}

export const settingsOf = ({ id: _, ...settings }: Edition) => settings

/**
 * Stores the first edition and makes it current when the database has none; a database that has editions keeps
 * them (configuration only seeds). Safe to run from several instances at once.
 */
export async function seedEditions({ db, clock }: EditionDeps, first: Edition): Promise<void> {
  const edition = validated(first)
  const now = new Date(clock())
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ editionId: editions.editionId }).from(editions).limit(1)
    if (existing) return
    // The first edition may be seeded between two migrations (server.ts, decision 158), before later ones add
    // columns to editions; drizzle's insert names every column of today's schema, so the row is written with
    // the columns that edition's first migration already had, and later columns take their defaults.
    const at = now.toISOString()
    const inserted = await queryRows<{ edition_id: string }>(
      tx,
      sql`insert into editions (edition_id, settings, status, version, created_at, updated_at)
        values (${edition.id}, ${JSON.stringify(settingsOf(edition))}::jsonb, 'published', 1, ${at}, ${at})
        on conflict do nothing returning edition_id`,
    )
    if (inserted.length === 0) return
    await tx.insert(currentEdition).values({ id: 1, editionId: edition.id, since: now }).onConflictDoNothing()
    await tx
      .insert(editionChanges)
      .values({ editionId: edition.id, action: 'seeded', changedAt: now, after: settingsOf(edition) })
  })
}

/** The current edition; the database always has one once seeded. */
export async function readCurrentEdition({ db }: EditionDeps): Promise<StoredEdition> {
  const [row] = await selectStored(db).where(eq(currentEdition.id, 1))
  if (!row) throw new Error('No current edition: the editions were not seeded')
  return toStored(row)
}

export async function readEdition({ db }: EditionDeps, editionId: string): Promise<StoredEdition> {
  const [row] = await selectStored(db).where(eq(editions.editionId, editionId))
  if (!row) throw productError(404, 'notFound')
  return toStored(row)
}

/** The edition a registration belongs to (decision 158), in one query: its code names it and runs to its day. */
export async function readEditionOfRegistration(
  { db }: EditionDeps,
  registrationId: string,
): Promise<Edition> {
  const [row] = await selectStored(db)
    .innerJoin(registrations, eq(registrations.editionId, editions.editionId))
    .where(eq(registrations.registrationId, registrationId))
  if (!row) throw new Error(`No registration ${registrationId}: it has no edition`)
  return toStored(row).edition
}

/** The edition a staff read names (decision 158): the current one when none is named; 404 for an unknown id. */
export const editionToRead = (deps: EditionDeps, requested: string | undefined): Promise<StoredEdition> =>
  requested === undefined ? readCurrentEdition(deps) : readEdition(deps, requested)

/**
 * A staff write names, or acts on a registration of, `editionId`: only the current edition takes writes; a past
 * one (or a draft) answers 409 editionNotCurrent (decision 158).
 */
export async function requireCurrentEdition(deps: EditionDeps, editionId: string): Promise<void> {
  const current = await readCurrentEdition(deps)
  if (current.edition.id !== editionId) throw productError(409, 'editionNotCurrent')
}

/** Every edition, the latest event first. */
export async function listEditions({ db }: EditionDeps): Promise<StoredEdition[]> {
  const rows = await selectStored(db).orderBy(desc(sql`${editions.settings} ->> 'eventDate'`))
  return rows.map(toStored)
}

/** A published edition that is not current: its event is over, and its badges reprint as they were printed. */
export const isPastEdition = (edition: { status: 'draft' | 'published'; current: boolean }): boolean =>
  edition.status === 'published' && !edition.current

/**
 * Saves a change made on `version`. Someone else's save in between answers 409 editionChanged and changes
 * nothing; a record that breaks a rule throws {@link EditionRejectedError}. `taken` (spots taken per tier)
 * keeps a capacity from going below what is sold. A past edition takes no change at all (decision 214): a save
 * answers 409 editionNotCurrent.
 */
export async function saveEdition(
  { db, clock }: EditionDeps,
  change: {
    edition: Edition
    version: number
    staffUserId: string
    taken?: Readonly<Record<RegistrationTier, number>>
  },
): Promise<StoredEdition> {
  const edition = validated(change.edition, change.taken)
  const now = new Date(clock())
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ settings: editions.settings, status: editions.status, current: storedColumns.current })
      .from(editions)
      .leftJoin(currentEdition, eq(currentEdition.editionId, editions.editionId))
      .where(eq(editions.editionId, edition.id))
      .for('update', { of: editions })
    if (!before) throw productError(404, 'notFound')
    // A past edition is the record of an event held: its prices, capacities and dates are what its receipts and
    // figures were made from, and its badges reprint as they were printed (decisions 211, 214).
    if (isPastEdition(before)) throw productError(409, 'editionNotCurrent')
    const updated = await tx
      .update(editions)
      .set({
        settings: settingsOf(edition),
        version: change.version + 1,
        updatedAt: now,
        updatedBy: change.staffUserId,
      })
      .where(and(eq(editions.editionId, edition.id), eq(editions.version, change.version)))
      .returning({ editionId: editions.editionId })
    if (updated.length === 0) throw productError(409, 'editionChanged')
    await tx.insert(editionChanges).values({
      editionId: edition.id,
      action: 'updated',
      staffUserId: change.staffUserId,
      changedAt: now,
      before: before.settings,
      after: settingsOf(edition),
    })
  })
  return readEdition({ db, clock }, edition.id)
}
