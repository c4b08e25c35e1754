import {
  type CoreNamespace,
  type coreDomainResources,
  type coreErrorResources,
  supportedLanguages,
} from '@furfes/core'
import type { i18n as I18n } from 'i18next'
import { useTranslation } from 'react-i18next'

/**
 * Translations owned by @furfes/core (`domain` labels, the `errors` catalogue), added to i18next by the pages
 * that show them, so their text never weighs on the first page load. The page passes the namespace's texts
 * (`coreDomainResources`, `coreErrorResources`), so a page that shows tier names does not also carry the error
 * catalogue (docs/decisions/187-every-public-page-budget.md).
 */
export function useCoreTranslation(
  namespace: Exclude<CoreNamespace, 'dates'>,
  resources: typeof coreDomainResources | typeof coreErrorResources,
) {
  const { i18n } = useTranslation()
  addCoreBundles(i18n, namespace, resources)
  return useTranslation(namespace)
}

/** Adds a namespace's texts in every language, unless they are there already. */
export function addCoreBundles(
  i18n: I18n,
  namespace: Exclude<CoreNamespace, 'dates'>,
  resources: typeof coreDomainResources | typeof coreErrorResources,
) {
  for (const language of supportedLanguages) {
    if (!i18n.hasResourceBundle(language, namespace)) {
      i18n.addResourceBundle(language, namespace, resources[language])
    }
  }
}
