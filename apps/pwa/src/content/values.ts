import scheduleStrings from 'virtual:schedule-values'
import type { Language } from '@furfes/core'
import type { ContentValues } from './RichText.tsx'

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
 * The event's dates as the copy names them (`{{eventDate}}`, `{{clubApplicationPeriod}}`…), formatted as days in
 * Japan with the spec's suffixes: まで (until), から (since) and 以降 (after). The dates come from
 * @furfes/core, so the site, the API and next year's configuration agree. They are formatted once, at build time
 * (`tooling/schedule-values.ts`, from `schedule.ts`): the browser renders the very strings of the prerendered HTML,
 * whatever its own Intl data says, and never pays for loading a locale's date data while the page starts (the
 * first Intl date formatter costs a phone tens of milliseconds).
 */
export function scheduleValues(language: Language): ContentValues {
  const cached = scheduleValuesByLanguage.get(language)
  if (cached) return cached
  const values: ContentValues = Object.fromEntries(
    Object.entries(scheduleStrings[language]).map(([name, text]) => [name, () => text]),
  )
  scheduleValuesByLanguage.set(language, values)
  return values
}

const scheduleValuesByLanguage = new Map<Language, ContentValues>()

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
