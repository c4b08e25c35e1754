import type { Language } from '@furfes/core'
import { createI18n } from '@furfes/ui'
import pwaEn from './locales/en/pwa.json'
import pwaJa from './locales/ja/pwa.json'

/**
 * The site's i18next instance: the shared `common` namespace and the site's `pwa` namespace (navigation,
 * titles, event facts). Each page brings its own copy (locales/<lang>/<page>.json) in its own chunk.
 */
export function createPwaI18n(language: Language) {
  return createI18n(language, { ja: { pwa: pwaJa }, en: { pwa: pwaEn } })
}
