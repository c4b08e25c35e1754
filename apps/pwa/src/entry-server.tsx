// Build-time rendering of the public pages (scripts/prerender.ts). Runs in Node from Vite's SSR build.

import { edition, judgedAt, phase, wireShape } from 'virtual:edition'

import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import createEmotionServer from '@emotion/server/create-instance'
import { isLanguage, type Language } from '@furfes/core'
import {
  colorSchemeAttribute,
  createErrorReporter,
  createNotificationQueue,
  themeModeStorageKey,
} from '@furfes/ui'
import InitColorSchemeScript from '@mui/material/InitColorSchemeScript'
import { renderToStaticMarkup } from 'react-dom/server'
import { prerender as prerenderToStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { App } from './App.tsx'
import { createEditionStore } from './app/edition.ts'
import { createFeatureFlagsStore } from './app/feature-flags.ts'
import type { AppServices } from './app/services.tsx'
import { createPwaI18n } from './i18n.ts'
import { englishStrings } from './i18n-english.ts'
import { japaneseStrings } from './i18n-japanese.ts'
import { documentTitle } from './layout/usePageTitle.ts'
import brandEn from './locales/en/brand.json'
import manifestEn from './locales/en/manifest.json'
import brandJa from './locales/ja/brand.json'
import manifestJa from './locales/ja/manifest.json'
import { openGraphTags } from './open-graph.ts'
import { pages } from './pages.ts'
import { createAppRoutes } from './routes.tsx'

const unavailable = () => Promise.reject(new Error('Not available while prerendering'))

/** Effects never run during rendering, so nothing here is called; it only satisfies the providers. */
function prerenderServices(language: Language): AppServices {
  return {
    config: unavailable,
    featureFlags: createFeatureFlagsStore(unavailable),
    // The pages are written with the edition the site is built with (tooling/build-edition.ts).
    edition: createEditionStore({
      built: { edition, phase, judgedAt },
      fetchAnswer: unavailable,
      wireShape,
      clock: () => judgedAt,
      report() {},
    }),
    fetchPublic: unavailable,
    publicUrl: unavailable,
    clock: () => judgedAt,
    account: unavailable,
    notifications: createNotificationQueue(),
    errors: createErrorReporter(),
    currentLanguage: () => Promise.resolve(language),
    rememberLanguage() {},
    replaceLocation() {},
  }
}

export interface PrerenderedPage {
  /** The address, e.g. /en/faq. */
  path: string
  language: Language
  /** The page's Japanese title, for <title>. */
  title: string
  /** One line about the site in the page's language, for <meta name="description">. */
  description: string
  /** Style tags, the link card's meta tags and the colour-scheme script, for <head>. */
  head: string
  /** The markup inside #root. */
  body: string
}

/**
 * The Japanese title of a page the browser renders from index.html or of the offline page (`オフライン`), or the
 * site's own when there is none: the built edition's name, as prerendered pages have it.
 */
export function siteTitle(pageTitle?: string): string {
  return pageTitle === undefined ? edition.name.ja : documentTitle(pageTitle, edition.name.ja)
}

/** Every prerendered address: each public page in each language. */
export const prerenderedPaths: readonly { path: string; pageId: (typeof pages)[number]['id'] }[] = pages
  .filter((page) => page.prerender)
  .flatMap((page) =>
    (['ja', 'en'] as const).map((language) => ({
      path: page.path ? `/${language}/${page.path}` : `/${language}`,
      pageId: page.id,
    })),
  )

/** The script that puts `class="dark"` on <html> before the first paint when the reader chose it. */
export function colorSchemeScript(): string {
  return renderToStaticMarkup(
    <InitColorSchemeScript
      attribute={colorSchemeAttribute}
      defaultMode="system"
      modeStorageKey={themeModeStorageKey}
    />,
  )
}

const { AppRoutes } = createAppRoutes({ onLoadFailure: (error) => Promise.reject(error) })

/**
 * @param origin The site's address (`SITE_ORIGIN` at build time), for the link card's absolute addresses.
 */
export async function prerender(path: string, origin = ''): Promise<PrerenderedPage> {
  const entry = prerenderedPaths.find((candidate) => candidate.path === path)
  const language = path.split('/')[1]
  if (!entry || !isLanguage(language)) throw new Error(`${path} is not a prerendered page`)
  const i18n = createPwaI18n(language, { ja: japaneseStrings, en: englishStrings })
  // The client's default Emotion cache uses the key `css`; the same key lets it adopt these styles.
  const cache = createCache({ key: 'css' })
  const emotion = createEmotionServer(cache)
  // `prerender` waits for every lazily loaded page, so the HTML holds the whole page, not a fallback.
  const { prelude } = await prerenderToStream(
    <CacheProvider value={cache}>
      <App i18n={i18n} services={prerenderServices(language)}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </App>
    </CacheProvider>,
    {
      // Every boundary inline, in document order. React otherwise outlines a boundary larger than this many
      // bytes (default 12,800) into a hidden element that an inline script moves into place later, throttled
      // for view transitions: the first paint then showed an empty page whose footer jumped down once the
      // content arrived (a layout shift of 0.87 on /ja in about four loads out of ten on a slow phone).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        throw error
      },
    },
  )
  const body = await new Response(prelude).text()
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body))
  const t = i18n.getFixedT(language, 'pwa')
  const description = (language === 'ja' ? manifestJa : manifestEn).event.summary
  // The site is named after the edition it is built with (docs/decisions/163-the-edition-names-the-sites.md).
  const name = edition.name[language]
  i18n.addResourceBundle(language, 'brand', language === 'ja' ? brandJa : brandEn)
  // A shared link's card speaks the page's language: its own title and its language's image.
  const card = openGraphTags(
    {
      path,
      language,
      title: entry.pageId === 'top' ? name : documentTitle(t(`pages.${entry.pageId}.title`), name),
      description,
      siteName: name,
      imageAlt: i18n.getFixedT(language, 'brand')('cardAlt', { name }),
    },
    origin,
  )
  return {
    path,
    language,
    title: documentTitle(i18n.getFixedT('ja', 'pwa')(`pages.${entry.pageId}.title`), edition.name.ja),
    description,
    head: `${styles}${card}${colorSchemeScript()}`,
    body,
  }
}
