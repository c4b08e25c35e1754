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

/**
 * Adds core's error catalogue to i18next when a page first has a failure to show: a page whose request may fail
 * does not carry the catalogue of both languages on every visit (docs/decisions/195-error-catalogue-on-failure.md).
 * The `errors` namespace may be used once this settles.
 */
export async function loadCoreErrors(i18n: I18n): Promise<void> {
  const { coreErrorResources } = await import('./core-error-resources.ts')
  addCoreBundles(i18n, 'errors', coreErrorResources)
}

function addCoreBundles(
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
