// Build plugin: `virtual:schedule-values`, the schedule's dates formatted for each language when the app is built
// (src/content/schedule.ts), so the browser shows the prerendered HTML's own strings and creates no Intl date
// formatter while a page starts (docs/decisions/041).
import { supportedLanguages } from '@furfes/core'
import type { Plugin } from 'vite'
import { scheduleStrings } from '../src/content/schedule.ts'

const id = 'virtual:schedule-values'
const resolvedId = `\0${id}`

export function scheduleValuesPlugin(): Plugin {
  return {
    name: 'furfes-schedule-values',
    resolveId: (source) => (source === id ? resolvedId : undefined),
    load(source) {
      if (source !== resolvedId) return undefined
      const table = Object.fromEntries(
        supportedLanguages.map((language) => [language, scheduleStrings(language)]),
      )
      return `export default ${JSON.stringify(table)}`
    },
  }
}
