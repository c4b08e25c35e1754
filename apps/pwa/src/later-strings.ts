import type { Language } from '@furfes/core'
import type { i18n as I18n, ResourceLanguage } from 'i18next'

/**
 * Adds to the `pwa` namespace, in both languages, the strings of a module that loads later (a status page, My
 * Page's entry): they are not in the strings every page downloads (decision 201). The module carries them and
 * adds them before it renders, so no key shows untranslated; strings already there are kept.
 */
export function addPwaStrings(
  i18n: Pick<I18n, 'addResourceBundle'>,
  strings: Readonly<Record<Language, ResourceLanguage>>,
): void {
  for (const [language, resources] of Object.entries(strings)) {
    i18n.addResourceBundle(language, 'pwa', resources, true, false)
  }
}
