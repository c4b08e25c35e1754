/*
 * What free text may contain (decision 015). Every text the API stores must be storable and must not change
 * how the text around it is shown; a badge name is also printed, so it may only hold what a printer can put
 * on paper. Lengths of names count what a person sees: grapheme clusters.
 */

/**
 * Characters no stored text may hold. NUL and lone surrogates cannot be stored by PostgreSQL at all (text
 * refuses 0x00, jsonb refuses both escapes), other C0/C1 controls and the line and paragraph separators
 * (U+2028, U+2029) break lines and CSV, bidi controls (embeddings, overrides, isolates and the marks) reorder
 * whatever is shown after them, and the interlinear annotation characters (U+FFF9–U+FFFB) hide or show text
 * depending on the renderer, so a name or link could pretend to be something else.
 */
const refusedEverywhere = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Bidi_Control}\uFFF9-\uFFFB]/u

/**
 * What a printed badge also refuses: private-use characters and noncharacters (no printer font has them) and
 * invisible format characters, which would print as nothing. Kept are the joiners and selectors that build
 * what a person sees as one character, ZWJ/ZWNJ (emoji sequences, Indic and Persian scripts) and variation
 * selectors (emoji presentation, kanji variants), where `firstStrayJoiner` lets them stand. Tag characters
 * are kept only inside a subdivision flag (`subdivisionFlag`), so they are checked on the text without those.
 */
const refusedOnBadges =
  /(?!\u200C|\u200D|\p{Variation_Selector})[\p{Co}\p{Noncharacter_Code_Point}\p{Default_Ignorable_Code_Point}]/u

/**
 * A well-formed subdivision flag (🏴 then a region and subdivision code in tag letters and digits, then the
 * cancel tag), such as England's: the one emoji that needs tag characters. Any other tag is invisible.
 */
const subdivisionFlag =
  /\u{1F3F4}[\u{E0061}-\u{E007A}]{2}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,4}\u{E007F}/gu

const zeroWidthJoiner = '\u200D'
const zeroWidthNonJoiner = '\u200C'
const emojiPresentation = '\uFE0F'
const pictograph = /^\p{Extended_Pictographic}$/u
const emojiModifier = /^\p{Emoji_Modifier}$/u
const variationSelector = /^\p{Variation_Selector}$/u
/** What a variation selector may follow: a visible character, not a space, joiner or another selector. */
const selectable = /^[\p{L}\p{N}\p{S}\p{P}\p{M}]$/u
const letterOrMark = /^[\p{L}\p{M}]$/u
/**
 * Scripts whose letters take a joiner or non-joiner: Arabic-script joining (Persian's ZWNJ), Syriac, N'Ko,
 * Mongolian, and the Brahmic scripts whose conjuncts a ZWJ or ZWNJ after the virama shapes.
 */
const joiningScript =
  /^[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}]$/u

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

/** Texts segmented lately, by text: how many are kept before the memory starts again. */
const maxRememberedSegmentations = 256
const segmented = new Map<string, readonly string[]>()

/**
 * The grapheme clusters of a text (what a person counts as characters). A browser without Intl.Segmenter
 * gets code points: an emoji sequence then counts as several, so its form may refuse a name the API takes,
 * never the other way round.
 *
 * One request checks the same name several times (its length and its marks, in the wire shape and again in
 * the client shape), and segmentation is the costliest step of those checks in a registration rush
 * (docs/benchmarks.md), so recent answers are remembered.
 */
function graphemes(value: string): readonly string[] {
  if (typeof Intl.Segmenter !== 'function') return Array.from(value)
  const remembered = segmented.get(value)
  if (remembered !== undefined) return remembered
  if (segmented.size >= maxRememberedSegmentations) segmented.clear()
  // Made on first use: pages that never validate a name do not pay for it while starting.
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  const clusters = Array.from(segmenter.segment(value), (segment) => segment.segment)
  segmented.set(value, clusters)
  return clusters
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

/**
 * The first character a printed badge cannot hold: the ones refused everywhere, then unprintable ones (tag
 * characters included, unless they make a subdivision flag).
 */
export function firstUnprintableCharacter(value: string): string | undefined {
  return firstRefusedCharacter(value) ?? refusedOnBadges.exec(withoutSubdivisionFlags(value))?.[0]
}

function withoutSubdivisionFlags(value: string): string {
  return value.replace(subdivisionFlag, '\u{1F3F4}')
}

/** Whether a ZWJ after `previous` (and `beforePrevious`) ends an emoji that a ZWJ sequence may continue. */
function endsEmoji(previous: string | undefined, beforePrevious: string | undefined): boolean {
  if (previous === undefined) return false
  if (previous === emojiPresentation) return beforePrevious !== undefined && pictograph.test(beforePrevious)
  return pictograph.test(previous) || emojiModifier.test(previous)
}

/** Whether a joiner stands between two letters (or marks) of a script that uses it. */
function joinsLetters(previous: string | undefined, next: string | undefined): boolean {
  return (
    previous !== undefined &&
    next !== undefined &&
    letterOrMark.test(previous) &&
    !variationSelector.test(previous) &&
    joiningScript.test(previous) &&
    letterOrMark.test(next) &&
    !variationSelector.test(next)
  )
}

/**
 * The first joiner or variation selector that builds nothing a person sees, which a printed badge refuses
 * as a hiding place: a ZWJ other than between two emoji or inside a word of a joining script, a ZWNJ other
 * than inside such a word, and a variation selector other than one right after a visible character. Runs of
 * them are refused from the second on, and one at either end of the name too.
 */
export function firstStrayJoiner(value: string): string | undefined {
  const characters = Array.from(withoutSubdivisionFlags(value))
  for (const [index, character] of characters.entries()) {
    const previous = characters[index - 1]
    const next = characters[index + 1]
    const stands =
      character === zeroWidthJoiner
        ? (endsEmoji(previous, characters[index - 2]) && next !== undefined && pictograph.test(next)) ||
          joinsLetters(previous, next)
        : character === zeroWidthNonJoiner
          ? joinsLetters(previous, next)
          : !variationSelector.test(character) ||
            (previous !== undefined && selectable.test(previous) && !variationSelector.test(previous))
    if (!stands) return character
  }
  return undefined
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
