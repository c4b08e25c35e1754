import { coreResources, supportedLanguages } from '@furfes/core'
import { useErrorText } from '@furfes/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useEditionPart } from '../app/useEdition.ts'
import { documentTitle } from '../layout/usePageTitle.ts'
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
    if (!i18n.hasResourceBundle(language, 'domain'))
      i18n.addResourceBundle(language, 'domain', coreResources[language].domain)
  }
  const errors = useErrorText()
  const translation = useTranslation(['account', 'errors', 'domain'])
  return { ...translation, ...errors }
}

/** `サインイン | 東京ふぁーりーフェス 2025`: titles stay Japanese whatever the page's language (docs/requirements.md SITE-3). */
export function useAccountTitle(key: keyof typeof ja.titles) {
  const { i18n } = useTranslation()
  const editionName = useEditionPart((state) => state.edition.name.ja)
  useEffect(() => {
    document.title = documentTitle(i18n.getFixedT('ja', 'account')(`titles.${key}`), editionName)
  }, [i18n, key, editionName])
}
