import { defaultLanguage, isLanguage } from '@furfes/core'
import { useLayoutEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation, useParams } from 'react-router'

/** Routes sit under /ja or /en, as in the PWA (docs/requirements.md SITE-1); the path's language is the interface's. */
export function LanguageLayout() {
  const { lang } = useParams()
  const location = useLocation()
  const { i18n } = useTranslation()
  const language = isLanguage(lang) ? lang : undefined

  useLayoutEffect(() => {
    if (!language) return
    document.documentElement.lang = language
    if (i18n.language !== language) void i18n.changeLanguage(language)
  }, [i18n, language])

  if (!language) {
    const rest = location.pathname.split('/').slice(2).join('/')
    return <Navigate replace to={`/${defaultLanguage}/${rest || 'admin'}`} />
  }
  if (i18n.language !== language) return null
  return <Outlet />
}
