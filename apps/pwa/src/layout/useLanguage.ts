import { isLanguage, type Language } from '@furfes/core'
import { useParams } from 'react-router'

/** The language of the address; every page sits under /ja or /en. */
export function useLanguage(): Language {
  const { lang } = useParams()
  if (!isLanguage(lang)) throw new Error(`Not under a language prefix: ${lang}`)
  return lang
}
