import type { Language } from '@furfes/ui'
import { createI18n } from '@furfes/ui'
import pwaEn from './locales/en/pwa.json'
import pwaJa from './locales/ja/pwa.json'

const pwaResources = { ja: { pwa: pwaJa }, en: { pwa: pwaEn } }

export function createPwaI18n(language: Language) {
  return createI18n(language, pwaResources)
}
