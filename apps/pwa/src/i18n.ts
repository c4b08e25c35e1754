import type { Language } from '@furfes/core'
import { createI18n } from '@furfes/ui'
import type { i18n as I18n } from 'i18next'
import pwaJa from './locales/ja/pwa.json'

type PwaStrings = typeof pwaJa

/**
 * The site's i18next instance: the shared `common` namespace and the site's `pwa` namespace (navigation,
 * titles, event facts). Each page brings its own copy (locales/<lang>/<page>.json) in its own chunk.
 *
 * Japanese is always bundled (every page's title is Japanese); the English strings come in their own chunk
 * (`ensurePwaLanguage`), so a Japanese page never downloads them — the top page's script budget
 * (docs/decisions/127). Builds and tests that render English at once pass them in.
 */
export function createPwaI18n(language: Language, english?: PwaStrings) {
  return createI18n(language, { ja: { pwa: pwaJa }, ...(english ? { en: { pwa: english } } : {}) })
}

/** Loads a language's strings, when not already there, before the interface switches to it. */
export async function ensurePwaLanguage(i18n: I18n, language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'pwa')) return
  const { default: english } = await import('./locales/en/pwa.json')
  i18n.addResourceBundle('en', 'pwa', english)
}
