// Build plugin: the web app manifest in each language (docs/decisions/091). Both describe the same app (one
// `id`), so installing from a Japanese or an English page gives one app that opens in the installer's language.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

const languages = ['ja', 'en'] as const
type Language = (typeof languages)[number]

/** The brand pink of the theme (packages/ui) and the page background of the light scheme. */
const themeColor = '#d63384'
const backgroundColor = '#ffffff'

const manifestHref = (language: Language) => `/manifest.${language}.webmanifest`

const iconFiles = {
  any192: '/icons/icon-192.png',
  any512: '/icons/icon-512.png',
  maskable192: '/icons/icon-maskable-192.png',
  maskable512: '/icons/icon-maskable-512.png',
} as const

interface ManifestCopy {
  event: { name: string; summary: string }
  install: { shortName: string }
}

export function webManifest(language: Language, copy: ManifestCopy) {
  return {
    id: '/',
    name: copy.event.name,
    short_name: copy.install.shortName,
    description: copy.event.summary,
    lang: language,
    dir: 'ltr',
    start_url: `/${language}`,
    scope: '/',
    display: 'standalone',
    theme_color: themeColor,
    background_color: backgroundColor,
    icons: [
      { src: iconFiles.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: iconFiles.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: iconFiles.maskable192, sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: iconFiles.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  }
}

/** The manifest's words come from the site's own translations (src/locales/<language>/pwa.json). */
export function readManifestCopy(root: string, language: Language): ManifestCopy {
  return JSON.parse(readFileSync(join(root, 'src/locales', language, 'pwa.json'), 'utf8')) as ManifestCopy
}

const manifestSource = (root: string, language: Language) =>
  `${JSON.stringify(webManifest(language, readManifestCopy(root, language)), null, 2)}\n`

export function webManifestsPlugin(root: string): Plugin {
  return {
    name: 'furfes-web-manifests',
    // `vite` (development) serves them from memory, so the link in index.html resolves there too.
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const language = languages.find((candidate) => request.url === manifestHref(candidate))
        if (!language) return next()
        response.setHeader('content-type', 'application/manifest+json; charset=utf-8')
        response.end(manifestSource(root, language))
      })
    },
    generateBundle() {
      if (this.environment.name !== 'client') return
      for (const language of languages) {
        this.emitFile({
          type: 'asset',
          fileName: manifestHref(language).slice(1),
          source: manifestSource(root, language),
        })
      }
    },
  }
}
