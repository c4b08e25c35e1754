// Japanese phrase breaks in the browsers without `word-break: auto-phrase` (Safari, Firefox), for the text React
// renders there (docs/decisions/212-phrase-breaks-in-other-browsers.md). BudouX's parser is a chunk of its own,
// loaded only by such a browser: Chromium breaks between the same phrases with the CSS of decision 190 and never
// fetches it.
import { type ReactNode, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'

let loaded: ((text: string) => ReactNode) | undefined
let loading = false
const listeners = new Set<() => void>()

/** Whether the browser lacks the CSS phrase rules. Where there is no CSS (the prerender), nothing is loaded. */
function lacksAutoPhrase(): boolean {
  return typeof CSS !== 'undefined' && !CSS.supports('word-break', 'auto-phrase')
}

/** Renders the listener's component again when the parser has loaded. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** As `subscribe`, and loads the parser the first time a Japanese text asks for it in such a browser. */
function subscribeAndLoad(listener: () => void): () => void {
  if (!loading && lacksAutoPhrase()) {
    loading = true
    // A chunk that fails to load is not caught here: it fails as every lazily loaded chunk does (the PWA loads
    // the page again, docs/requirements.md SITE-11; otherwise an unhandled rejection, which error reporting
    // catches), and the text keeps the CSS's `keep-all` meanwhile.
    void import('./phrase-marks.tsx').then((module) => {
      loaded = module.markPhrases
      for (const notify of listeners) notify()
    })
  }
  return subscribe(listener)
}

// Set only where the parser was loaded, which only a browser without `auto-phrase` does.
const current = () => loaded
// The prerendered HTML was made without the parser: hydration renders the plain text it holds (decision 203).
const none = () => undefined
const plain = (text: string): ReactNode => text

/**
 * `phrase(text)` for a heading's, button's, tab's, table header's or card title's text: in Japanese, once the
 * parser has loaded in a browser without `auto-phrase`, the text with a <wbr> element at each of BudouX's phrase
 * boundaries (elements React renders, not characters: the text reads as written); otherwise the text itself.
 * Give it to the element as its whole content, so that an element React adopts from prerendered HTML still has
 * one text (decision 205).
 */
export function usePhrases(): (text: string) => ReactNode {
  const { i18n } = useTranslation()
  const japanese = i18n.language === 'ja'
  // English screens neither load the parser nor mark anything.
  const phrases = useSyncExternalStore(japanese ? subscribeAndLoad : subscribe, current, none)
  return phrases && japanese ? phrases : plain
}
