import type { Edition } from '@furfes/core'
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

/**
 * The id of the edition a registration belongs to, which its registration code names (decision 159).
 * Registrations do not record their edition yet (decision 155, "Not yet"): every one is taken to be the current
 * edition's. This is the one place to change when they do.
 */
export async function editionOfRegistration(
  currentEdition: CurrentEditionReader,
  _registrationId: string,
): Promise<string> {
  return (await currentEdition.read()).id
}
