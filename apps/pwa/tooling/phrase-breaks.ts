// Japanese headings, table headers and card titles break between phrases in every browser
// (docs/decisions/205-phrase-breaks-as-markup.md). BudouX finds the phrase boundaries when the pages are
// prerendered, and a <wbr> element marks each one in the Japanese HTML: markup, not characters, so the text every
// reader gets (textContent, copy and paste, the browser's find, the accessible name) stays as written. Nothing is
// added to the pages' JavaScript.
// BudouX and the festival's words it must not cut are shared with the browsers that lack `auto-phrase`
// (docs/decisions/212-phrase-breaks-in-other-browsers.md).
import { phraseBoundaries } from '@furfes/ui/phrase-boundaries'

const mark = '<wbr>'

/** `text` with a <wbr> at each phrase boundary. */
export function markPhrases(text: string): string {
  let marked = ''
  let from = 0
  for (const at of phraseBoundaries(text)) {
    marked += text.slice(from, at) + mark
    from = at
  }
  return marked + text.slice(from)
}

/**
 * A heading, table header or card title whose whole content is one text: `<h2 …>参加登録・お支払い</h2>`. React's
 * server output escapes `<` and `>` in text and attribute values, so a `<` always opens a tag and the text of a
 * match holds no markup. Only such elements are marked: React hydrates an element whose only child is a string by
 * comparing its whole textContent, which the <wbr> elements leave as written, so the browser adopts the marked
 * HTML without a mismatch. A text next to other children (a button's label beside its icon, a link's beside its
 * arrow) is compared node by node and would no longer match: those are left to the CSS (decision 190).
 */
const wholeText = /<(h[1-6]|th|span|div|p)((?:\s[^>]*)?)>([^<]+)<\/\1>/g
const cardTitle = /\sclass="[^"]*\bMuiCardHeader-title\b/

/**
 * The prerendered body of a Japanese page with BudouX's phrase boundaries marked in its headings, table headers
 * and card titles. Everything else (other elements, attributes, the head with the title and description) is
 * returned byte for byte.
 */
export function markPhrasesInHtml(html: string): string {
  return html.replace(wholeText, (element, name: string, attributes: string, text: string) => {
    const phrased = /^(h[1-6]|th)$/.test(name) || cardTitle.test(attributes)
    return phrased ? `<${name}${attributes}>${markPhrases(text)}</${name}>` : element
  })
}
