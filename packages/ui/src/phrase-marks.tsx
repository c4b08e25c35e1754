// The part of `usePhrases` (./phrasing.tsx) that only a browser without `auto-phrase` needs, in the parser's
// chunk (docs/decisions/212-phrase-breaks-in-other-browsers.md).
import type { ReactNode } from 'react'
import { phrases } from './phrase-boundaries.ts'

/** `text` with a <wbr> element at each of its phrase boundaries; the text itself where it has none. */
export function markPhrases(text: string): ReactNode {
  const pieces = phrases(text)
  if (pieces.length === 1) return text
  // A text's pieces keep their order, so the index names each mark.
  return pieces.flatMap((piece, index) => (index === 0 ? [piece] : [<wbr key={index} />, piece]))
}
