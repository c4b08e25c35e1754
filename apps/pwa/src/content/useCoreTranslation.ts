import { type CoreNamespace, coreResources, supportedLanguages } from '@furfes/core'
import { useTranslation } from 'react-i18next'

/**
 * Translations owned by @furfes/core (`domain` labels, the `errors` catalogue), added to i18next by the pages
 * that show them, so their text never weighs on the first page load.
 */
export function useCoreTranslation(namespace: Exclude<CoreNamespace, 'dates'>) {
  const { i18n } = useTranslation()
  for (const language of supportedLanguages) {
    if (!i18n.hasResourceBundle(language, namespace)) {
      i18n.addResourceBundle(language, namespace, coreResources[language][namespace])
    }
  }
  return useTranslation(namespace)
}
