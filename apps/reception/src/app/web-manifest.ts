import { brandColors, type Edition } from '@furfes/core'

/**
 * The staff app's name: reception of the edition the app is built with, in Japanese like every page title
 * (docs/decisions/163-the-edition-names-the-sites.md). It is the document title and the installed app's name.
 */
export function receptionTitle(edition: Pick<Edition, 'name'>): string {
  return `受付 | ${edition.name.ja}`
}

/** The web app manifest (vite.config.ts): installed once per tablet, it opens on the scanner. */
export function receptionManifest(edition: Pick<Edition, 'name'>) {
  return {
    name: receptionTitle(edition),
    short_name: '受付',
    description: '受付コードの読み取りとチェックイン / Registration-code scanning and check-in',
    lang: 'ja',
    start_url: '/ja/admin/scan',
    scope: '/',
    display: 'standalone' as const,
    orientation: 'landscape' as const,
    theme_color: brandColors.primary,
    background_color: '#ffffff',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  }
}
