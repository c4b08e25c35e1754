import {
  apiRoutes,
  editionChangeListCodec,
  editionCodec,
  editionPhase,
  invalidRequestBody,
  perTier,
  publicEditionCodec,
  storedEditionCodec,
  storedEditionListCodec,
} from '@furfes/core'
import type { Hono } from 'hono'
import { z } from 'zod'
import { HttpError, productError } from '../http/errors.ts'
import { encode, type RouteMounter, strongEtag } from '../http/route.ts'
import { seedAddonProducts } from '../services/addons.ts'
import type { AnnouncementDeps } from '../services/announcements.ts'
import { availability } from '../services/availability.ts'
import type { CurrentEditionReader } from '../services/current-edition.ts'
import { editionHistory, makeEditionCurrent, prepareNextEdition } from '../services/edition-lifecycle.ts'
import {
  EditionRejectedError,
  listEditions,
  readEdition,
  type StoredEdition,
  saveEdition,
} from '../services/editions.ts'
import { syncTierCapacities } from '../services/inventory.ts'
import { mountAnnouncementRoutes } from './announcements.ts'
import { mountTimetableRoutes } from './timetable.ts'

/** How long browsers and caches may keep the public edition before asking again (with its ETag). */
const publicMaxAgeSeconds = 60

const storedView = (stored: StoredEdition) => ({ ...stored, updatedAt: stored.updatedAt.getTime() })

/**
 * 400 editionInvalid, each issue on its field (its path in the edition, as the reception's form names it) with
 * its catalogue message.
 */
function rejected(error: z.ZodError | EditionRejectedError): HttpError {
  const issues =
    error instanceof EditionRejectedError
      ? error.issues.map(({ path, message }) => ({ path: path.map(String), message }))
      : invalidRequestBody(error).issues
  return new HttpError(400, { message: 'editionInvalid', ...(issues ? { issues } : {}) })
}

/**
 * The edition: its public read, which the sites cache by ETag, and the committee's settings (decision 155), and
 * its timetable (decision 172) and announcements (decision 173). A saved change to the current edition reaches
 * the inventory's capacities and this instance's readers at once.
 */
export function mountEditionRoutes(
  mounter: RouteMounter,
  // The options of the API, whose logger and listeners the announcements take.
  deps: AnnouncementDeps & { currentEdition: CurrentEditionReader; app: Hono },
): void {
  const { mount } = mounter
  const { db, clock, currentEdition } = deps
  mountTimetableRoutes(mounter, deps.app, { db, clock })
  mountAnnouncementRoutes(mounter, deps)
  const editions = { db, clock }

  /** After a change: this instance reads the edition again, and the inventory follows the current one. */
  async function changed(stored: StoredEdition): Promise<void> {
    currentEdition.forget()
    if (stored.current) {
      const { tiers } = stored.edition
      await syncTierCapacities(
        db,
        stored.edition.id,
        perTier((tier) => tiers[tier].capacity),
      )
      await seedAddonProducts(db, stored.edition)
    }
  }

  /**
   * The spots each tier's holds in force take in an edition (paid, pending, offered): no capacity may go below
   * them.
   */
  async function takenSpots(editionId: string) {
    const tiers = await availability(db, editionId, clock())
    return perTier((tier) => tiers.find((item) => item.registrationTier === tier)?.held ?? 0)
  }

  mount(apiRoutes.getEdition, async () => {
    const edition = await currentEdition.read()
    const body = encode(publicEditionCodec, { edition, phase: editionPhase(edition, clock()) })
    return {
      status: 200,
      body,
      headers: { ETag: strongEtag(body), 'Cache-Control': `public, max-age=${publicMaxAgeSeconds}` },
    }
  })

  mount(apiRoutes.getAdminEditions, async () => {
    const stored = await listEditions(editions)
    return { status: 200, body: encode(storedEditionListCodec, stored.map(storedView)) }
  })

  mount(apiRoutes.getAdminEdition, async ({ params }) => {
    const stored = await readEdition(editions, params.edition_id)
    return { status: 200, body: encode(storedEditionCodec, storedView(stored)) }
  })

  mount(apiRoutes.putAdminEdition, async ({ params, body, caller }) => {
    // An edition's id is its name in codes and addresses: a save never renames one.
    if (body.edition.id !== params.edition_id) throw productError(400, 'invalidRequest')
    const parsed = z.safeDecode(editionCodec, body.edition)
    if (!parsed.success) throw rejected(parsed.error)
    let stored: StoredEdition
    try {
      stored = await saveEdition(editions, {
        edition: parsed.data,
        version: body.version,
        staffUserId: caller.sub,
        taken: await takenSpots(params.edition_id),
      })
    } catch (error) {
      if (error instanceof EditionRejectedError) throw rejected(error)
      throw error
    }
    await changed(stored)
    return { status: 200, body: encode(storedEditionCodec, storedView(stored)) }
  })

  mount(apiRoutes.postAdminEditionNext, async ({ caller }) => {
    const stored = await prepareNextEdition(editions, caller.sub)
    return { status: 201, body: encode(storedEditionCodec, storedView(stored)) }
  })

  mount(apiRoutes.postAdminEditionPublish, async ({ params, body, caller }) => {
    const stored = await makeEditionCurrent(editions, {
      editionId: params.edition_id,
      version: body.version,
      staffUserId: caller.sub,
    })
    await changed(stored)
    return { status: 200, body: encode(storedEditionCodec, storedView(stored)) }
  })

  mount(apiRoutes.getAdminEditionChanges, async ({ params }) => {
    await readEdition(editions, params.edition_id)
    const changes = await editionHistory(editions, params.edition_id)
    return {
      status: 200,
      body: encode(
        editionChangeListCodec,
        changes.map((change) => ({
          action: change.action,
          staffUserId: change.staffUserId,
          changedAt: change.changedAt.getTime(),
          before: change.before && { id: params.edition_id, ...change.before },
          after: { id: params.edition_id, ...change.after },
        })),
      ),
    }
  })
}
