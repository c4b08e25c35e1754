// BudouX's Japanese phrase boundaries (docs/decisions/205-phrase-breaks-as-markup.md,
// docs/decisions/212-phrase-breaks-in-other-browsers.md). One module for both uses: the PWA's prerender marks the
// Japanese HTML with it at build time, and a browser without `word-break: auto-phrase` loads it as a chunk of its
// own (`usePhrases` in ./phrasing.tsx) for the text React renders there. Only the parser and the Japanese model are
// imported, not BudouX's HTML processor (which brings a DOM for Node).
import { jaModel, Parser } from 'budoux'

const parser = new Parser(jaModel)
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

/** `text` cut at its phrase boundaries: one piece for a text with none. */
export function phrases(text: string): string[] {
  const pieces: string[] = []
  let from = 0
  for (const at of phraseBoundaries(text)) {
    pieces.push(text.slice(from, at))
    from = at
  }
  pieces.push(text.slice(from))
  return pieces
}
