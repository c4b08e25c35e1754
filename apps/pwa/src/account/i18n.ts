import { coreResources, describeError, type ErrorMessageKey, supportedLanguages } from '@furfes/core'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import en from './locales/en/account.json'
import ja from './locales/ja/account.json'

const accountResources = { ja, en } as const

/**
 * The `account` namespace (account routes, My Page, the registration code) with core's `errors` and `domain`:
 * added when one of these pages renders, so their text never weighs on the public pages.
 */
export function useAccountTranslation() {
  const { i18n } = useTranslation()
  for (const language of supportedLanguages) {
    if (!i18n.hasResourceBundle(language, 'account'))
      i18n.addResourceBundle(language, 'account', accountResources[language])
    for (const namespace of ['errors', 'domain'] as const) {
      if (!i18n.hasResourceBundle(language, namespace))
        i18n.addResourceBundle(language, namespace, coreResources[language][namespace])
    }
  }
  const translation = useTranslation(['account', 'errors', 'domain'])
  const { t } = translation
  /** A message of the error catalogue (a validation issue, an API or Cognito error), translated. */
  const errorText = (key: ErrorMessageKey, values: Readonly<Record<string, string>> = {}) =>
    t(key, { ns: 'errors', ...values })
  /** Any thrown value, translated through the catalogue (unknown ones are the generic Unexpected error). */
  const describe = (error: unknown) => {
    const description = describeError(error)
    return errorText(description.key, description.values)
  }
  return { ...translation, errorText, describe }
}

/** `サインイン | 東京ふぁーりーフェス 2025`: titles stay Japanese whatever the page's language (docs/requirements.md SITE-3). */
export function useAccountTitle(key: keyof typeof ja.titles) {
  const { i18n } = useTranslation()
  useEffect(() => {
    const jaAccount = i18n.getFixedT('ja', 'account')
    const jaSite = i18n.getFixedT('ja', 'pwa')
    document.title = `${jaAccount(`titles.${key}`)} | ${jaSite('event.name')}`
  }, [i18n, key])
}
