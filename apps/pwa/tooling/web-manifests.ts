// Build plugin: the web app manifest in each language (docs/decisions/091). Both describe the same app (one
// `id`), so installing from a Japanese or an English page gives one app that opens in the installer's language.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brandColors, type Edition } from '@furfes/core'
import { builtEdition } from './build-edition.ts'
import { type Language, languageFilesPlugin } from './language-files.ts'

/** The page background of the light scheme. */
const backgroundColor = '#ffffff'

const manifestHref = (language: Language) => `/manifest.${language}.webmanifest`

const iconFiles = {
  any192: '/icons/icon-192.png',
  any512: '/icons/icon-512.png',
  maskable192: '/icons/icon-maskable-192.png',
  maskable512: '/icons/icon-maskable-512.png',
} as const

interface ManifestCopy {
  event: { summary: string }
  install: { shortName: string }
}

/** The app is named after the edition the site is built with (docs/decisions/163-the-edition-names-the-sites.md). */
export function webManifest(language: Language, copy: ManifestCopy, edition: Edition) {
  return {
    id: '/',
    name: edition.name[language],
    short_name: copy.install.shortName,
    description: copy.event.summary,
    lang: language,
    dir: 'ltr',
    start_url: `/${language}`,
    scope: '/',
    display: 'standalone',
    theme_color: brandColors.primary,
    background_color: backgroundColor,
    icons: [
      { src: iconFiles.any192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: iconFiles.any512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: iconFiles.maskable192, sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: iconFiles.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  }
}

/**
 * The manifest's words, which the prerendered pages' description and the link cards also use: translations the
 * build reads, apart from the site's strings so the browser never downloads them (decision 200).
 */
export function readManifestCopy(root: string, language: Language): ManifestCopy {
  return JSON.parse(
    readFileSync(join(root, 'src/locales', language, 'manifest.json'), 'utf8'),
  ) as ManifestCopy
}

const manifestSource = (root: string, language: Language) =>
  `${JSON.stringify(webManifest(language, readManifestCopy(root, language), builtEdition), null, 2)}\n`

export function webManifestsPlugin(root: string) {
  return languageFilesPlugin({
    name: 'furfes-web-manifests',
    href: manifestHref,
    contentType: 'application/manifest+json; charset=utf-8',
    source: (language) => manifestSource(root, language),
  })
}
