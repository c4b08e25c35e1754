import { type Language, supportedLanguages } from '@furfes/core'
import i18next, { type i18n, type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import commonEn from './locales/en/common.json'
import commonJa from './locales/ja/common.json'

export { type Language, supportedLanguages }

export const commonResources = { ja: { common: commonJa }, en: { common: commonEn } } as const

/**
 * Creates an i18next instance for one app. Each app passes its own namespace's resources; `common` is
 * shared. Resources are bundled, so initialisation is synchronous and the first render is translated.
 */
export function createI18n(language: Language, appResources: Resource): i18n {
  const resources: Resource = {}
  for (const lng of supportedLanguages) {
    resources[lng] = { ...commonResources[lng], ...appResources[lng] }
  }
  return createI18nWith(language, resources)
}

/**
 * The same with every namespace passed in, `common` included: for an app that bundles only some languages and
 * loads the others when they are chosen (the site's top page has no room for English it does not show).
 */
export function createI18nWith(language: Language, resources: Resource): i18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'ja',
    supportedLngs: [...supportedLanguages],
    resources,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  return instance
}
