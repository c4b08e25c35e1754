/*
 * Numbers as people type them. A Japanese keyboard in its usual mode types fullwidth digits (３０００), and
 * amounts are often written with thousands separators (3,000 or ３，０００); both are the number a person meant.
 * NFKC turns fullwidth digits, commas and the fullwidth minus into ASCII, the same folding e-mail addresses get
 * (decision 148).
 */

/** The text with fullwidth digits and signs made ASCII and the spaces around it removed. */
export function asciiDigits(text: string): string {
  return text.normalize('NFKC').trim()
}

/**
 * A typed number as plain ASCII: fullwidth digits made ASCII, and commas taken out only where they separate
 * thousands (`3,000`, not `30,00`). Any other text comes back folded, for the field's rule to name.
 */
export function foldTypedNumber(text: string): string {
  const folded = asciiDigits(text)
  return /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(folded) ? folded.replaceAll(',', '') : folded
}

/** The whole number a person typed, or undefined when the text is not one. */
export function readWholeNumber(text: string): number | undefined {
  const digits = foldTypedNumber(text)
  return /^-?\d+$/.test(digits) ? Number(digits) : undefined
}
