// Writes each public page's HTML for each language into dist/, after `vite build` (the client) and
// `vite build --ssr` (dist/server). A visitor's phone then paints the page from HTML and CSS alone; the
// scripts hydrate it afterwards. See docs/decisions/041-prerendered-public-pages.md.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { markPhrasesInHtml } from '../tooling/phrase-breaks.ts'

// React, MUI and Emotion pick their production builds from NODE_ENV when first imported: class names must be
// the ones the production client computes, or hydration would not adopt the server's styles.
process.env.NODE_ENV = 'production'

const dist = join(import.meta.dirname, '../dist')
const serverDir = join(dist, 'server')

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** What src/entry-server.tsx exports, as built into dist/server. */
interface ServerEntry {
  prerenderedPaths: readonly { path: string; pageId: string }[]
  prerender(
    path: string,
    origin?: string,
  ): Promise<{ language: string; title: string; description: string; head: string; body: string }>
  colorSchemeScript(): string
  siteTitle(pageTitle?: string): string
}

const server = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as ServerEntry
const template = readFileSync(join(dist, 'index.html'), 'utf8')
for (const marker of ['<html lang="ja">', '<div id="root"></div>', '</head>', '<title>']) {
  if (!template.includes(marker)) throw new Error(`dist/index.html lacks ${marker}`)
}
const manifestLink = /<link rel="manifest" href="\/manifest\.ja\.webmanifest"\s*\/?>/
if (!manifestLink.test(template)) throw new Error('dist/index.html lacks the manifest link')

// The site's public address, for the link cards' absolute addresses (docs/operations.md); optional.
const origin = process.env.SITE_ORIGIN ?? ''
if (origin && !/^https?:\/\/[^/]+\/?$/.test(origin))
  throw new Error(`SITE_ORIGIN is not an origin: ${origin}`)

for (const { path } of server.prerenderedPaths) {
  const page = await server.prerender(path, origin)
  const html = template
    .replace('<html lang="ja">', `<html lang="${page.language}">`)
    // Each language's pages offer the app in that language (docs/decisions/091).
    .replace(manifestLink, `<link rel="manifest" href="/manifest.${page.language}.webmanifest">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      '</head>',
      `<meta name="description" content="${escapeHtml(page.description)}">${page.head}</head>`,
    )
    // Japanese headings, table headers and card titles break between BudouX's phrases (decision 205); the
    // title and description above are left as written.
    .replace(
      '<div id="root"></div>',
      `<div id="root">${page.language === 'ja' ? markPhrasesInHtml(page.body) : page.body}</div>`,
    )
  const file = join(dist, `.${path}`, 'index.html')
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, html)
}

// Pages rendered in the browser (status pages, contact-us, unknown addresses) start from index.html: give it
// the colour-scheme script too, so a reader who chose dark never sees a light flash, and the site's title until
// the page sets its own.
writeFileSync(
  join(dist, 'index.html'),
  template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(server.siteTitle())}</title>`)
    .replace('</head>', `${server.colorSchemeScript()}</head>`),
)
// The offline page (public/offline.html) names its page; the edition's name is added to it here.
const offlinePage = join(dist, 'offline.html')
writeFileSync(
  offlinePage,
  readFileSync(offlinePage, 'utf8').replace(
    /<title>([^<]*)<\/title>/,
    (_, title: string) => `<title>${escapeHtml(server.siteTitle(title))}</title>`,
  ),
)
rmSync(serverDir, { recursive: true, force: true })
console.log(`Prerendered ${server.prerenderedPaths.length} pages`)
