import { type Edition, type EditionPhase, editionPhase, type ProductErrorKey } from '@furfes/core'
import { productError } from '../http/errors.ts'
import { type EditionDeps, readCurrentEdition } from './editions.ts'

/** The current edition as the money-relevant readers see it, from memory for a short while. */
export interface CurrentEditionReader {
  read(): Promise<Edition>
  /** Reads the database again next time: this instance saved or published an edition. */
  forget(): void
}

/**
 * The current edition, read from the database at most once per `cacheMs` per instance (and again at once after
 * this instance changed an edition), so every checkout and refund does not query it. Another instance's change
 * reaches this one within `cacheMs`.
 */
export function createCurrentEditionReader(deps: EditionDeps & { cacheMs: number }): CurrentEditionReader {
  let cached: { edition: Edition; until: number } | undefined
  // A read that started before a change must not cache what it read over the change.
  let generation = 0
  return {
    async read() {
      const now = deps.clock()
      if (cached && now < cached.until) return cached.edition
      const started = generation
      const { edition } = await readCurrentEdition(deps)
      if (started === generation) cached = { edition, until: now + deps.cacheMs }
      return edition
    },
    forget() {
      generation += 1
      cached = undefined
    },
  }
}

/** Why a registration is refused in each phase but `onSale` (decision 158). */
const phaseRefusals = {
  announced: 'registrationNotOpenYet',
  closed: 'registrationClosed',
  eventDay: 'registrationClosed',
  over: 'editionOver',
} as const satisfies Record<Exclude<EditionPhase, 'onSale'>, ProductErrorKey>

/**
 * The current edition when it is on sale at `now`: starting a registration, opening or retrying a checkout,
 * joining the waiting list and accepting an offer need it; otherwise 409 with the reason (decision 158). A tier
 * sold out is answered by the inventory, not here: a sold-out edition with a waiting list is still on sale.
 */
export async function editionOnSale(reader: CurrentEditionReader, now: number): Promise<Edition> {
  const edition = await reader.read()
  const phase = editionPhase(edition, now)
  if (phase !== 'onSale') throw productError(409, phaseRefusals[phase])
  return edition
}
