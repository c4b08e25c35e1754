import { type Edition, editionToWire, firstEdition } from '@furfes/core'
import type { FakeApiServer } from './fake-api-server.ts'

/** The id of the past edition `addPastEdition` adds. */
export const pastEditionId = '2024'

/**
 * Adds a published edition that is no longer current (another id and name, the same dates) to the fake API, whose staff reads
 * answer `data` when asked for it (decision 158); `settings` changes its settings (its badge artwork, say).
 */
export function addPastEdition(
  server: FakeApiServer,
  data: FakeApiServer['pastEditions'][string],
  settings: Partial<Omit<Edition, 'id'>> = {},
): void {
  const edition = {
    ...firstEdition,
    id: pastEditionId,
    name: { ja: '東京ふぁーりーフェス 2024', en: 'Tokyo Furry Fes 2024' },
    ...settings,
  }
  server.editions = [
    ...server.editions,
    {
      edition: editionToWire(edition),
      status: 'published',
      version: 3,
      current: false,
      updated_at: '2024-03-01T01:00:00.000Z',
      updated_by: null,
    },
  ]
  server.pastEditions[pastEditionId] = data
}
