import type { Language } from '@furfes/core'
import { createI18nWith } from '@furfes/ui'
import commonJa from '@furfes/ui/locales/ja/common.json'
import type { i18n as I18n } from 'i18next'
import type { englishStrings } from './i18n-english.ts'
import pwaJa from './locales/ja/pwa.json'

/**
 * The site's i18next instance: the shared `common` namespace and the site's `pwa` namespace (navigation,
 * titles, event facts). Each page brings its own copy (locales/<lang>/<page>.json) in its own chunk.
 *
 * Japanese is always bundled (every page's title is Japanese); the English strings, the shared `common` ones
 * included, come in their own chunk
 * (`ensurePwaLanguage`), so a Japanese page never downloads them — the top page's script budget
 * (docs/decisions/127). Builds and tests that render English at once pass them in.
 */
export function createPwaI18n(language: Language, english?: typeof englishStrings) {
  return createI18nWith(language, {
    ja: { common: commonJa, pwa: pwaJa },
    ...(english ? { en: english } : {}),
  })
}

/** Loads a language's strings, when not already there, before the interface switches to it. */
export async function ensurePwaLanguage(i18n: I18n, language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'pwa')) return
  const { englishStrings } = await import('./i18n-english.ts')
  i18n.addResourceBundle('en', 'pwa', englishStrings.pwa)
  i18n.addResourceBundle('en', 'common', englishStrings.common)
}
