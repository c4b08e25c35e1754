import { coreResources, describeError, type ErrorMessageKey, supportedLanguages } from '@furfes/core'
import { useTranslation } from 'react-i18next'

/**
 * Messages of core's error catalogue (validation issues, API and Cognito errors) in the page's language. The
 * `errors` namespace is added on first use, so an app that never shows an error never carries its text.
 */
export function useErrorText() {
  const { i18n } = useTranslation()
  for (const language of supportedLanguages) {
    if (!i18n.hasResourceBundle(language, 'errors'))
      i18n.addResourceBundle(language, 'errors', coreResources[language].errors)
  }
  const { t } = useTranslation('errors')
  /** One message of the catalogue, translated. */
  const errorText = (key: ErrorMessageKey, values: Readonly<Record<string, string>> = {}) =>
    t(key, { ns: 'errors', ...values })
  /** Any thrown value, translated through the catalogue (unknown ones are the generic Unexpected error). */
  const describe = (error: unknown) => {
    const description = describeError(error)
    return errorText(description.key, description.values)
  }
  return { errorText, describe }
}
