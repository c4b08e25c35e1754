/*
 * What free text may contain (decision 015). Every text the API stores must be storable and must not change
 * how the text around it is shown; a badge name is also printed, so it may only hold what a printer can put
 * on paper. Lengths of names count what a person sees: grapheme clusters.
 */

/**
 * Characters no stored text may hold. NUL and lone surrogates cannot be stored by PostgreSQL at all (text
 * refuses 0x00, jsonb refuses both escapes), other C0/C1 controls have no glyph and break lines and CSV, and
 * bidi controls (embeddings, overrides, isolates and the marks) reorder whatever is shown after them, so a
 * name or link could pretend to be something else.
 */
const refusedEverywhere = /[\p{Cc}\p{Cs}\p{Bidi_Control}]/u

/**
 * What a printed badge also refuses: private-use characters and noncharacters (no printer font has them) and
 * invisible format characters, which would print as nothing. Kept are the joiners and selectors that build
 * what a person sees as one character: ZWJ/ZWNJ (emoji sequences, Indic and Persian scripts), variation
 * selectors (emoji presentation) and tag characters (subdivision flags).
 */
const refusedOnBadges =
  /(?!\u200C|\u200D|[\p{Variation_Selector}\u{E0020}-\u{E007F}])[\p{Co}\p{Noncharacter_Code_Point}\p{Default_Ignorable_Code_Point}]/u

/**
 * A character a person can see: not whitespace, not invisible (default-ignorable, controls, format
 * characters, the Hangul fillers), not a combining mark on its own, not the blank braille pattern.
 */
const visible = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{Cc}\p{Cf}\p{Cs}\u2800]/u

/**
 * The most code points one grapheme cluster may carry. The longest emoji sequences (a kiss with two skin
 * tones) are 10; more is a stack of combining marks that spills over the lines around it.
 */
export const maxCodePointsPerGrapheme = 10

let segmenter: Intl.Segmenter | undefined

/**
 * The grapheme clusters of a text (what a person counts as characters). A browser without Intl.Segmenter
 * gets code points: an emoji sequence then counts as several, so its form may refuse a name the API takes,
 * never the other way round.
 */
function graphemes(value: string): string[] {
  if (typeof Intl.Segmenter !== 'function') return Array.from(value)
  // Made on first use: pages that never validate a name do not pay for it while starting.
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  return Array.from(segmenter.segment(value), (segment) => segment.segment)
}

/** How many characters a person sees: 👨‍👩‍👧 (five code points) and が (か + ゛) count as one each. */
export function graphemeLength(value: string): number {
  return graphemes(value).length
}

/** A code point as people look it up: U+202E. */
export function codePointLabel(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
}

/** The first character no stored text may hold (NUL, a lone surrogate, a control, a bidi control). */
export function firstRefusedCharacter(value: string): string | undefined {
  return refusedEverywhere.exec(value)?.[0]
}

/**
 * The text without the characters no stored text may hold, cut to at most `maxLength` UTF-16 units without
 * splitting a surrogate pair: for text an app keeps on its own, which no person retypes after a refusal.
 */
export function storablePrefix(value: string, maxLength: number): string {
  let kept = ''
  for (const character of value) {
    if (firstRefusedCharacter(character) !== undefined) continue
    if (kept.length + character.length > maxLength) break
    kept += character
  }
  return kept
}

/** The first character a printed badge cannot hold: the ones refused everywhere, then unprintable ones. */
export function firstUnprintableCharacter(value: string): string | undefined {
  return firstRefusedCharacter(value) ?? refusedOnBadges.exec(value)?.[0]
}

/**
 * The first code point past `maxCodePointsPerGrapheme` in one grapheme cluster: the mark that makes a stack
 * too tall to print or show in a line.
 */
export function firstExcessCodePoint(value: string): string | undefined {
  for (const cluster of graphemes(value)) {
    const codePoints = Array.from(cluster)
    if (codePoints.length > maxCodePointsPerGrapheme) return codePoints[maxCodePointsPerGrapheme]
  }
  return undefined
}

/** Whether a person would see anything: zero-width and whitespace-only texts look empty. */
export function hasVisibleCharacter(value: string): boolean {
  return visible.test(value)
}
