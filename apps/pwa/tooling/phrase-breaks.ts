// Japanese headings, table headers and card titles break between phrases in every browser
// (docs/decisions/205-phrase-breaks-as-markup.md). BudouX finds the phrase boundaries when the pages are
// prerendered, and a <wbr> element marks each one in the Japanese HTML: markup, not characters, so the text every
// reader gets (textContent, copy and paste, the browser's find, the accessible name) stays as written. Nothing is
// added to the pages' JavaScript.
import { loadDefaultJapaneseParser } from 'budoux'

const parser = loadDefaultJapaneseParser()
const mark = '<wbr>'
/** Kana, kanji, the iteration mark and full-width forms: a boundary only between two of these. */
const japanese = /[\u3005\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]/

/**
 * The festival's own words, which BudouX's model (trained on general text) cuts: 着ぐる / み, 部 / 活動. No boundary
 * is marked inside them.
 */
const wholeWords = ['着ぐるみ', '部活動']

/** Whether `at` falls inside one of the whole words where it occurs in `text`. */
function insideWholeWord(text: string, at: number): boolean {
  return wholeWords.some((word) => {
    for (let start = text.indexOf(word); start !== -1; start = text.indexOf(word, start + 1))
      if (start < at && at < start + word.length) return true
    return false
  })
}

/**
 * The positions in `text` where BudouX starts a new phrase, between two Japanese characters only: English,
 * numbers and HTML character references (`&amp;`) stay whole, and a space already lets a line break.
 */
export function phraseBoundaries(text: string): number[] {
  if (!japanese.test(text)) return []
  return parser
    .parseBoundaries(text)
    .filter(
      (at) =>
        japanese.test(text[at - 1] ?? '') && japanese.test(text[at] ?? '') && !insideWholeWord(text, at),
    )
}

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
