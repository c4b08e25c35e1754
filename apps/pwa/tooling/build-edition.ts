// Build plugin: `virtual:edition`, the edition the pages are prerendered with, its phase when the site is built,
// its schedule's dates formatted for each language (src/content/schedule.ts), and the wire shape a page checks
// GET /edition's answer against. The browser starts from these, so it shows the prerendered HTML's own strings and
// creates no Intl date formatter while a page starts (docs/decisions/041), then reads the current edition
// (docs/decisions/160-the-site-reads-the-edition.md).
import {
  type Clock,
  type Edition,
  editionPhase,
  firstEdition,
  publicEditionWireSchema,
  supportedLanguages,
  systemClock,
  wireShapeOf,
} from '@furfes/core'
import type { Plugin } from 'vite'
import { scheduleStrings } from '../src/content/schedule.ts'

const id = 'virtual:edition'
const resolvedId = `\0${id}`

/**
 * The edition the site is built with: the build stays offline, so it carries core's first edition, never what
 * some API answers at build time. The pages, the web manifests and the link cards are written from it.
 */
export const builtEdition: Edition = firstEdition

export function buildEditionPlugin({
  edition = builtEdition,
  clock = systemClock,
}: {
  edition?: Edition
  clock?: Clock
} = {}): Plugin {
  return {
    name: 'furfes-build-edition',
    resolveId: (source) => (source === id ? resolvedId : undefined),
    load(source) {
      if (source !== resolvedId) return undefined
      const judgedAt = clock()
      const exports = {
        edition,
        phase: editionPhase(edition, judgedAt),
        judgedAt,
        wireShape: wireShapeOf(publicEditionWireSchema),
        scheduleStrings: Object.fromEntries(
          supportedLanguages.map((language) => [language, scheduleStrings(language, edition)]),
        ),
      }
      return Object.entries(exports)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)}`)
        .join('\n')
    },
  }
}
