// The link card a shared address shows (Open Graph and X's card), written into each prerendered page's <head>
// (src/entry-server.tsx) and drawn by scripts/generate-brand-images.ts (docs/decisions/127).

/** One card per language, 1200×630 (the size Facebook, X, LINE and Slack all crop least). */
export const openGraphImage = {
  width: 1200,
  height: 630,
  path: (language: string) => `/og/card-${language}.png`,
} as const

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export interface OpenGraphPage {
  /** The page's address, e.g. /en/faq. */
  path: string
  language: 'ja' | 'en'
  /** The page's title in its own language. */
  title: string
  description: string
  siteName: string
  /** The card's text alternative. */
  imageAlt: string
}

/**
 * The meta tags of one page. Crawlers want absolute addresses: with the site's origin known at build time
 * (`SITE_ORIGIN`, docs/operations.md) they are absolute, otherwise root-relative, which browsers and most
 * crawlers resolve against the page.
 */
export function openGraphTags(page: OpenGraphPage, origin = ''): string {
  const base = origin.replace(/\/+$/, '')
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', page.siteName],
    ['property', 'og:title', page.title],
    ['property', 'og:description', page.description],
    ['property', 'og:url', `${base}${page.path}`],
    ['property', 'og:locale', page.language === 'ja' ? 'ja_JP' : 'en_US'],
    ['property', 'og:locale:alternate', page.language === 'ja' ? 'en_US' : 'ja_JP'],
    ['property', 'og:image', `${base}${openGraphImage.path(page.language)}`],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(openGraphImage.width)],
    ['property', 'og:image:height', String(openGraphImage.height)],
    ['property', 'og:image:alt', page.imageAlt],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', page.title],
    ['name', 'twitter:description', page.description],
    ['name', 'twitter:image', `${base}${openGraphImage.path(page.language)}`],
    ['name', 'twitter:image:alt', page.imageAlt],
  ]
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`)
    .join('')
}
