import { coreResources } from '@furfes/core'
import { createI18n, type Language } from '@furfes/ui'
import receptionEn from './locales/en/reception.json'
import receptionJa from './locales/ja/reception.json'

/** The reception namespace, plus core's errors, domain labels and date words. */
export function createReceptionI18n(language: Language) {
  return createI18n(language, {
    ja: { ...coreResources.ja, reception: receptionJa },
    en: { ...coreResources.en, reception: receptionEn },
  })
}
