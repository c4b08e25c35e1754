import { type Language, languageLocales } from './language.ts'

const formats = new Map<Language, Intl.ListFormat>()

/** A list as each language writes it: 「A、B、C」 in Japanese, "A, B, and C" in English. */
export function formatList(items: readonly string[], language: Language): string {
  let format = formats.get(language)
  if (!format) {
    format = new Intl.ListFormat(languageLocales[language], { style: 'long', type: 'conjunction' })
    formats.set(language, format)
  }
  return format.format(items)
}
