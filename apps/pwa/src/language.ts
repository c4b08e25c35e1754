import { isLanguage, type Language } from '@furfes/core'
import { preloadRetryQueryKey } from '@furfes/ui'

/** The query key that overrides the path's language (`/ja/faq?lang=en` shows `/en/faq`). */
export const languageQueryKey = 'lang'

/**
 * Query keys that only matter to the page they arrive with: the preload retry counter. The app removes them
 * from the address with its first navigation, once the page has loaded, so a bookmark or a shared link never
 * carries them.
 */
export const transientQueryKeys: readonly string[] = [preloadRetryQueryKey]

/** `/ja/faq` → { language: 'ja', rest: 'faq' }; `/faq` → { language: undefined, rest: 'faq' }. */
export function splitLanguagePath(pathname: string): {
  language: Language | undefined
  first: string
  rest: string
} {
  const [first = '', ...others] = pathname.replace(/^\/+/, '').split('/')
  return isLanguage(first)
    ? { language: first, first, rest: others.join('/') }
    : { language: undefined, first, rest: [first, ...others].filter(Boolean).join('/') }
}

/** The path of a page in a language: `localizedPath('en', 'faq')` → `/en/faq`; the top page is `/en`. */
export function localizedPath(language: Language, page = ''): string {
  const trimmed = page.replace(/^\/+|\/+$/g, '')
  return trimmed ? `/${language}/${trimmed}` : `/${language}`
}

/** The search string without the given keys, with its `?` (or empty). */
export function searchWithout(search: string, keys: readonly string[]): string {
  const params = new URLSearchParams(search)
  for (const key of keys) params.delete(key)
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}

/**
 * The same page in another language (the language switch): the path after the language, the query (less the
 * language override and the transient keys) and the fragment are kept.
 */
export function sameLocationIn(
  language: Language,
  location: { pathname: string; search: string; hash: string },
): string {
  const { rest } = splitLanguagePath(location.pathname)
  return `${localizedPath(language, rest)}${searchWithout(location.search, [languageQueryKey, ...transientQueryKeys])}${location.hash}`
}

/**
 * A first path segment that looks like a two-letter language tag (`fr`, `zh-TW`): the prefix of an unsupported
 * language, dropped when redirecting. Page paths are longer words, so `/faq` keeps its `faq`.
 */
export function looksLikeLanguageTag(segment: string): boolean {
  return /^[a-z]{2}(-[a-z0-9]{2,8})?$/i.test(segment)
}
