import { isLanguage, type Language, supportedLanguages } from '@furfes/core'
import { type ComponentType, createElement, lazy, Suspense } from 'react'
import { Navigate, Route, Routes, useParams } from 'react-router'
import { accountPaths } from './account/account-routes.ts'
import { splitLanguagePath } from './language.ts'
import { LanguageLayout, ToCurrentLanguage } from './layout/LanguageLayout.tsx'
import { RouteErrorBoundary } from './layout/RouteErrorPage.tsx'
import { BareLayout, SiteLayout } from './layout/SiteLayout.tsx'
import { ToReception } from './layout/ToReception.tsx'
import { usePageTitle } from './layout/usePageTitle.ts'
import { type PageDefinition, type PageId, pageById, pageForPath, pages } from './pages.ts'

/** A lazily loaded component that renders at once, without suspending, when its module is already loaded. */
type PreloadableComponent = ComponentType & { preload: () => Promise<unknown> }

function preloadable(
  load: () => Promise<{ default: ComponentType }>,
  onLoadFailure: (error: unknown) => Promise<never>,
): PreloadableComponent {
  let loaded: ComponentType | undefined
  const preload = () =>
    load().then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => onLoadFailure(error),
    )
  const Lazy = lazy(preload)
  const Page = () => (loaded ? createElement(loaded) : <Lazy />)
  return Object.assign(Page, { preload })
}

export interface RouteOptions {
  /**
   * What happens when a lazily loaded page's script cannot be loaded: in the browser the page reloads with a
   * retry counter (docs/requirements.md SITE-11); elsewhere the error propagates to the error page.
   */
  onLoadFailure: (error: unknown) => Promise<never>
}

/** An unknown path under a language goes to that language's top page. */
function ToLanguageTop() {
  const { lang } = useParams()
  return <Navigate replace to={`/${isLanguage(lang) ? lang : ''}`} />
}

/** A page in each language: a page may load its copy in one language only (decision 194). */
type LocalizedComponents = Readonly<Record<Language, ComponentType>>

function PageRoute({ id, components }: { id: PageId; components: LocalizedComponents }) {
  usePageTitle(id)
  const { lang } = useParams()
  // LanguageLayout renders pages only under a supported language.
  const Component = components[isLanguage(lang) ? lang : 'ja']
  return (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  )
}

/**
 * The route table of the site: every page under /:lang, the status pages, and the entry to My Page (whose
 * pages have their own table). Declarative routes with lazily loaded pages: the data router would
 * cost the first load 18 KiB of gzip JS the public pages have no use for (docs/decisions/041).
 */
export function createAppRoutes(options: RouteOptions): {
  AppRoutes: ComponentType
  /** Loads the page an address shows, so a prerendered page hydrates in one pass without suspending. */
  preloadPage: (pathname: string) => Promise<unknown>
} {
  const components = new Map<PageId, Record<Language, PreloadableComponent>>(
    pages.map((page) => [
      page.id,
      Object.fromEntries(
        supportedLanguages.map((language) => [
          language,
          preloadable(() => page.load(language), options.onLoadFailure),
        ]),
      ) as Record<Language, PreloadableComponent>,
    ]),
  )
  const MyPageEntry = preloadable(() => import('./pages/MyPageEntry.tsx'), options.onLoadFailure)
  const accountPages = accountPaths.map((path) => {
    const Page = preloadable(
      () => import('./account/AccountPage.tsx').then((m) => ({ default: () => <m.default path={path} /> })),
      options.onLoadFailure,
    )
    return { path, Component: Page }
  })
  const element = (page: PageDefinition) => {
    const localized = components.get(page.id)
    if (!localized) throw new Error(`No component for ${page.id}`)
    return <PageRoute id={page.id} components={localized} />
  }
  const top = pageById('top')
  const sitePages = pages.filter((page) => page.chrome === 'site' && page.id !== 'top')
  const barePages = pages.filter((page) => page.chrome === 'bare')

  function AppRoutes() {
    return (
      <RouteErrorBoundary>
        <Routes>
          <Route index element={<ToCurrentLanguage />} />
          <Route path=":lang" element={<LanguageLayout />}>
            <Route element={<SiteLayout />}>
              <Route index element={element(top)} />
              <Route path="top" element={element(top)} />
              {sitePages.map((page) => (
                <Route key={page.id} path={page.path} element={element(page)} />
              ))}
              {accountPages.map(({ path, Component }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <Suspense fallback={null}>
                      <Component />
                    </Suspense>
                  }
                />
              ))}
              <Route
                path="mypage/*"
                element={
                  <Suspense fallback={null}>
                    <MyPageEntry />
                  </Suspense>
                }
              />
            </Route>
            <Route element={<BareLayout />}>
              {barePages.map((page) => (
                <Route key={page.id} path={page.path} element={element(page)} />
              ))}
            </Route>
            <Route path="admin-sign-in" element={<ToReception screen="admin-sign-in" />} />
            <Route path="admin/*" element={<ToReception screen="admin" />} />
            <Route path="*" element={<ToLanguageTop />} />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    )
  }

  const preloadPage = (pathname: string) => {
    const page = pageForPath(pathname)
    const language = splitLanguagePath(pathname).language
    return page && language
      ? (components.get(page.id)?.[language].preload() ?? Promise.resolve())
      : Promise.resolve()
  }
  return { AppRoutes, preloadPage }
}
