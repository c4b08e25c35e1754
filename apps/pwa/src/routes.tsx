import { supportedLanguages } from '@furfes/ui'
import { useLayoutEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, type RouteObject, useParams } from 'react-router'
import { TopPage } from './pages/TopPage.tsx'

/** Everything sits under /ja or /en; the path's language drives the interface language. */
function LanguageLayout() {
  const { lang } = useParams()
  const { i18n } = useTranslation()
  const language = supportedLanguages.find((candidate) => candidate === lang)
  useLayoutEffect(() => {
    if (!language) return
    document.documentElement.lang = language
    if (i18n.language !== language) void i18n.changeLanguage(language)
  }, [i18n, language])
  if (!language) return <Navigate to="/ja" replace />
  // Render nothing for the one frame in which the language is being switched, so no text flashes in the other one.
  if (i18n.language !== language) return null
  return <Outlet />
}

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/ja" replace /> },
  {
    path: '/:lang',
    element: <LanguageLayout />,
    children: [
      { index: true, element: <TopPage /> },
      { path: '*', element: <Navigate to=".." replace /> },
    ],
  },
]
