import { createI18n, type Language } from '@furfes/ui'
import receptionEn from './locales/en/reception.json'
import receptionJa from './locales/ja/reception.json'

export function createReceptionI18n(language: Language) {
  return createI18n(language, { ja: { reception: receptionJa }, en: { reception: receptionEn } })
}
