// Japanese set between phrases, never inside a word (docs/decisions/190-japanese-phrase-breaks.md). BudouX
// finds the phrase boundaries when the site is built; a zero-width space marks each one in the page's Japanese
// copy, and the CSS of index.html lets headings, buttons, table headers and cards break only there.
import { basename } from 'node:path'
import { loadDefaultJapaneseParser } from 'budoux'
import type { Plugin } from 'vite'

const parser = loadDefaultJapaneseParser()
const boundary = '\u200B'
/** Letters of a word: a boundary only between two of these, so markup, links and placeholders stay whole. */
const japanese = /[\u3005\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]/

/** A string with a zero-width space at each phrase boundary BudouX finds between two Japanese characters. */
export function breakPhrases(text: string): string {
  if (!japanese.test(text)) return text
  const phrases = parser.parse(text)
  let result = phrases[0] ?? ''
  for (const phrase of phrases.slice(1)) {
    const before = result.at(-1) ?? ''
    result += japanese.test(before) && japanese.test(phrase[0] ?? '') ? `${boundary}${phrase}` : phrase
  }
  return result
}

/** Every string of a locale bundle, phrase-broken; keys and the bundle's shape unchanged. */
export function breakPhrasesIn(value: unknown): unknown {
  if (typeof value === 'string') return breakPhrases(value)
  if (Array.isArray(value)) return value.map(breakPhrasesIn)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, breakPhrasesIn(entry)]))
  return value
}

/**
 * The Japanese bundles of the site's pages and accounts, phrase-broken as they are built. The top page's own
 * bundles (the site's frame, the top page, the brand, the announcements) are left as written: the top page is
 * at its JavaScript budget (decision 041), and its headings break by the browser's own phrase rules or at
 * their spaces (the CSS of index.html). Page titles live in the frame's bundle, so no title carries a boundary.
 */
export function phraseBreaksPlugin(): Plugin {
  const unchanged = new Set(['pwa.json', 'top.json', 'brand.json', 'announcements.json'])
  return {
    name: 'furfes-phrase-breaks',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/(.+\/)?locales\/ja\/[^/]+\.json$/.test(id) || unchanged.has(basename(id))) return
      return { code: JSON.stringify(breakPhrasesIn(JSON.parse(code))), map: null }
    },
  }
}
