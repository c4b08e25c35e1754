import { defaultLanguage, isLanguage, type Language } from '@furfes/core'
import { useEffect, useLayoutEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router'
import { loadWithRetry } from '../app/load-failure.ts'
import { useServices } from '../app/services.tsx'
import { ensurePwaLanguage } from '../i18n.ts'
import {
  languageQueryKey,
  localizedPath,
  looksLikeLanguageTag,
  sameLocationIn,
  searchWithout,
  transientQueryKeys,
} from '../language.ts'

/**
 * Everything sits under /ja or /en (decision 040): the path's language drives the interface language; the
 * `lang` query key overrides it; a path without a supported language goes to the current language.
 */
export function LanguageLayout() {
  const { lang } = useParams()
  const location = useLocation()
  const navigate = useNavigate()
  const { i18n } = useTranslation()
  const language = isLanguage(lang) ? lang : undefined
  const query = new URLSearchParams(location.search)
  const override = query.get(languageQueryKey)
  const hasTransientKeys = transientQueryKeys.some((key) => query.has(key))

  useLayoutEffect(() => {
    if (!language) return
    document.documentElement.lang = language
    if (i18n.language === language) return
    let live = true
    // A language's strings load on the first switch to it (src/i18n.ts); a failed load retries the page.
    void loadWithRetry(() => ensurePwaLanguage(i18n, language)).then(() => {
      if (live) void i18n.changeLanguage(language)
    })
    return () => {
      live = false
    }
  }, [i18n, language])

  // The first navigation once the page has loaded removes transient keys, keeping history state and hash.
  useEffect(() => {
    if (!language || override !== null || !hasTransientKeys) return
    void navigate(
      {
        pathname: location.pathname,
        search: searchWithout(location.search, transientQueryKeys),
        hash: location.hash,
      },
      { replace: true, state: location.state },
    )
  }, [language, override, hasTransientKeys, navigate, location])

  if (!language) return <ToCurrentLanguage />
  if (override !== null) return <LanguageOverride requested={override} language={language} />
  // Render nothing for the one frame in which the language is being switched, so no text flashes in the other one.
  if (i18n.language !== language) return null
  return <Outlet />
}

/** `?lang=en` on a Japanese page: the same page in English, remembered as the reader's choice. */
function LanguageOverride({ requested, language }: { requested: string; language: Language }) {
  const location = useLocation()
  const services = useServices()
  const target = isLanguage(requested) ? requested : language
  useEffect(() => {
    if (isLanguage(requested)) services.rememberLanguage(requested)
  }, [requested, services])
  return <Navigate replace to={sameLocationIn(target, location)} state={location.state} />
}

/**
 * A path without a supported language: `/faq` → `/ja/faq`, `/fr/faq` → `/ja/faq`, `/` → `/ja`, in the
 * current language (the stored choice, else the browser's). Unknown pages then go to that language's top.
 */
export function ToCurrentLanguage() {
  const location = useLocation()
  const services = useServices()
  const [language, setLanguage] = useState<Language>()
  useEffect(() => {
    let live = true
    services.currentLanguage().then(
      (current) => live && setLanguage(current),
      () => live && setLanguage(defaultLanguage),
    )
    return () => {
      live = false
    }
  }, [services])
  if (!language) return null
  const segments = location.pathname.split('/').filter(Boolean)
  const [first = ''] = segments
  const page = (looksLikeLanguageTag(first) ? segments.slice(1) : segments).join('/')
  return (
    <Navigate
      replace
      to={`${localizedPath(language, page)}${location.search}${location.hash}`}
      state={location.state}
    />
  )
}
