import type { Language } from '@furfes/core'
import { createI18nWith } from '@furfes/ui'
import type { i18n as I18n, ResourceLanguage } from 'i18next'
import pageTitlesJa from './locales/ja/page-titles.json'

/** A language's site strings: the shared `common` namespace and the site's `pwa` one. */
type SiteStrings = Readonly<Record<'common' | 'pwa', ResourceLanguage>>

/**
 * The site's i18next instance: the shared `common` namespace and the site's `pwa` namespace (navigation,
 * titles, event facts). Each page brings its own copy (locales/<lang>/<page>.json) in its own chunk.
 *
 * In the browser each language's strings come in their own chunk (`ensurePwaLanguage`), so a page downloads
 * the strings of the language it shows only (decision 200). The Japanese page titles are always there: the
 * document title is Japanese whatever the page's language (docs/requirements.md SITE-3). Builds and tests that
 * render at once pass the strings in.
 */
export function createPwaI18n(
  language: Language,
  strings: Readonly<Partial<Record<Language, SiteStrings>>> = {},
): I18n {
  const { ja, en } = strings
  return createI18nWith(language, {
    ja: { ...ja, pwa: { ...ja?.pwa, pages: pageTitlesJa } },
    ...(en ? { en } : {}),
  })
}

const loaders: Readonly<Record<Language, () => Promise<SiteStrings>>> = {
  ja: () => import('./i18n-japanese.ts').then((module) => module.japaneseStrings),
  en: () => import('./i18n-english.ts').then((module) => module.englishStrings),
}

/** Loads a language's strings, when not already there, before the interface shows it. */
export async function ensurePwaLanguage(i18n: I18n, language: Language): Promise<void> {
  // `common` comes only with a language's strings (`pwa` holds the Japanese page titles from the start).
  if (i18n.hasResourceBundle(language, 'common')) return
  const strings = await loaders[language]()
  i18n.addResourceBundle(language, 'pwa', strings.pwa, true)
  i18n.addResourceBundle(language, 'common', strings.common)
}
