import { scheduleStrings as builtStrings } from 'virtual:edition'
import type { Edition, Language } from '@furfes/core'
import type { EditionState } from '../app/edition.ts'
import type { ContentValues } from './RichText.tsx'
import { scheduleStrings } from './schedule.ts'

/**
 * 10,000: Japanese and English both group digits in threes with a comma. Done by hand because the first Intl
 * formatter a page makes loads locale data, which costs a phone tens of milliseconds while the page starts.
 */
export function formatNumber(value: number, _language: Language): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number: ${value}`)
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** An amount in yen as each language writes it: 3,000円 / ¥3,000. */
export function formatYen(amount: number, language: Language): string {
  const digits = formatNumber(amount, language)
  return language === 'ja' ? `${digits}円` : `¥${digits}`
}

/**
 * The edition's dates as the copy names them (`{{eventDate}}`, `{{clubApplicationPeriod}}`…), formatted as days
 * in Japan with the spec's suffixes: まで (until), から (since) and 以降 (after). For the edition the pages were
 * built with, they are the strings formatted at build time (`tooling/build-edition.ts`): the browser renders the
 * very strings of the prerendered HTML, whatever its own Intl data says, and never pays for loading a locale's
 * date data while the page starts (the first Intl date formatter costs a phone tens of milliseconds). Another
 * edition, answered by the API, is formatted here when its copy is first shown.
 */
export function scheduleValues(
  language: Language,
  { edition, fromBuild }: Pick<EditionState, 'edition' | 'fromBuild'>,
): ContentValues {
  const key = fromBuild ? built : edition
  const byLanguage = scheduleValuesByEdition.get(key) ?? new Map<Language, ContentValues>()
  scheduleValuesByEdition.set(key, byLanguage)
  const cached = byLanguage.get(language)
  if (cached) return cached
  let strings: Readonly<Record<string, string>> | undefined
  const table = () => {
    strings ??= fromBuild ? builtStrings[language] : scheduleStrings(language, edition)
    return strings
  }
  const values: ContentValues = Object.fromEntries(
    Object.keys(builtStrings[language]).map((name) => [name, () => table()[name] ?? '']),
  )
  byLanguage.set(language, values)
  return values
}

const built = {}
const scheduleValuesByEdition = new WeakMap<Edition | typeof built, Map<Language, ContentValues>>()

/** Values computed when first named, then kept: a page formats only what its copy names. */
export function lazyValues(formatters: Record<string, () => string | number>): ContentValues {
  const values: Record<string, () => string> = {}
  for (const [name, format] of Object.entries(formatters)) {
    let value: string | undefined
    values[name] = () => {
      value ??= String(format())
      return value
    }
  }
  return values
}
