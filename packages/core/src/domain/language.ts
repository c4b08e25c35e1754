import { isOneOf } from './one-of.ts'

/** Interface languages; Japanese is the default (docs/requirements.md LANG-1). */
export const supportedLanguages = ['ja', 'en'] as const
export type Language = (typeof supportedLanguages)[number]

export const defaultLanguage: Language = 'ja'

/** The locale each language formats dates and numbers with. */
export const languageLocales: Readonly<Record<Language, string>> = { ja: 'ja-JP', en: 'en-US' }

export function isLanguage(value: unknown): value is Language {
  return isOneOf(supportedLanguages, value)
}

/**
 * Reads a language tag as one of ours by its primary subtag, so a browser's `en-US` or `ja-JP` counts as
 * `en` or `ja`; anything else is not a supported language.
 */
export function languageOfTag(tag: string | null | undefined): Language | undefined {
  const primary = tag?.trim().split(/[-_]/, 1)[0]?.toLowerCase()
  return isLanguage(primary) ? primary : undefined
}

/**
 * The language to show (docs/requirements.md LANG-5): the stored choice, else the browser's language; anything other than
 * ja or en becomes ja.
 */
export function chooseLanguage(choice: {
  stored?: string | null | undefined
  browserLanguage?: string | null | undefined
}): Language {
  if (choice.stored !== undefined && choice.stored !== null)
    return languageOfTag(choice.stored) ?? defaultLanguage
  return languageOfTag(choice.browserLanguage) ?? defaultLanguage
}
