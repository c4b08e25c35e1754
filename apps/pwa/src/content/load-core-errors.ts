import type { i18n as I18n } from 'i18next'
import { addCoreBundles } from './useCoreTranslation.ts'

/**
 * Adds core's error catalogue to i18next when a page first has a failure to show: a page whose request may fail
 * does not carry the catalogue of both languages on every visit (docs/decisions/195-member-client-pages-by-plain-fetch.md).
 * The `errors` namespace may be used once this settles. A module of its own, so that the pages sharing
 * useCoreTranslation do not carry this loader.
 */
export async function loadCoreErrors(i18n: I18n): Promise<void> {
  const { coreErrorResources } = await import('./core-error-resources.ts')
  addCoreBundles(i18n, 'errors', coreErrorResources)
}
